// The officials' texts in Spanish and Arabic (issue #57): every official of every built-in pack has them, each
// translation is of the English the pack holds now (its `of` stamp), says the same numbers, and a screen falls
// back to the English the moment the English changes.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { PACK_NAMES, type PackName } from '../../../src/data/loader';
import { englishFingerprint, loadPackTexts, translatedFields, TRANSLATED_FIELDS, type TextLanguage } from '../../../src/data/localTexts';

type Entry = Record<string, unknown> & { id: string };
const english = (pack: PackName): Entry[] =>
  (JSON.parse(readFileSync(new URL(`../../../src/data/packs/${pack}.json`, import.meta.url), 'utf8')) as { entries: Entry[] }).entries;
const translations = (lang: TextLanguage, pack: PackName): { pack: string; lang: string; entries: Record<string, Record<string, string>> } =>
  JSON.parse(readFileSync(new URL(`../../../src/data/packs/i18n/${lang}/${pack}.json`, import.meta.url), 'utf8'));

const numbersOf = (s: string): string[] => (s.match(/\d+/g) ?? []).sort();
const LANGS: readonly TextLanguage[] = ['es', 'ar'];

describe('officials in Spanish and Arabic', () => {
  it('the fingerprint tells English texts apart (one changed letter, one field moved to another)', () => {
    const e = english('executive')[0]!;
    expect(englishFingerprint('executive', { ...e, lgd1: `${String(e.lgd1)}.` })).not.toBe(englishFingerprint('executive', e));
    expect(englishFingerprint('executive', { ...e, lgd1: e.lgd2, lgd2: e.lgd1 })).not.toBe(englishFingerprint('executive', e));
  });

  for (const lang of LANGS) {
    for (const pack of PACK_NAMES) {
      it(`${lang}/${pack}: every official, every text, stamped with today's English`, () => {
        const file = translations(lang, pack);
        expect([file.pack, file.lang]).toEqual([pack, lang]);
        const people = english(pack);
        expect(Object.keys(file.entries).sort()).toEqual(people.map((p) => p.id).sort());
        for (const person of people) {
          const local = file.entries[person.id]!;
          const fields = (TRANSLATED_FIELDS[pack] as readonly string[]).filter((f) => typeof person[f] === 'string' && person[f] !== '');
          expect(Object.keys(local).sort(), `${person.id}: the translated fields`).toEqual(['of', ...fields].sort());
          expect(local.of, `${person.id} is translated from an English text the pack no longer holds: translate again, then node scripts/stamp-translations.mjs`).toBe(englishFingerprint(pack, person));
          for (const f of fields) {
            const text = local[f]!;
            expect(text.trim(), `${person.id}.${f}`).not.toBe('');
            expect(text, `${person.id}.${f} is still the English`).not.toBe(person[f]);
            // The same facts: every year, day and ordinal of the English, and no other (Western digits in both).
            expect(numbersOf(text), `${person.id}.${f}: the numbers`).toEqual(numbersOf(person[f] as string));
            if (lang === 'ar') {
              expect(text, `${person.id}.${f}`).not.toMatch(/[\u0660-\u0669]/);
              // A range of years with an en dash reads backwards in right-to-left text ("2021–2017"): the dash is a
              // neutral character that splits the numbers; a hyphen joins them into one left-to-right run.
              expect(text, `${person.id}.${f}: a range of numbers with an en dash`).not.toMatch(/\d\s*–\s*\d/);
              const letters = text.replace(/[^\p{L}]/gu, '');
              const arabic = text.replace(/[^\u0600-\u06FF]/g, '');
              expect(arabic.length / letters.length, `${person.id}.${f} is mostly Arabic script`).toBeGreaterThan(0.8);
            }
          }
        }
      });
    }
  }

  it('a screen gets the translation while the English is the one translated, and the English once it changes', async () => {
    const president = english('executive').find((e) => e.id === 'president')!;
    const texts = await loadPackTexts('es', 'executive');
    const fresh = translatedFields('executive', texts, president);
    expect(fresh?.lgd1).toBe(translations('es', 'executive').entries.president!.lgd1);
    expect(fresh).not.toHaveProperty('of');
    // A correction published after this build (src/features/civic/published.ts) changes the English: no translation.
    expect(translatedFields('executive', texts, { ...president, lgd1: 'Corrected text.' })).toBeUndefined();
    // Someone not in the file (a new governor) has none; nor does anyone when the file is missing.
    expect(translatedFields('governors', await loadPackTexts('ar', 'governors'), { id: 'atlantis', about: 'x' })).toBeUndefined();
    expect(translatedFields('executive', undefined, president)).toBeUndefined();
  });

  it('a field the English entry does not have is never shown from the translation', () => {
    const vp = english('executive').find((e) => e.id === 'vice-president')!;
    const { lgd3: _dropped, ...withoutLgd3 } = vp;
    const texts = { 'vice-president': { of: englishFingerprint('executive', withoutLgd3), lgd1: 'uno', lgd3: 'tres' } };
    expect(translatedFields('executive', texts, withoutLgd3)).toEqual({ lgd1: 'uno' });
  });
});
