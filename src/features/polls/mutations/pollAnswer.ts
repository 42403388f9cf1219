// An answer to a community poll, whole: the local record and the owner's copy, the outbox row, how it reaches
// user-poll-responses/{responseId} (+ its public tally row), what "sent" means here and what the queue screen
// calls it (contract: src/sync/kinds.ts). Cast by data.castUserPollVote → mutate(pollAnswer, …).
import * as v from 'valibot';
import type { LocalVote, TownSquareDB } from '../../../db';
import type { WriteKind } from '../../../sync/kinds';
import { isolate } from '../../../lib/intl';
import { t } from '../t';
import { AlreadyVotedError } from './awardVote';
import { Answers, castClock, ClockOffset, short } from './shared';
import { userPollKey } from './userPoll';

const PollAnswerSchema = v.object({
  data: v.object({ pollId: v.string(), answers: Answers, timestamp: v.number(), responseId: v.string() }),
  clockOffset: ClockOffset,
});
export type PollAnswerPayload = v.InferOutput<typeof PollAnswerSchema>;

export interface PollAnswerArgs {
  pollId: string;
  answers: Record<string, string>;
  /** The moment Submit was pressed. */
  pressedAt: Date;
  responseId: string;
}

/** The voter's own record of an answer to a community poll (one per device per poll). */
export const userPollVoteId = (pollId: string): string => `user-poll:${pollId}`;

/** The outbox key of an answer: its document. */
export const pollAnswerKey = (responseId: string): string => `user-poll-responses/${responseId}`;

export const pollAnswer: WriteKind<PollAnswerPayload, PollAnswerArgs, LocalVote> = {
  kind: 'user-poll-response',
  schema: PollAnswerSchema,
  tables: (db: TownSquareDB) => [db.votes, db.ballotDrafts, db.userPollResponses],
  // The voter's record (no e-mail in the spec's shape), the draft's removal, and the answer among the poll's
  // responses (its owner sees it at once, offline too).
  apply: async (db, a) => {
    const docId = userPollVoteId(a.pollId);
    const vote: LocalVote = { docId, pollId: a.pollId, responseId: a.responseId, answers: a.answers, timestamp: a.pressedAt.toISOString(), user: '' };
    if (await db.votes.get(docId)) throw new AlreadyVotedError('');
    await db.votes.add(vote);
    await db.ballotDrafts.delete(a.pollId);
    const timestamp = a.pressedAt.getTime();
    await db.userPollResponses.put({ responseId: a.responseId, pollId: a.pollId, answers: a.answers, timestamp });
    return { payload: { data: { pollId: a.pollId, answers: a.answers, timestamp, responseId: a.responseId }, ...castClock() }, result: vote };
  },
  target: (p) => pollAnswerKey(p.data.responseId),
  // A poll made on this device must be on the server before an answer to it (the rules check it exists).
  after: (p) => userPollKey(p.data.pollId),
  // Counted in the writer's hourly ring (firestore.rules, "Rate limits"): one at a time.
  counter: () => 'rates/answers',
  push: (backend, p) => backend.writePollAnswer({ ...p.data, clockOffset: p.clockOffset }),
  sent: async (db, p, now) => {
    await db.votes.update(userPollVoteId(p.data.pollId), { sentAt: now });
  },
  // The organisers hid the poll, or its owner closed it, after it was answered here (firestoreLite.ts hiddenOr).
  refusal: (code) => (code === 'poll-hidden' ? t('polls.answer.hidden') : code === 'poll-closed' ? t('polls.answer.closed') : undefined),
  label: (p, ctx) => ({ what: t('polls.queue.answer', { title: isolate(short(ctx.pollTitle(p.data.pollId) ?? t('polls.queue.aCommunity'))) }), detail: '' }),
};
