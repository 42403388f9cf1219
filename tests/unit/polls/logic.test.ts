import { describe, expect, it } from 'vitest';
import { checkSubmission, isValidEmail, responsesCsv, shuffle, tally, validatePollForm, voteCountText, voteDocId } from '../../../src/features/polls/logic';

describe('vote count text (spec §2)', () => {
  it('says the exact words', () => {
    expect(voteCountText(0)).toBe('Be the first to vote');
    expect(voteCountText(1)).toBe('1 person voted');
    expect(voteCountText(2)).toBe('2 people voted');
    expect(voteCountText(2000)).toBe('2000 people voted');
  });
});

describe('shuffle', () => {
  it('keeps every option exactly once', () => {
    const opts = ['a', 'b', 'c', 'd', 'e'];
    for (let i = 0; i < 50; i++) expect(shuffle(opts).sort()).toEqual(opts);
  });
  it('produces every order over many runs (not a fixed permutation)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) seen.add(shuffle(['a', 'b', 'c']).join(''));
    expect(seen.size).toBe(6);
  });
  it('is deterministic with an injected random source', () => {
    expect(shuffle([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
  });
});

describe('validation (spec §5)', () => {
  it('accepts simple e-mails and refuses malformed ones', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail(' ada@example.com ')).toBe(true);
    for (const bad of ['', 'ada', 'ada@', 'ada@example', 'a da@example.com', '@example.com', `${'a'.repeat(250)}@example.com`]) expect(isValidEmail(bad), bad).toBe(false);
  });
  it('checks answers before the e-mail, with the spec alerts', () => {
    const qs = [{ id: 'q1', question: 'Q1', options: ['a'] }, { id: 'q2', question: 'Q2', options: ['b'] }];
    expect(checkSubmission(qs, { q1: 'a' }, 'x@y.io')).toEqual({ ok: false, alert: 'Please answer all questions.' });
    expect(checkSubmission(qs, { q1: 'a', q2: 'b' }, '')).toEqual({ ok: false, alert: 'Email is required to submit response.' });
    expect(checkSubmission(qs, { q1: 'a', q2: 'b' }, 'x@y.io')).toEqual({ ok: true });
  });
  it('requires a title and every question text; options are optional', () => {
    const q = (id: string, question: string) => ({ id, question, options: ['', '', '', ''] });
    expect(validatePollForm('', [q('a', 'Q')]).errors.title).toBe('Poll Title is required.');
    expect(validatePollForm('T', [q('a', 'Q'), q('b', '  ')]).errors.questions).toEqual({ b: 'Question 2 needs its text.' });
    expect(validatePollForm('T', [q('a', 'Q')]).valid).toBe(true);
    expect(validatePollForm('x'.repeat(151), [q('a', 'Q')]).valid).toBe(false);
  });
});

describe('one vote per e-mail', () => {
  it('derives the same document id for the same poll and e-mail, whatever the case or spaces', async () => {
    const a = await voteDocId('poll-1', 'Ada@Example.com');
    expect(await voteDocId('poll-1', ' ada@example.com ')).toBe(a);
    expect(await voteDocId('poll-2', 'ada@example.com')).not.toBe(a);
    expect(await voteDocId('poll-1', 'bob@example.com')).not.toBe(a);
    expect(a).not.toContain('ada');
  });
});

describe('tally', () => {
  const questions = [{ id: 'q1', question: 'Best?', options: ['A', 'B', '', 'C'] }];
  it('counts per option with one-decimal percentages of all responses, hiding blank options', () => {
    const rs = [{ answers: { q1: 'A' } }, { answers: { q1: 'A' } }, { answers: { q1: 'B' } }];
    expect(tally(questions, rs)).toEqual([
      { id: 'q1', question: 'Best?', answered: 3, options: [{ option: 'A', count: 2, percent: 66.7 }, { option: 'B', count: 1, percent: 33.3 }, { option: 'C', count: 0, percent: 0 }] },
    ]);
  });
  it('is all zeros with no responses', () => {
    expect(tally(questions, [])[0]!.options.every((o) => o.count === 0 && o.percent === 0)).toBe(true);
  });
});

describe('CSV export', () => {
  it('quotes cells and neutralises spreadsheet formulas', () => {
    const csv = responsesCsv([{ id: 'q1', question: 'Say "hi"', options: [] }], [{ responseId: 'r1', timestamp: 0, answers: { q1: '=HYPERLINK("x")' } }]);
    expect(csv).toBe('"responseId","timestamp","Say ""hi"""\r\n"r1","1970-01-01T00:00:00.000Z","\'=HYPERLINK(""x"")"\r\n');
  });
});
