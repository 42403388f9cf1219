// Numbers, dates and mixed-direction text in the current language (issue #22). Apart from src/lib/i18n.ts, whose
// exports the entry chunk carries: only screens use these.
import { currentLocale, type AnyLocale, type Locale } from './i18n';
import { cachedFormatter, formatNumberIn, tagOf } from './numbers';

/** Each language named in itself: the switch is read by people who do not read the current language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

/** The BCP 47 tag Intl formats with (src/lib/numbers.ts). */
export const intlTag = (locale: AnyLocale = currentLocale()): string => tagOf(locale);

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A number in the current language's digits and separators. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string => formatNumberIn(currentLocale(), value, options);

/** A date in the current language. */
export const formatDate = (value: Date | number, options?: Intl.DateTimeFormatOptions): string =>
  cachedFormatter(dateFormats, currentLocale(), (tag) => new Intl.DateTimeFormat(tag, options), options).format(value);

/**
 * Text that may run in the other direction inside a sentence (an English name, an e-mail, a URL, a poll title in
 * Arabic), isolated with Unicode's first-strong isolate so it neither takes on nor scrambles the sentence's
 * direction. For attributes and plain strings; in markup, wrap it in <bdi> instead. In English it is left as it
 * is: English strings stay exactly what they were (the spec's texts, and the names tests and screen readers
 * match), and an English sentence around a name has no direction to protect.
 */
export const isolate = (text: string): string => (currentLocale() === 'en' ? text : `\u2068${text}\u2069`);
