// The formatters are made once per language and options (src/lib/intl.ts): what a visitor reads must still follow
// a change of language at once, and two option sets must never share a formatter.
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/lib/i18n';
import { formatDate, formatNumber } from '../../../src/lib/intl';

afterEach(() => i18n.activate('en'));

/** The language switched, as the app does; no words are needed here, only the language. */
const switchTo = (locale: 'es' | 'ar' | 'en'): void => {
  i18n.load(locale, {});
  i18n.activate(locale);
};

describe('formatNumber / formatDate', () => {
  it('follow a change of language at once, and back', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    switchTo('es');
    expect(formatNumber(1234.5)).toBe('1234,5'); // Spanish groups only from five digits
    expect(formatNumber(12345.5)).toBe('12.345,5');
    switchTo('ar');
    expect(formatNumber(7)).toBe(new Intl.NumberFormat('ar').format(7));
    switchTo('en');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it('keep each set of options apart', () => {
    expect(formatNumber(2026, { useGrouping: false })).toBe('2026');
    expect(formatNumber(2026)).toBe('2,026');
    expect(formatNumber(0.125, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('12.5%');
    expect(formatNumber(2026, { useGrouping: false })).toBe('2026');
  });

  it('make one formatter per language and options, however often a screen formats', () => {
    const Real = Intl.NumberFormat;
    let made = 0;
    // Counts every formatter made (a spy on the constructor would not hand back a working formatter).
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    try {
      for (let i = 0; i < 50; i++) expect(formatNumber(i + 0.5, { maximumFractionDigits: 3 })).toBe(`${i}.5`);
      expect(made).toBe(1);
      switchTo('es');
      for (let i = 0; i < 50; i++) formatNumber(i + 0.5, { maximumFractionDigits: 3 });
      expect(made).toBe(2);
    } finally {
      Intl.NumberFormat = Real;
    }
  });

  it('write small and ungrouped whole numbers exactly as Intl does, in every language', () => {
    for (const locale of ['en', 'es', 'ar'] as const) {
      switchTo(locale);
      const tag = locale === 'en' ? 'en-US' : locale;
      for (const n of [0, 1, 7, 42, 999, 1000, 1001, 2026, 12345, 1234567, 2.5, -3]) {
        expect(formatNumber(n)).toBe(new Intl.NumberFormat(tag).format(n));
        expect(formatNumber(n, { useGrouping: false })).toBe(new Intl.NumberFormat(tag, { useGrouping: false }).format(n));
        expect(formatNumber(n, { maximumFractionDigits: 0 })).toBe(new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(n));
      }
    }
  });

  it('format dates in the current language with their options', () => {
    const at = Date.UTC(2026, 10, 28, 15, 30);
    expect(formatDate(at, { timeZone: 'UTC', weekday: 'short', hour: 'numeric', minute: '2-digit' })).toBe('Sat 3:30 PM');
    expect(formatDate(at, { timeZone: 'UTC', month: 'long' })).toBe('November');
    switchTo('es');
    expect(formatDate(at, { timeZone: 'UTC', month: 'long' })).toBe('noviembre');
  });
});
