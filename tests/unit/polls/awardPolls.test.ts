import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { castAwardVote, refreshAwardPolls } from '../../../src/features/polls/data';
import { voteDocId } from '../../../src/features/polls/logic';
import { storeVoteBeforeApp } from '../../../src/db/preApp';
import { awardVoteRows } from '../../../src/sync/awardVoteRow';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const q = [{ id: 'q1', question: 'Best?', options: ['A', 'B'] }];
let clock = 1_000_000;
/** Each call a minute later than the last: refreshAwardPolls shares one answer within 30 s. */
const later = () => (clock += 60_000);

describe('saving every award poll before it is needed', () => {
  it('saves the open and closed ballots of the collection and forgets the ones organisers removed', async () => {
    await db.polls.put({ id: 'gone', title: 'Removed', questions: q, fetchedAt: 1 });
    const ok = await refreshAwardPolls(async () => [
      { id: 'fashion', title: 'Fashion', questions: q, order: 1 },
      { id: 'old', title: 'Old', questions: q, open: false },
      { id: 'broken', title: 'Broken', questions: 'nope' },
    ], later());
    expect(ok).toBe(true);
    expect((await db.polls.toArray()).map((p) => [p.id, p.open, p.order])).toEqual([['fashion', undefined, 1], ['old', false, undefined]]);
  });

  it('offline or refused: the saved copies stay, and the next call asks again', async () => {
    await db.polls.put({ id: 'fashion', title: 'Fashion', questions: q, fetchedAt: 1 });
    let calls = 0;
    const down = async () => {
      calls++;
      throw Object.assign(new Error('Failed to fetch'), { code: 'unavailable' });
    };
    const at = later();
    expect(await refreshAwardPolls(down, at)).toBe(false);
    expect(await refreshAwardPolls(down, at + 1)).toBe(false); // a failure is not shared
    expect(calls).toBe(2);
    expect(await db.polls.count()).toBe(1);
  });

  it('screens asking at the same moment share one request', async () => {
    let calls = 0;
    const list = async () => {
      calls++;
      return [{ id: 'fashion', title: 'Fashion', questions: q }];
    };
    const at = later();
    await Promise.all([refreshAwardPolls(list, at), refreshAwardPolls(list, at + 10)]);
    expect(calls).toBe(1);
  });
});

describe('a vote submitted before the app had started (the prerendered ballot, raw IndexedDB)', () => {
  const pressedAt = new Date('2026-04-06T19:05:00.000Z');
  const before = async (email: string, responseId: string) => {
    const { vote, row } = awardVoteRows({ docId: await voteDocId('fashion', email), pollId: 'fashion', responseId, email, answers: { q1: 'A' }, pressedAt });
    return storeVoteBeforeApp(vote, row);
  };

  it('writes the rows the app writes for the same vote (only the moment it was queued differs)', async () => {
    expect(await before('Ada@Example.com', 'r-island-1')).toBe('stored');
    const pre = { vote: (await db.votes.toArray())[0], row: (await db.outbox.toArray())[0] };
    await Promise.all(db.tables.map((t) => t.clear()));
    await castAwardVote('fashion', 'Ada@Example.com', { q1: 'A' }, pressedAt, 'r-island-1');
    const app = { vote: (await db.votes.toArray())[0], row: (await db.outbox.toArray())[0] };
    expect(pre.vote).toEqual(app.vote);
    expect({ ...pre.row, createdAt: 0, nextAttemptAt: 0, seq: 0 }).toEqual({ ...app.row, createdAt: 0, nextAttemptAt: 0, seq: 0 });
    expect(pre.row?.key).toBe(`poll-responses/${await voteDocId('fashion', 'ada@example.com')}`);
  });

  it('the app refuses the same e-mail again on this device: one vote, one outbox row', async () => {
    expect(await before('ada@example.com', 'r-island-1')).toBe('stored');
    await expect(castAwardVote('fashion', 'Ada@Example.com', { q1: 'B' })).rejects.toThrow('already voted');
    expect(await before('ada@example.com', 'r-island-2')).toBe('already');
    expect(await db.outbox.count()).toBe(1);
    expect((await db.votes.toArray()).map((v) => v.responseId)).toEqual(['r-island-1']);
  });
});
