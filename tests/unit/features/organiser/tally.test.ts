import { describe, expect, it } from 'vitest';
import { csvFileName, integrityCsvRows, integrityOf, tallyCsv, tallyPoll } from '../../../../src/features/organiser/tally';
import type { TallyRow } from '../../../../src/features/organiser/client';

const poll = {
  id: 'p1',
  title: 'Fashion Night',
  questions: [
    { id: 'best', question: 'Best look', options: ['Ada', 'Bo', 'Cy'] },
    { id: 'new', question: 'Newcomer', options: ['Di', 'Ed', ''] },
  ],
};
let n = 0;
const row = (answers: Record<string, string>, at = '2026-11-27T20:00:00.000Z', pollId = 'p1'): TallyRow => ({ id: `v${++n}`, pollId, answers, at });

describe('tallyPoll', () => {
  it('counts each nominee per category with its share of that category’s voters', () => {
    const t = tallyPoll(poll, [row({ best: 'Ada', new: 'Di' }), row({ best: 'Ada', new: 'Ed' }), row({ best: 'Bo', new: 'Di' }), row({ best: 'Ada' })]);
    const best = t.categories[0]!;
    expect(best.nominees.map((x) => [x.nominee, x.votes, x.share])).toEqual([['Ada', 3, 75], ['Bo', 1, 25], ['Cy', 0, 0]]);
    expect(best.voters).toBe(4);
    expect(best.leaders).toEqual(['Ada']);
    expect(best.tie).toBe(false);
    const fresh = t.categories[1]!;
    expect(fresh.nominees.map((x) => x.nominee)).toEqual(['Di', 'Ed']); // a blank option is no nominee
    expect(fresh.voters).toBe(3);
    expect(fresh.nominees.map((x) => x.share)).toEqual([66.7, 33.3]);
    expect(t.voters).toBe(4);
  });

  it('marks a tie for first on every leader, and nobody leads before the first vote', () => {
    const t = tallyPoll(poll, [row({ best: 'Ada' }), row({ best: 'Bo' }), row({ best: 'Cy' }), row({ best: 'Bo' }), row({ best: 'Cy' })]);
    expect(t.categories[0]!.leaders).toEqual(['Bo', 'Cy']);
    expect(t.categories[0]!.tie).toBe(true);
    expect(t.categories[0]!.nominees.filter((x) => x.leading).map((x) => x.nominee)).toEqual(['Bo', 'Cy']);
    expect(t.categories[1]!.leaders).toEqual([]);
    expect(t.categories[1]!.tie).toBe(false);
    expect(t.categories[1]!.nominees.some((x) => x.leading)).toBe(false);
  });

  it('never counts an answer that is not one of the category’s nominees, nor another poll’s row or a repeated row', () => {
    const renamed = row({ best: 'Adah', new: 'Di' });
    const t = tallyPoll(poll, [
      renamed,
      row({ best: 'Cy', new: 'Bo' }), // Bo is a nominee of another category
      row({ best: '__proto__' }),
      row({ best: 'Ada' }, '2026-11-27T21:00:00.000Z', 'p2'),
      { ...renamed },
    ]);
    expect(t.categories[0]!.nominees.map((x) => x.votes)).toEqual([0, 0, 1]);
    expect(t.categories[0]!.voters).toBe(1);
    expect(t.categories[1]!.nominees.map((x) => x.votes)).toEqual([1, 0]);
    expect(t.voters).toBe(2);
  });

  it('gives the latest counted vote’s time, none before any vote, and skips an unreadable time', () => {
    expect(tallyPoll(poll, []).latestAt).toBeNull();
    const t = tallyPoll(poll, [
      row({ best: 'Ada' }, '2026-11-27T20:05:00.000Z'),
      row({ best: 'Bo' }, '2026-11-27T21:30:00.000Z'),
      row({ best: 'Bo' }, 'yesterday'),
      row({ best: 'Zed' }, '2026-11-27T23:00:00.000Z'), // not counted, so not the latest vote
    ]);
    expect(t.latestAt).toBe(Date.parse('2026-11-27T21:30:00.000Z'));
  });
});

describe('tallyCsv', () => {
  it('has one row per category and nominee, every cell quoted', () => {
    const csv = tallyCsv(poll, tallyPoll(poll, [row({ best: 'Ada', new: 'Ed' }), row({ best: 'Bo', new: 'Ed' })]));
    expect(csv.split('\r\n')).toEqual([
      '"category","nominee","votes","share"',
      '"Best look","Ada","1","50"',
      '"Best look","Bo","1","50"',
      '"Best look","Cy","0","0"',
      '"Newcomer","Di","0","0"',
      '"Newcomer","Ed","2","100"',
      '',
    ]);
  });

  it('turns a nominee or category that looks like a formula into text, and doubles quotes', () => {
    const hostile = { id: 'p1', title: 'x', questions: [{ id: 'q', question: '=HYPERLINK("http://evil")', options: ['+1', '@me', 'Say "hi"'] }] };
    const csv = tallyCsv(hostile, tallyPoll(hostile, [row({ q: '+1' })]));
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://evil"")","\'+1","1","100"');
    expect(lines[2]).toBe('"\'=HYPERLINK(""http://evil"")","\'@me","0","0"');
    expect(lines[3]).toBe('"\'=HYPERLINK(""http://evil"")","Say ""hi""","0","0"');
  });

  it('names the file after the title, never empty', () => {
    expect(csvFileName('Fashion Night 2026!')).toBe('Fashion-Night-2026-tally.csv');
    expect(csvFileName('Café')).toBe('Cafe-tally.csv');
    expect(csvFileName('جوائز')).toBe('award-poll-tally.csv');
  });
});

describe('how the ballots came in (issue #52)', () => {
  const r = (id: string, n: number | undefined, via: 'open' | 'code' | undefined, pollId = 'p') => ({ id, pollId, answers: { best: 'Ada' }, at: '2026-04-06T19:30:00Z', ...(n === undefined ? {} : { n }), ...(via === undefined ? {} : { via }) });
  it('counts ballots by mode, phones (a first ballot each), the most from one phone, codes used of issued, refusals by cause — and nothing else', () => {
    const rows = [r('a', 1, 'code'), r('b', 1, 'code'), r('c', 2, 'code'), r('d', undefined, undefined), r('e', 1, 'open'), r('x', 1, 'open', 'other'), r('a', 1, 'code')];
    const refusals = [{ id: '1', pollId: 'p', cause: 'code-used' }, { id: '2', pollId: 'p', cause: 'code-used' }, { id: '3', pollId: 'p', cause: 'made-up' }, { id: '4', pollId: 'other', cause: 'window' }];
    const i = integrityOf('p', rows, refusals, 10);
    expect(i).toEqual({
      ballots: 5, byCode: 3, open: 2, devices: 4, mostFromOneDevice: 2, codesIssued: 10, codesUsed: 3,
      refused: { 'code-used': 2, 'code-invalid': 0, 'device-limit': 0, window: 0, 'email-used': 0 },
    });
    expect(integrityCsvRows(i, 'ticketed')).toContainEqual(['integrity', 'voting codes used', '3 of 10', '']);
    expect(integrityCsvRows(i, 'open').some(([, what]) => what === 'voting codes used')).toBe(false);
    // Counts only: no row id, no field of a row, reaches the CSV lines.
    expect(JSON.stringify(integrityCsvRows(i, 'ticketed'))).not.toMatch(/"[abcdex]"|Ada/);
  });
});
