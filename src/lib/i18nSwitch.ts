// Switching language (issue #22), a chunk of its own: the entry chunk carries only English and Lingui's runtime.
import type { Messages } from '@lingui/core';
import { directionOf, i18n, STORAGE_KEY, type AnyLocale } from './i18n';

/** Catalogs of the other languages, one chunk per namespace, fetched only when that language is chosen. */
const catalogs = import.meta.glob<{ default: Messages }>(['../locales/es/*.json', '../locales/ar/*.json']);

const loaded = new Set<AnyLocale>(['en']);

async function load(locale: AnyLocale): Promise<void> {
  if (loaded.has(locale)) return;
  if (locale === 'pseudo') {
    const { pseudoMessages } = await import('./pseudoLocale');
    i18n.load('pseudo', pseudoMessages());
  } else {
    const parts = Object.entries(catalogs).filter(([path]) => path.includes(`/locales/${locale}/`));
    const modules = await Promise.all(parts.map(([, importer]) => importer()));
    for (const mod of modules) i18n.load(locale, mod.default);
  }
  loaded.add(locale);
}

function apply(locale: AnyLocale): void {
  const html = document.documentElement;
  html.lang = locale === 'pseudo' ? 'en' : locale === 'en' ? 'en' : locale;
  html.dir = directionOf(locale);
}

/**
 * Switches the whole app to `locale` without a reload: loads its catalogs (from the service worker's cache when
 * offline), then every component that translates re-renders. `remember` saves the choice for later visits.
 */
export async function setLocale(locale: AnyLocale, remember = true): Promise<void> {
  await load(locale);
  apply(locale);
  i18n.activate(locale);
  if (!remember) return;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not saved: this visit still switches
  }
}


