// Numbers in a given language, for src/lib/intl.ts (the current language, for screens) and src/lib/i18n.ts (a
// plural's count). A module of its own, importing no language state: i18n.ts and intl.ts would otherwise import
// each other, and in the build's server render that cycle ran a catalog's binding before i18n.ts had set up.
import type { AnyLocale } from './locales';

/** The BCP 47 tag Intl formats with: English as en-US, exactly as before there were other languages. */
export const tagOf = (locale: AnyLocale): string => (locale === 'en' || locale === 'pseudo' ? 'en-US' : locale);

// One formatter per language and options, made on first use: making an Intl formatter costs far more than using
// one, and screens format at every render (a list's counts, the carousel's labels). A handful of option sets
// exist in the app, so the maps stay small.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The formatter of `cache` for `locale` and `options`, made by `make` the first time. */
export function cachedFormatter<F>(cache: Map<string, F>, locale: AnyLocale, make: (tag: string) => F, options: object | undefined): F {
  const tag = tagOf(locale);
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
const plainDigits = (locale: AnyLocale, value: number, options?: Intl.NumberFormatOptions): boolean =>
  Number.isSafeInteger(value) &&
  value >= 0 &&
  locale !== 'ar' &&
  (options === undefined ? value < 1000 : Object.keys(options).length === 1 && options.useGrouping === false);

/** A number in `locale`'s digits and separators. */
export const formatNumberIn = (locale: AnyLocale, value: number, options?: Intl.NumberFormatOptions): string =>
  plainDigits(locale, value, options) ? String(value) : cachedFormatter(numberFormats, locale, (tag) => new Intl.NumberFormat(tag, options), options).format(value);
