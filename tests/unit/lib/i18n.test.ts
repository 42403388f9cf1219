import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, isValidElement, type ReactElement } from 'react';
import { bindCatalog, i18n } from '../../../src/lib/i18n';
import { formatDate, formatNumber, isolate } from '../../../src/lib/intl';
import { withNodes } from '../../../src/lib/richText';
import { browserLocale } from '../../../src/lib/locale';
import { pseudoMessages } from '../../../src/lib/pseudoLocale';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compile } from '../../../build/catalogs';
import type { Messages } from '@lingui/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(import.meta.dirname, '../../../src/locales');

// A namespace as build/catalogs.ts hands it to the app: compiled at build time.
const compiled = (messages: Record<string, string>) => Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compile(v)]));
const english = { 'test.votes': '{count, plural, one {# person voted} other {# people voted}}', 'test.hello': 'Hello {name}', 'test.link': 'Read the {link} first.' };
const { t } = bindCatalog({ offset: 0, messages: compiled(english) } as unknown as typeof english);
const tNodes = withNodes(t);

afterEach(() => i18n.activate('en'));

describe('messages', () => {
  it('formats English plurals and numbers as English always has', () => {
    expect(t('test.votes', { count: 1 })).toBe('1 person voted');
    expect(t('test.votes', { count: 1200 })).toBe('1,200 people voted');
    expect(formatNumber(1200)).toBe('1,200');
    expect(formatDate(Date.UTC(2026, 3, 6), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).toBe('Apr 6, 2026');
  });

  it('picks each of Arabic’s six plural forms, with numbers as Intl writes them in Arabic', () => {
    i18n.load('ar', compiled({ 'test.votes': '{count, plural, zero {لم يصوّت أحد} one {صوّت شخص واحد} two {صوّت شخصان} few {صوّت # أشخاص} many {صوّت # شخصًا} other {صوّت # شخص}}' }));
    i18n.activate('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => t('test.votes', { count }))).toEqual([
      'لم يصوّت أحد',
      'صوّت شخص واحد',
      'صوّت شخصان',
      `صوّت ${formatNumber(3)} أشخاص`,
      `صوّت ${formatNumber(11)} شخصًا`,
      `صوّت ${formatNumber(100)} شخص`,
    ]);
    // The digits are Intl's choice for 'ar' (Latin in current CLDR); the sign and its marks are Arabic's.
    expect(formatNumber(0.5, { style: 'percent' })).toBe(new Intl.NumberFormat('ar', { style: 'percent' }).format(0.5));
    expect(formatNumber(0.5, { style: 'percent' })).not.toBe('50%');
  });

  it('puts elements where the translation puts the placeholder', () => {
    i18n.load('es', compiled({ 'test.link': 'Lee primero la {link}.' }));
    i18n.activate('es');
    const node = tNodes('test.link', { link: createElement('a', { href: '/terms' }, 'guía') }) as ReactElement<{ children: unknown[] }>;
    const parts = node.props.children;
    expect(parts[0]).toBe('Lee primero la ');
    expect(isValidElement(parts[1])).toBe(true);
    expect(parts[2]).toBe('.');
  });

  it('isolates text of the other direction in another language, and leaves English strings as they were', () => {
    expect(isolate('rowan@example.com')).toBe('rowan@example.com');
    i18n.load('ar', {});
    i18n.activate('ar');
    expect(isolate('rowan@example.com')).toBe('\u2068rowan@example.com\u2069');
  });
});

describe('the language a visit starts in', () => {
  it('follows the first browser language the app has, else English', () => {
    expect(browserLocale(['ar-LB', 'en-US'])).toBe('ar');
    expect(browserLocale(['fr-FR', 'es-MX'])).toBe('es');
    expect(browserLocale(['de-DE'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});

/** Every argument a compiled message reads, and whether it is a plural's count. */
function argsOf(compiled: unknown, found = new Map<string, boolean>()): Map<string, boolean> {
  if (!Array.isArray(compiled)) return found;
  for (const part of compiled as unknown[]) {
    if (!Array.isArray(part)) continue;
    const [name, type, branches] = part as [string, string | undefined, Record<string, unknown> | undefined];
    found.set(name, found.get(name) === true || type === 'plural' || type === 'selectordinal');
    for (const branch of Object.values(branches ?? {})) argsOf(branch, found);
  }
  return found;
}

describe("a plural's count", () => {
  it('is written without making an Intl.NumberFormat for small whole numbers', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect([0, 1, 2, 999].map((count) => t('test.votes', { count }))).toEqual(['0 people voted', '1 person voted', '2 people voted', '999 people voted']);
      expect(t('test.votes', { count: '7' })).toBe('7 people voted'); // a count passed as text, as Lingui allows
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(t('test.votes', { count: 1200 })).toBe('1,200 people voted');
  });

  it("reads as Lingui's own plurals in every message of every language", () => {
    const counts = [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 21, 22, 100, 101, 102, 1000, 1200, 1.5, '7', '0'];
    let plurals = 0;
    for (const locale of ['en', 'es', 'ar'] as const) {
      const dir = path.join(LOCALES, locale);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const messages = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
        for (const [id, message] of Object.entries(messages)) {
          const theirs = compileMessage(message);
          const args = argsOf(theirs);
          if (![...args.values()].some(Boolean)) continue;
          plurals++;
          i18n.load(locale, { [id]: compile(message), [`theirs:${id}`]: theirs });
          i18n.activate(locale);
          for (const count of counts) {
            const values = Object.fromEntries([...args].map(([name, isCount]) => [name, isCount ? count : 'x']));
            expect(t(id as keyof typeof english, values), `${locale} ${id} ${count}`).toBe(i18n._(`theirs:${id}`, values));
          }
        }
      }
    }
    expect(plurals).toBeGreaterThan(40); // the catalogs' plurals, in three languages
  });

  it('compiles to selects on the values i18n.ts adds, leaving a # outside a plural as text; an offset is refused', () => {
    expect(compile('{n, plural, one {# a} other {# b}}')).toEqual([['n~', 'select', { one: [['n#'], ' a'], other: [['n#'], ' b'] }]]);
    expect(compile('{n, plural, =0 {none} other {# b}}')).toEqual([['n=', 'select', { 0: ['none'], other: [['n~', 'select', { other: [['n#'], ' b'] }]] }]]);
    expect(compile('{n, selectordinal, one {#st} other {#th}}')).toEqual([['n~o', 'select', { one: [['n#'], 'st'], other: [['n#'], 'th'] }]]);
    expect(compile('{k, select, x {{n, plural, other {# {k, select, y {#} other {z}}}}} other {#}}')).toEqual([
      ['k', 'select', { x: [['n~', 'select', { other: [['n#'], ' ', ['k', 'select', { y: ['#'], other: ['z'] }]] }]], other: ['#'] }],
    ]);
    expect(compile('Hello {name}')).toEqual(compileMessage('Hello {name}'));
    expect(() => compile('{n, plural, offset:1 one {# a} other {# b}}')).toThrow(/offset/);
  });
});

describe('pseudo-locale', () => {
  it('accents and lengthens every message but keeps placeholders and plural marks', async () => {
    const app = (await import('../../../src/locales/en/app.json')).default as unknown as { offset: number; messages: Messages };
    const messages = pseudoMessages(app.messages);
    expect(Object.keys(messages)).toEqual(Object.keys(app.messages));
    const skip = messages['app.skip'];
    expect(Array.isArray(skip) ? skip.join('') : skip).toBe('Skíp tö çöñtéñt ~~~~ ~~');
    // The plural's selector, its cases and the count mark stay; only the words around them change.
    const votes = pseudoMessages(compiled(english) as Messages)['test.votes'] as unknown[];
    expect(votes[0]).toEqual(['count~', 'select', { one: [['count#'], expect.stringMatching(/^ pérsöñ vötéd ~+/)], other: [['count#'], expect.stringMatching(/^ péöplé vötéd ~+/)] }]);
    i18n.load('pseudo', pseudoMessages(compiled(english) as Messages));
    i18n.activate('pseudo');
    expect(t('test.votes', { count: 3 })).toMatch(/^3 péöplé vötéd ~+/);
  });
});
