// The app's languages (issue #22): Lingui's runtime formats ICU MessageFormat messages that build/catalogs.ts
// compiled at build time. English is split by namespace and travels with the code that shows it (each
// feature's `t.ts` binds its own catalog), so the English entry carries only the strings of the screens in it.
// Spanish and Arabic are loaded only when chosen — all of one language's namespaces at once, so a language,
// once chosen, works offline on every screen.
import { setupI18n, type Messages } from '@lingui/core';
import { Fragment, createElement, useSyncExternalStore, type ReactNode } from 'react';

export const LOCALES = ['en', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** A check-only language (long, accented strings) for layout tests; never offered in the app. */
export type AnyLocale = Locale | 'pseudo';

/** Each language named in itself: the switch is read by people who do not read the current language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

export const STORAGE_KEY = 'town-square.locale';

export const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** Registers a namespace's English messages (each feature's `t.ts`) and returns its typed translate functions. */
export function bindCatalog<C extends Record<string, string>>(english: C) {
  i18n.load('en', english as unknown as Messages);
  type Id = keyof C & string;
  /** The message `id` in the current language (English where a catalog lacks it; the checks forbid that). */
  const t = (id: Id, values?: Record<string, unknown>): string => i18n._(id, values);
  /**
   * A message with elements inside it (a link, a bold name): each `{name}` placeholder whose name is a key of
   * `nodes` becomes that element, where the translation puts it.
   */
  const tNodes = (id: Id, nodes: Record<string, ReactNode>, values?: Record<string, unknown>): ReactNode => {
    const marked = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`]));
    const parts = t(id, { ...values, ...marked }).split('\u0000');
    // Odd parts are placeholder names (the text between two markers).
    return createElement(Fragment, null, ...parts.map((part, i) => (i % 2 === 1 ? createElement(Fragment, { key: i }, nodes[part]) : part)));
  };
  /** `t` and `tNodes`, with a re-render of the calling component whenever the language changes. */
  const useT = (): typeof t => {
    useLocale();
    return t;
  };
  return { t, tNodes, useT };
}

const subscribe = (onChange: () => void): (() => void) => i18n.on('change', onChange);
const current = (): AnyLocale => i18n.locale as AnyLocale;

/** The current language; re-renders the caller when it changes. */
export function useLocale(): AnyLocale {
  return useSyncExternalStore(subscribe, current, () => 'en');
}

export const currentLocale = current;

/** Reading direction of a language. */
export const directionOf = (locale: AnyLocale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

/** The BCP 47 tag Intl formats with ('pseudo' formats as English). */
export const intlTag = (locale: AnyLocale = current()): string => (locale === 'pseudo' ? 'en-US' : locale === 'en' ? 'en-US' : locale);

export const isLocale = (value: unknown): value is AnyLocale => value === 'pseudo' || LOCALES.includes(value as Locale);

function saved(): AnyLocale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null; // storage blocked (private mode settings): the browser's language decides each visit
  }
}

/** The browser's first preferred language that the app has, else English. */
export function browserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (LOCALES.includes(base as Locale)) return base as Locale;
  }
  return 'en';
}

/** The language this visit starts in: the one chosen before, else the browser's (when the app has it). */
export const startingLocale = (): AnyLocale => saved() ?? browserLocale();

/**
 * Before the first render: the language this visit starts in. English needs nothing loaded; another language
 * loads its catalogs first (lib/i18nSwitch.ts, out of the entry chunk — as is everything only another language needs).
 */
export function initLocale(): Promise<void> {
  const locale = startingLocale();
  if (locale === 'en') return Promise.resolve();
  return import('./i18nSwitch')
    .then((m) => m.setLocale(locale, false))
    .catch(() => {
      // its catalog could not load (a first visit that lost the network): English rather than nothing
    });
}

/** A number in the current language's digits and separators. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string => new Intl.NumberFormat(intlTag(), options).format(value);

/** A date in the current language. */
export const formatDate = (value: Date | number, options?: Intl.DateTimeFormatOptions): string => new Intl.DateTimeFormat(intlTag(), options).format(value);

/**
 * Text of the other direction inside a sentence (an English name, an e-mail, a URL in Arabic) isolated with
 * Unicode's first-strong isolate, so it neither takes on nor scrambles the sentence's direction. For attributes
 * and plain strings; in markup, wrap it in <bdi> instead.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
