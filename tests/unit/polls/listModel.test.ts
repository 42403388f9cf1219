import { describe, expect, it } from 'vitest';
import { firstNameOf, inListOrder, uploadedOnOf, validUserPolls } from '../../../src/features/polls/listModel';

const q = [{ id: 'q1', question: 'Which?', options: ['A', 'B'] }];

describe('polls list model (shared by the /vote preview and the app)', () => {
  it('keeps only documents the app can show: a malformed poll is left out, never a crash', () => {
    const kept = validUserPolls([
      { pollId: 'ok', title: 'Fine', questions: q, uploadedOnMs: 5 },
      { pollId: 'no-questions', title: 'Broken', questions: 'nope', uploadedOnMs: 5 },
      { pollId: 'no-title', questions: q, uploadedOnMs: 5 },
      null,
      'text',
    ]);
    expect(kept.map((p) => p.pollId)).toEqual(['ok']);
  });

  it('orders newest first, and polls of the same moment by id', () => {
    const rows = [
      { pollId: 'b', uploadedOn: 10 },
      { pollId: 'c', uploadedOn: 30 },
      { pollId: 'a', uploadedOn: 10 },
    ];
    expect(inListOrder(rows).map((r) => r.pollId)).toEqual(['c', 'a', 'b']);
    expect(rows.map((r) => r.pollId)).toEqual(['b', 'c', 'a']); // the input is not reordered
  });

  it('a missing upload time counts as now; a first name only when it is text', () => {
    const [poll] = validUserPolls([{ pollId: 'x', title: 'T', questions: q, uploadedOnMs: null, uploadedBy: { id: 1, first_name: 42 } }]);
    expect(uploadedOnOf(poll!, 1234)).toBe(1234);
    expect(firstNameOf(poll!)).toBe('');
    const [named] = validUserPolls([{ pollId: 'y', title: 'T', questions: q, uploadedOnMs: 9, uploadedBy: { id: 'v', first_name: 'Dana' } }]);
    expect(firstNameOf(named!)).toBe('Dana');
  });
});
