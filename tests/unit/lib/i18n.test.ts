import { afterEach, describe, expect, it } from 'vitest';
import { createElement, isValidElement, type ReactElement } from 'react';
import { bindCatalog, i18n } from '../../../src/lib/i18n';
import { formatDate, formatNumber, isolate } from '../../../src/lib/intl';
import { withNodes } from '../../../src/lib/richText';
import { browserLocale } from '../../../src/lib/locale';
import { pseudoMessages } from '../../../src/lib/pseudoLocale';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

// A namespace as build/catalogs.ts hands it to the app: compiled at build time.
const compiled = (messages: Record<string, string>) => Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v)]));
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

describe('pseudo-locale', () => {
  it('accents and lengthens every message but keeps placeholders and plural marks', async () => {
    const app = (await import('../../../src/locales/en/app.json')).default as unknown as { offset: number; messages: Messages };
    const messages = pseudoMessages(app.messages);
    expect(Object.keys(messages)).toEqual(Object.keys(app.messages));
    const skip = messages['app.skip'];
    expect(Array.isArray(skip) ? skip.join('') : skip).toBe('Skíp tö çöñtéñt ~~~~ ~~');
    // The plural's selector, its cases and the count mark stay; only the words around them change.
    const votes = pseudoMessages(compiled(english) as Messages)['test.votes'] as unknown[];
    expect(votes[0]).toEqual(['count', 'plural', { one: ['#', expect.stringMatching(/^ pérsöñ vötéd ~+/)], other: ['#', expect.stringMatching(/^ péöplé vötéd ~+/)] }]);
  });
});
