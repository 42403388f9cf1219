// Switching language (issue #22), a chunk of its own: the entry chunk carries only English and Lingui's runtime.
import type { Messages } from '@lingui/core';
import { directionOf, hooks, i18n, namespaces, STORAGE_KEY, type AnyLocale, type Namespace } from './i18n';

/**
 * Every namespace of one other language, in one chunk (build/catalogs.ts), fetched only when that language is
 * chosen; the service worker precaches both, so a switch works offline too.
 */
type Chunk = () => Promise<{ default: Messages[string][] }>;
const catalogs: Record<Exclude<AnyLocale, 'en' | 'pseudo'>, Chunk> = {
  es: () => import('virtual:town-square-catalog/es'),
  ar: () => import('virtual:town-square-catalog/ar'),
};
/** The namespaces with a chunk of their own per language (build/catalogs.ts OWN_CHUNK), fetched when they bind. */
const ownCatalogs: Record<Exclude<AnyLocale, 'en' | 'pseudo'>, Record<string, Chunk>> = {
  es: { organiser: () => import('virtual:town-square-catalog/es/organiser'), assistant: () => import('virtual:town-square-catalog/es/assistant') },
  ar: { organiser: () => import('virtual:town-square-catalog/ar/organiser'), assistant: () => import('virtual:town-square-catalog/ar/assistant') },
};

/** Other languages loaded so far, each as what gives a bound namespace its messages in that language. */
const languages = new Map<string, (ns: Namespace) => Messages | Promise<Messages>>();

/** A namespace's messages of a loaded language, by id: its English catalog gives the ids and where they start. */
function slice(values: readonly Messages[string][], ns: Namespace): Messages {
  const out: Messages = {};
  Object.keys(ns.messages).forEach((id, i) => {
    const message = values[ns.offset + i];
    if (message !== undefined) out[id] = message;
  });
  return out;
}

/**
 * A loaded language, matched to every namespace bound so far, and to each one bound later (before it renders: a
 * namespace with a chunk of its own waits for it, src/lib/i18n.ts `ready`).
 */
async function addLanguage(locale: string, messagesOf: (ns: Namespace) => Messages | Promise<Messages>): Promise<void> {
  languages.set(locale, messagesOf);
  const all: Messages = {};
  for (const ns of namespaces) Object.assign(all, await messagesOf(ns));
  i18n.load(locale, all);
  hooks.onBind = async (ns) => {
    for (const [other, of] of languages) i18n.load(other, await of(ns));
  };
}

async function load(locale: AnyLocale): Promise<void> {
  if (locale === 'en' || languages.has(locale)) return;
  if (locale === 'pseudo') {
    const { pseudoMessages } = await import('./pseudoLocale');
    await addLanguage('pseudo', (ns) => pseudoMessages(ns.messages));
  } else {
    const values = (await catalogs[locale]()).default;
    const own = ownCatalogs[locale];
    await addLanguage(locale, async (ns) => {
      const chunk = ns.own ? own[ns.own] : undefined;
      return chunk ? slice((await chunk()).default, ns) : slice(values, ns);
    });
  }
}

function apply(locale: AnyLocale): void {
  const html = document.documentElement;
  html.lang = locale === 'pseudo' ? 'en' : locale;
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
  tellWorker(locale);
  if (!remember) return;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not saved: this visit still switches
  }
}

/**
 * Another language's messages for a render with no document (the build's server render, src/app/server.tsx):
 * loaded and made current, nothing on the page or the device touched. `setLocale('en')`'s i18n part to return.
 */
export async function activateForRender(locale: AnyLocale): Promise<void> {
  await load(locale);
  i18n.activate(locale);
}

/**
 * The service worker serves a visitor in another language the app's shell rather than the English prerendered
 * pages (sw/sw.ts, "The visitor's language"). Also sent at every registration (src/app/swRegistration.ts).
 */
function tellWorker(locale: AnyLocale): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'LOCALE', locale }));
}
