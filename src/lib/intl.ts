// Numbers, dates and mixed-direction text in the current language (issue #22). Apart from src/lib/i18n.ts, whose
// exports the entry chunk carries: only screens use these.
import { currentLocale, type AnyLocale, type Locale } from './i18n';

/** Each language named in itself: the switch is read by people who do not read the current language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

/** The BCP 47 tag Intl formats with: English as en-US, exactly as before there were other languages. */
export const intlTag = (locale: AnyLocale = currentLocale()): string => (locale === 'en' || locale === 'pseudo' ? 'en-US' : locale);

// One formatter per language and options, made on first use: making an Intl formatter costs far more than using
// one, and screens format at every render (a list's counts, the carousel's labels). A handful of option sets
// exist in the app, so the maps stay small.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter<F>(cache: Map<string, F>, make: (tag: string) => F, options: object | undefined): F {
  const tag = intlTag();
  const key = options ? `${tag} ${JSON.stringify(options)}` : tag;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make(tag)));
  return f;
}

/**
 * Whether Intl would write `value` as its plain decimal digits: a whole number below 1000 (no grouping yet), or any
 * whole number with grouping off, in a language written with Latin digits. Such numbers skip the formatter: the
 * first Intl.NumberFormat a page makes loads the number data, 40-130 ms of one task in a profile of the landing's
 * first visit (its carousel labels slides "1 of 4"), for digits that need no formatting. tests/unit/lib/intl.test.ts
 * checks the shortcut against Intl itself.
 */
const plainDigits = (value: number, options?: Intl.NumberFormatOptions): boolean =>
  Number.isSafeInteger(value) &&
  value >= 0 &&
  currentLocale() !== 'ar' &&
  (options === undefined ? value < 1000 : Object.keys(options).length === 1 && options.useGrouping === false);

/** A number in the current language's digits and separators. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  plainDigits(value, options) ? String(value) : formatter(numberFormats, (tag) => new Intl.NumberFormat(tag, options), options).format(value);

/** A date in the current language. */
export const formatDate = (value: Date | number, options?: Intl.DateTimeFormatOptions): string =>
  formatter(dateFormats, (tag) => new Intl.DateTimeFormat(tag, options), options).format(value);

/**
 * Text that may run in the other direction inside a sentence (an English name, an e-mail, a URL, a poll title in
 * Arabic), isolated with Unicode's first-strong isolate so it neither takes on nor scrambles the sentence's
 * direction. For attributes and plain strings; in markup, wrap it in <bdi> instead. In English it is left as it
 * is: English strings stay exactly what they were (the spec's texts, and the names tests and screen readers
 * match), and an English sentence around a name has no direction to protect.
 */
export const isolate = (text: string): string => (currentLocale() === 'en' ? text : `\u2068${text}\u2069`);
