import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { STAGED_VOTES_KEY } from '../../../src/features/polls/awardModel';
import { castAwardVote, refreshAwardPolls } from '../../../src/features/polls/data';
import { voteDocId } from '../../../src/features/polls/logic';
import { commitStagedVotes } from '../../../src/features/polls/staged';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const q = [{ id: 'q1', question: 'Best?', options: ['A', 'B'] }];
let clock = 1_000_000;
/** Each call a minute later than the last: refreshAwardPolls shares one answer within 30 s. */
const later = () => (clock += 60_000);

function memoryStore(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

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

describe('a vote submitted before the app had started', () => {
  const staged = { pollId: 'fashion', responseId: 'r-island-1', email: 'Ada@Example.com', answers: { q1: 'A' }, pressedAt: '2026-04-06T19:05:00.000Z' };

  it('is committed to the outbox like any vote, with the moment Submit was pressed, and then forgotten', async () => {
    const store = memoryStore();
    store.setItem(STAGED_VOTES_KEY, JSON.stringify([staged]));
    const [result] = await commitStagedVotes(undefined, store);
    expect(result?.outcome.kind).toBe('committed');
    const docId = await voteDocId('fashion', 'ada@example.com');
    expect(await db.votes.get(docId)).toMatchObject({ responseId: 'r-island-1', timestamp: '2026-04-06T19:05:00.000Z', answers: { q1: 'A' } });
    expect((await db.outbox.toArray()).map((r) => r.key)).toEqual([`poll-responses/${docId}`]);
    expect(store.getItem(STAGED_VOTES_KEY)).toBeNull();
  });

  it('committed once even if the tab closed before it was forgotten (its own responseId is recognised)', async () => {
    const store = memoryStore();
    store.setItem(STAGED_VOTES_KEY, JSON.stringify([staged]));
    await castAwardVote(staged.pollId, staged.email, staged.answers, new Date(staged.pressedAt), staged.responseId);
    const [result] = await commitStagedVotes(undefined, store);
    expect(result?.outcome.kind).toBe('committed');
    expect(await db.outbox.count()).toBe(1);
    expect(store.getItem(STAGED_VOTES_KEY)).toBeNull();
  });

  it('an e-mail that already voted on this device keeps its first vote; the staged one is dropped and said so', async () => {
    const store = memoryStore();
    store.setItem(STAGED_VOTES_KEY, JSON.stringify([staged]));
    await castAwardVote('fashion', 'ada@example.com', { q1: 'B' });
    const [result] = await commitStagedVotes('fashion', store);
    expect(result?.outcome).toEqual({ kind: 'already', email: 'Ada@Example.com' });
    expect(await db.outbox.count()).toBe(1);
    expect(store.getItem(STAGED_VOTES_KEY)).toBeNull();
  });

  it('only the asked poll’s staged votes when a poll is named', async () => {
    const store = memoryStore();
    store.setItem(STAGED_VOTES_KEY, JSON.stringify([staged, { ...staged, pollId: 'community', responseId: 'r2' }]));
    expect((await commitStagedVotes('community', store)).map((r) => r.staged.pollId)).toEqual(['community']);
    expect(JSON.parse(store.getItem(STAGED_VOTES_KEY) ?? '[]')).toEqual([staged]);
  });
});
