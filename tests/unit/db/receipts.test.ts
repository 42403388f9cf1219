import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { TownSquareDB } from '../../../src/db';
import { RECEIPTS_KEPT, recentReceipts } from '../../../src/db/receipts';
import { defineV1 } from '../../../src/db/schema';
import { commitWithOutbox, enqueue } from '../../../src/sync/outbox';
import { Flusher } from '../../../src/sync/flusher';
import { memoryLocks } from '../../../src/sync/lock';
import { WRITE_KINDS } from '../../../src/features/outbox/writeKinds';
import { parsePayload } from '../../../src/sync/kinds';
import { awardVote } from '../../../src/features/polls/mutations/awardVote';
import { FakeRemote } from '../sync/fakeRemote';

// The queue screen's "Recently sent" (issue #35): a receipt for each row the server accepted, written with the
// row's removal, and only a bounded recent past kept.
let db: TownSquareDB;
let n = 0;
beforeEach(async () => {
  db = new TownSquareDB(`receipts-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

async function vote(i: number): Promise<void> {
  const data = { pollId: 'poll-1', responseId: `r${i}`, answers: { q1: 'A' }, timestamp: new Date(0).toISOString(), user: `v${i}@example.com` };
  await commitWithOutbox([db.votes], async () => {
    await db.votes.add({ docId: `poll-1_${i}`, ...data });
    await enqueue(awardVote, { docId: `poll-1_${i}`, data }, 1000 + i, db);
  }, db);
}

const flush = (remote: FakeRemote, now: () => number) =>
  new Flusher({ backend: async () => remote, maxBatch: 1, kinds: WRITE_KINDS, database: db, locks: memoryLocks(), setTimer: () => null, clearTimer: () => undefined, isOnline: () => true, now, concurrency: 1 }).flush();

describe('receipts of what was sent', () => {
  it('a delivered row leaves a receipt (its kind, payload and when); a refused or waiting one does not', async () => {
    await vote(1);
    await vote(2);
    const remote = new FakeRemote();
    remote.fault = (row) => (row.key.endsWith('_2') ? 'denied' : undefined);
    await flush(remote, () => 5_000);
    const receipts = await db.receipts.toArray();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ key: 'poll-responses/poll-1_1', kind: 'poll-response', sentAt: 5_000, createdAt: 1001 });
    expect(parsePayload(awardVote, receipts[0]!.payload)).not.toBeNull();
    expect(await db.outbox.count()).toBe(1); // the refused one waits on the queue, with no receipt
  });

  it(`keeps the latest ${RECEIPTS_KEPT.count} and nothing older than 7 days`, async () => {
    for (let i = 1; i <= 25; i++) await vote(i);
    const day = 24 * 60 * 60 * 1000;
    await flush(new FakeRemote(), () => 10 * day);
    expect(await db.receipts.count()).toBe(RECEIPTS_KEPT.count);
    const kept = await recentReceipts(db, 10 * day);
    expect(kept.map((r) => r.key)[0]).toBe('poll-responses/poll-1_25'); // newest first
    expect(kept.map((r) => r.key)).not.toContain('poll-responses/poll-1_5');

    // Eight days later one more is sent: the old ones go, the new one stays.
    await vote(26);
    await flush(new FakeRemote(), () => 18 * day);
    expect((await db.receipts.toArray()).map((r) => r.key)).toEqual(['poll-responses/poll-1_26']);
    // Shown only within the window even before the next send prunes them.
    expect(await recentReceipts(db, 26 * day)).toEqual([]);
  });

  it('a database of an earlier version opens with an empty receipts table', async () => {
    const name = `receipts-v1-${n}`;
    const v1 = new Dexie(name);
    defineV1(v1);
    await v1.open();
    await v1.table('outbox').add({ key: 'feedback/k', kind: 'feedback', payload: {}, createdAt: 1, attempts: 0, nextAttemptAt: 0, state: 'queued', lastError: null });
    v1.close();
    const now = new TownSquareDB(name);
    await now.open();
    expect(await now.receipts.count()).toBe(0);
    expect(await now.outbox.count()).toBe(1);
    await now.delete();
  });
});
