// An award ballot's words in Spanish and Arabic (issue #57): read from the poll document, shown in the visitor's
// language where written and in English (marked) where not; written by the console's form in the shape the rules take.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { db } from '../../../src/db';
import { refreshAwardPolls } from '../../../src/features/polls/data';
import { encodePollTexts, inLanguage, parsePollTexts } from '../../../src/features/polls/awardModel';
import { draftOf, hasErrors, i18nOf, recordOf, validateDraft, type PollDraft } from '../../../src/features/organiser/form';

const questions = [
  { id: 'designer', question: 'Designer of the Year', options: ['Ada', 'Bo'] },
  { id: 'menswear', question: 'Best Menswear', options: ['Cy', 'Di'] },
];
// As a voter's device holds them, and as the poll document stores them (one text a language: the title's line, then
// one line a category).
const texts = { es: { title: 'Moda', questions: ['Diseñador del año', ''] }, ar: { title: '', questions: ['مصمم العام', 'أفضل أزياء رجالية'] } };
const stored = { es: 'Moda\nDiseñador del año\n', ar: '\nمصمم العام\nأفضل أزياء رجالية' };
const poll = { id: 'fashion', title: 'Fashion', questions, i18n: texts };

describe('reading a poll document', () => {
  it('keeps each well-formed language, leaves out each malformed one, never throws', () => {
    expect(encodePollTexts(texts)).toEqual(stored);
    expect(parsePollTexts(stored, 2)).toEqual(texts);
    expect(parsePollTexts(stored, 3)).toBeUndefined(); // one line a category, or nothing
    expect(parsePollTexts({ es: stored.es, ar: 7 }, 2)).toEqual({ es: texts.es });
    expect(parsePollTexts({ fr: stored.es }, 2)).toBeUndefined();
    expect(parsePollTexts({ es: '\n\n' }, 2)).toBeUndefined(); // nothing written
    expect(encodePollTexts({ es: { title: ' ', questions: ['', ''] } })).toBeUndefined();
    expect(parsePollTexts({ es: `${'x'.repeat(151)}\n\n` }, 2)).toBeUndefined();
    expect(parsePollTexts({ es: texts.es }, 2)).toBeUndefined(); // the device's shape is not the stored one
    fc.assert(fc.property(fc.anything(), fc.integer({ min: 0, max: 25 }), (raw, n) => {
      const out = parsePollTexts(raw, n);
      // Whatever arrives, what is kept has the poll's shape.
      for (const texts of Object.values(out ?? {})) expect(texts.questions).toHaveLength(n);
    }));
  });

  it('refreshAwardPolls stores them with the poll', async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    expect(await refreshAwardPolls(async () => [{ ...poll, i18n: stored }, { id: 'bad', title: 'Bad', questions, i18n: { es: 'x\nonly one' } }], 9e12)).toBe(true);
    expect((await db.polls.get('fashion'))?.i18n).toEqual(texts);
    expect(await db.polls.get('bad')).not.toHaveProperty('i18n');
  });
});

describe('what a voter reads', () => {
  it('English: the poll as the organisers wrote it, unmarked', () => {
    expect(inLanguage(poll, 'en')).toBe(poll);
  });
  it('Spanish: the words written in Spanish; the English of the others, marked lang="en"', () => {
    const es = inLanguage(poll, 'es');
    expect([es.title, es.titleLang]).toEqual(['Moda', undefined]);
    expect(es.questions.map((q) => [q.question, q.lang])).toEqual([['Diseñador del año', undefined], ['Best Menswear', 'en']]);
    // Nominees are names and answers are keyed by category id: both untouched.
    expect(es.questions.map((q) => [q.id, q.options])).toEqual(questions.map((q) => [q.id, q.options]));
  });
  it('Arabic: an empty title is the English title, marked', () => {
    const ar = inLanguage(poll, 'ar');
    expect([ar.title, ar.titleLang]).toEqual(['Fashion', 'en']);
    expect(ar.questions.map((q) => q.lang)).toEqual([undefined, undefined]);
  });
  it('a poll with no translations reads English, marked, in both other languages', () => {
    const { i18n: _none, ...plain } = poll;
    for (const locale of ['es', 'ar'] as const) {
      const shown = inLanguage(plain, locale);
      expect(shown.titleLang).toBe('en');
      expect(shown.questions.every((q) => q.lang === 'en')).toBe(true);
    }
  });
});

describe('the console form', () => {
  const draft = (over: Partial<PollDraft> = {}): PollDraft => ({
    id: 'fashion', isNew: false, title: 'Fashion', questions: questions.map((q) => ({ ...q, options: [...q.options] })), voting: 'open', deviceLimit: '1', ...over,
  });

  it('a saved poll opens with its words and saves them back unchanged', () => {
    const d = draftOf({ ...poll, i18n: stored, opensAt: null, closesAt: null });
    expect(d.local).toEqual({ es: 'Moda', ar: '' });
    expect(d.questions.map((q) => q.local)).toEqual([{ es: 'Diseñador del año', ar: 'مصمم العام' }, { es: '', ar: 'أفضل أزياء رجالية' }]);
    expect(recordOf(d, []).i18n).toEqual(stored);
  });

  it('nothing typed: no i18n at all; one language typed: only that one, one entry a category, in the draft\'s order', () => {
    expect(i18nOf(draft())).toBeUndefined();
    expect(recordOf(draft(), [])).not.toHaveProperty('i18n');
    const d = draft({ questions: [{ ...questions[1]!, local: { ar: '  أفضل\nأزياء  ' } }, { ...questions[0]! }] });
    expect(i18nOf(d)).toEqual({ ar: { title: '', questions: ['أفضل أزياء', ''] } });
  });

  it('a category removed takes its words with it (the list never runs one entry long)', () => {
    const d = draftOf({ ...poll, i18n: stored, opensAt: null, closesAt: null });
    const fewer = { ...d, questions: d.questions.slice(1) };
    expect(recordOf(fewer, []).i18n).toEqual({ es: 'Moda\n', ar: '\nأفضل أزياء رجالية' });
  });

  it('optional, but held to the English limits: too long is an error, with the language', () => {
    const e = validateDraft(draft({ local: { ar: 'ت'.repeat(151) }, questions: [{ ...questions[0]!, local: { es: 'x'.repeat(301) } }] }));
    expect(e.titleLocal).toEqual({ ar: { code: 'tooLong', max: 150 } });
    expect(e.byCategory[0]?.questionLocal).toEqual({ es: { code: 'tooLong', max: 300 } });
    expect(hasErrors(e)).toBe(true);
    expect(hasErrors(validateDraft(draft({ local: { ar: 'ت'.repeat(150) } })))).toBe(false);
  });

  it('whatever is typed, what the form saves is what a ballot reads back (generated drafts)', () => {
    const text = fc.string({ maxLength: 20 });
    fc.assert(fc.property(fc.array(fc.record({ es: text, ar: text }), { minLength: 1, maxLength: 20 }), fc.record({ es: text, ar: text }), (cats, title) => {
      const d = draft({ local: title, questions: cats.map((local, i) => ({ id: `c${i}`, question: `Category ${i}`, options: ['A', 'B'], local })) });
      // Typed → saved (the stored text) → read by a ballot: the same words, each on its own line, none lost or shifted.
      const read = parsePollTexts(recordOf(d, []).i18n, cats.length);
      const expected = i18nOf(d);
      expect(read).toEqual(expected === undefined ? undefined : Object.fromEntries(Object.entries(expected).filter(([, t]) => t.title.trim() !== '' || t.questions.some((q) => q.trim() !== ''))));
    }));
  });
});
