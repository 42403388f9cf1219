// The app's languages as plain values, with no runtime behind them: src/lib/i18n.ts (Lingui, React) re-exports
// them, and the pre-React ballot (src/features/polls/ballotIsland.ts), which must stay a few kilobytes, picks the
// visitor's language with src/lib/locale.ts, which imports only this.
export const LOCALES = ['en', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** A check-only language (long, accented strings) for layout tests; never offered in the app. */
export type AnyLocale = Locale | 'pseudo';

/** Where the visitor's choice of language is kept on the device. */
export const STORAGE_KEY = 'town-square.locale';

/** Reading direction of a language. */
export const directionOf = (locale: AnyLocale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

export const isLocale = (value: unknown): value is AnyLocale => value === 'pseudo' || LOCALES.includes(value as Locale);
