import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { AlreadyVotedError, castAwardVote, castUserPollVote, createUserPoll } from '../../../src/features/polls/data';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('casting an award vote', () => {
  it('stores my vote and its outbox row together, with the moment Submit was pressed', async () => {
    const pressed = new Date('2026-04-06T19:30:00.000Z');
    const vote = await castAwardVote('dfca', 'Ada@Example.com', { q1: 'A' }, pressed);
    expect(vote.timestamp).toBe('2026-04-06T19:30:00.000Z');
    expect(vote.responseId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'poll-response', key: `poll-responses/${vote.docId}`, state: 'queued' });
    expect((rows[0]!.payload as { data: unknown }).data).toEqual({ pollId: 'dfca', responseId: vote.responseId, answers: { q1: 'A' }, timestamp: '2026-04-06T19:30:00.000Z', user: 'Ada@Example.com' });
    expect(await db.votes.count()).toBe(1);
  });

  it('refuses a second vote with the same e-mail, keeping the first', async () => {
    const first = await castAwardVote('dfca', 'ada@example.com', { q1: 'A' });
    await expect(castAwardVote('dfca', ' ADA@example.com', { q1: 'B' })).rejects.toBeInstanceOf(AlreadyVotedError);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.votes.get(first.docId))?.answers).toEqual({ q1: 'A' });
  });

  it('clears the ballot draft in the same transaction', async () => {
    await db.ballotDrafts.put({ pollId: 'dfca', email: 'a@b.co', answers: { q1: 'A' }, index: 0, order: {}, updatedAt: 0 });
    await castAwardVote('dfca', 'a@b.co', { q1: 'A' });
    expect(await db.ballotDrafts.get('dfca')).toBeUndefined();
  });
});

describe('user polls', () => {
  it('a created poll is listed locally at once and queued for the server', async () => {
    const poll = await createUserPoll({ title: '  Lunch? ', questions: [{ id: 'q1', question: 'Where?', options: ['Here', '', '', ''] }], uploaderId: 'u1', uploadedBy: { id: 'u1', first_name: 'Uma' } });
    expect(poll.title).toBe('Lunch?');
    expect(await db.userPolls.where('uploaderId').equals('u1').count()).toBe(1);
    const row = (await db.outbox.toArray())[0]!;
    expect(row).toMatchObject({ kind: 'user-poll', key: `user-polls/${poll.pollId}` });
  });

  it('one answer per device per user poll', async () => {
    await castUserPollVote('p1', { q1: 'Here' });
    await expect(castUserPollVote('p1', { q1: 'There' })).rejects.toBeInstanceOf(AlreadyVotedError);
    expect(await db.userPollResponses.where('pollId').equals('p1').count()).toBe(1);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['user-poll-response']);
  });
});

describe('delivery marks the voter record as sent', () => {
  it('for a user-poll answer too (the thank-you then says it was sent)', async () => {
    const { markDeliveredMany } = await import('../../../src/sync/flusher');
    const { WRITE_KINDS } = await import('../../../src/features/outbox/writeKinds');
    await castUserPollVote('p9', { q1: 'Here' });
    const row = (await db.outbox.toArray())[0]!;
    await markDeliveredMany([row], 1234, db, WRITE_KINDS);
    expect((await db.votes.get('user-poll:p9'))?.sentAt).toBe(1234);
    expect(await db.outbox.count()).toBe(0);
  });
});
