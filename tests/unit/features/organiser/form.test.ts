import { describe, expect, it } from 'vitest';
import { draftOf, droppedNominees, emptyDraft, hasErrors, move, pollIdFromTitle, recordOf, validateDraft, type PollDraft } from '../../../../src/features/organiser/form';

const fixed = () => 0.5; // 'i' from the 36 characters

const draft = (over: Partial<PollDraft> = {}): PollDraft => ({
  id: '', isNew: true, title: 'Fashion Night', questions: [{ id: 'q1', question: 'Best look', options: ['Ada', 'Bo'] }], voting: 'open', deviceLimit: '1', ...over,
});

describe('poll ids', () => {
  it('is the title as a slug plus a short random suffix', () => {
    expect(pollIdFromTitle('Detroit Fashion Choice Awards 2026', fixed)).toBe('detroit-fashion-choice-awards-2026-iiiii');
    expect(pollIdFromTitle('  Élan & Style!  ', fixed)).toBe('elan-style-iiiii');
    expect(pollIdFromTitle('جوائز الموضة', fixed)).toBe('poll-iiiii');
    expect(pollIdFromTitle('x'.repeat(200), fixed)).toBe(`${'x'.repeat(40)}-iiiii`);
  });
  it('differs between two polls of the same title', () => {
    expect(pollIdFromTitle('Same')).not.toBe(pollIdFromTitle('Same'));
  });
});

describe('validateDraft', () => {
  it('accepts a poll within every limit', () => {
    expect(hasErrors(validateDraft(draft()))).toBe(false);
  });
  it('requires a title of at most 150 characters', () => {
    expect(validateDraft(draft({ title: '   ' })).title).toEqual({ code: 'required' });
    expect(validateDraft(draft({ title: 'x'.repeat(151) })).title).toEqual({ code: 'tooLong', max: 150 });
    expect(validateDraft(draft({ title: 'x'.repeat(150) })).title).toBeUndefined();
  });
  it('needs 1 to 20 categories, each named in at most 300 characters', () => {
    expect(validateDraft(draft({ questions: [] })).categories?.code).toBe('tooFew');
    const q = (i: number) => ({ id: `q${i}`, question: `C${i}`, options: ['A', 'B'] });
    expect(validateDraft(draft({ questions: Array.from({ length: 21 }, (_, i) => q(i)) })).categories?.code).toBe('tooMany');
    expect(hasErrors(validateDraft(draft({ questions: Array.from({ length: 20 }, (_, i) => q(i)) })))).toBe(false);
    const e = validateDraft(draft({ questions: [{ id: 'a', question: '', options: ['A', 'B'] }, { id: 'b', question: 'y'.repeat(301), options: ['A', 'B'] }] }));
    expect(e.byCategory.map((c) => c.question)).toEqual([{ code: 'required' }, { code: 'tooLong', max: 300 }]);
  });
  it('needs 2 to 20 nominees of 1 to 150 characters, unique within their category', () => {
    const one = validateDraft(draft({ questions: [{ id: 'a', question: 'C', options: ['A'] }] }));
    expect(one.byCategory[0]!.nominees?.code).toBe('tooFew');
    const many = validateDraft(draft({ questions: [{ id: 'a', question: 'C', options: Array.from({ length: 21 }, (_, i) => `N${i}`) }] }));
    expect(many.byCategory[0]!.nominees?.code).toBe('tooMany');
    const e = validateDraft(draft({ questions: [{ id: 'a', question: 'C', options: ['Ada', ' ada ', '', 'z'.repeat(151)] }] }));
    expect(e.byCategory[0]!.byNominee).toEqual([undefined, { code: 'duplicate' }, { code: 'required' }, { code: 'tooLong', max: 150 }]);
    // The same name in two categories is fine.
    expect(hasErrors(validateDraft(draft({ questions: [{ id: 'a', question: 'C', options: ['A', 'B'] }, { id: 'b', question: 'D', options: ['A', 'B'] }] })))).toBe(false);
  });
  it('starts a new poll with one empty category, which is not yet valid', () => {
    const d = emptyDraft(fixed);
    expect(d.questions).toHaveLength(1);
    expect(hasErrors(validateDraft(d))).toBe(true);
  });
});

describe('recordOf', () => {
  it('trims, gives a new poll a fresh id and the next order', () => {
    const r = recordOf(draft({ title: ' Fashion Night ', questions: [{ id: 'q1', question: ' Best ', options: [' Ada', 'Bo '] }] }), [1, 4], fixed);
    expect(r).toEqual({ id: 'fashion-night-iiiii', title: 'Fashion Night', order: 5, questions: [{ id: 'q1', question: 'Best', options: ['Ada', 'Bo'] }], voting: 'open', deviceLimit: 1 });
  });
  it('keeps an edited poll’s id, order and category ids (votes are keyed by them)', () => {
    const saved = { id: 'p1', title: 'T', order: 2, opensAt: null, closesAt: null, questions: [{ id: 'q1', question: 'Q', options: ['A', 'B'] }] };
    const d = draftOf(saved);
    d.title = 'New title';
    expect(recordOf(d, [9])).toEqual({ id: 'p1', title: 'New title', order: 2, questions: [{ id: 'q1', question: 'Q', options: ['A', 'B'] }], voting: 'open', deviceLimit: 1 });
  });
});

describe('droppedNominees', () => {
  it('lists nominees renamed or removed, by category, so the organiser is warned', () => {
    const saved = { id: 'p1', title: 'T', opensAt: null, closesAt: null, questions: [{ id: 'q1', question: 'Best', options: ['Ada', 'Bo', 'Cy'] }, { id: 'q2', question: 'New', options: ['Di', 'Ed'] }] };
    const d = draftOf(saved);
    d.questions[0]!.options = ['Ada', 'Bob', 'Cy'];
    d.questions = [d.questions[0]!];
    expect(droppedNominees(saved, d)).toEqual([{ category: 'Best', nominees: ['Bo'] }, { category: 'New', nominees: ['Di', 'Ed'] }]);
    expect(droppedNominees(saved, draftOf(saved))).toEqual([]);
  });
});

describe('move', () => {
  it('moves up and down within the list only', () => {
    expect(move(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('who may vote (issue #52)', () => {
  it('open: ballots per phone a whole number from 1 to 1000; ticketed: no limit asked', () => {
    for (const bad of ['0', '-1', '1.5', '1001', '', 'four']) expect(validateDraft(draft({ deviceLimit: bad })).deviceLimit).toEqual({ code: 'range', max: 1000 });
    for (const ok of ['1', ' 4 ', '1000']) expect(validateDraft(draft({ deviceLimit: ok })).deviceLimit).toBeUndefined();
    expect(validateDraft(draft({ voting: 'ticketed', deviceLimit: '' })).deviceLimit).toBeUndefined();
  });
  it('is saved with the poll, and read back from it (absent: open, one a phone)', () => {
    expect(recordOf(draft({ voting: 'ticketed' }), [], fixed)).toMatchObject({ voting: 'ticketed', deviceLimit: 1 });
    expect(recordOf(draft({ deviceLimit: '4' }), [], fixed)).toMatchObject({ voting: 'open', deviceLimit: 4 });
    const back = draftOf({ id: 'p', title: 'T', questions: [], opensAt: null, closesAt: null });
    expect(back).toMatchObject({ voting: 'open', deviceLimit: '1' });
  });
});

