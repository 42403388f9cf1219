// The polls feature's kinds of writes (src/sync/kinds.ts): an award vote, an answer to a community poll, a new
// community poll. Each: its payload (checked when read back from the outbox), its target document, how it is
// delivered, what "sent" means on this device and what the queue screen calls it.
// `label` is called by the queue screen at render, so it speaks the current language; `refusal` when the server
// refuses, so its words are kept (in the row's lastError) in the language of that moment.
import * as v from 'valibot';
import type { TownSquareDB } from '../../db';
import type { WriteKind } from '../../sync/kinds';
import { AWARD_VOTE_KIND, awardVoteKey } from '../../sync/awardVoteRow';
import { QuestionSchema } from './listModel';
import { t } from './t';
import { formatDate, isolate } from '../../lib/intl';

const Answers = v.record(v.string(), v.string());

// clockOffset: the server-clock offset known when it was cast (src/remote/serverClock.ts); rows from before it
// have none, and are sent on the offset learned when they go.
const ClockOffset = v.optional(v.pipe(v.number(), v.finite()));

const AwardVoteSchema = v.object({
  docId: v.string(),
  data: v.object({ pollId: v.string(), responseId: v.string(), answers: Answers, timestamp: v.string(), user: v.string() }),
  clockOffset: ClockOffset,
});
export type AwardVotePayload = v.InferOutput<typeof AwardVoteSchema>;

const PollAnswerSchema = v.object({
  data: v.object({ pollId: v.string(), answers: Answers, timestamp: v.number(), responseId: v.string() }),
  clockOffset: ClockOffset,
});
export type PollAnswerPayload = v.InferOutput<typeof PollAnswerSchema>;

const UserPollSchema = v.object({
  data: v.object({
    title: v.string(),
    questions: v.array(QuestionSchema),
    pollId: v.string(),
    uploadedBy: v.nullable(v.object({ id: v.string(), first_name: v.string() })),
    uploaderId: v.string(),
  }),
});
export type UserPollPayload = v.InferOutput<typeof UserPollSchema>;

const parser = <S extends v.GenericSchema>(schema: S) => (raw: unknown): v.InferOutput<S> | null => {
  const r = v.safeParse(schema, raw);
  return r.success ? r.output : null;
};

/** The voter's own record of an answer to a community poll (one per device per poll). */
export const userPollVoteId = (pollId: string): string => `user-poll:${pollId}`;

const short = (text: string, n = 60): string => (text.length > n ? `${text.slice(0, n)}…` : text);

export const awardVote: WriteKind<AwardVotePayload> = {
  // Kind and key from the module that builds the vote's rows for both of its writers.
  kind: AWARD_VOTE_KIND,
  parse: parser(AwardVoteSchema),
  target: (p) => awardVoteKey(p.docId),
  deliver: (backend, p) => backend.writeAwardVotes([p]),
  deliverMany: (backend, ps) => backend.writeAwardVotes(ps),
  tables: (db: TownSquareDB) => [db.votes],
  sent: async (db, p, now) => {
    await db.votes.update(p.docId, { sentAt: now });
  },
  label: (p, ctx) => ({
    what: t('polls.queue.vote', { title: isolate(short(ctx.pollTitle(p.data.pollId) ?? t('polls.queue.anAward'))) }),
    detail: t('polls.queue.as', { email: isolate(p.data.user) }),
  }),
  // Only what the device established (src/remote/firestoreLite.ts whyVoteRefused); a bare refusal keeps the
  // generic words.
  refusal: (code, err) => {
    if (code === 'already-exists') return t('polls.queue.refused');
    if (code === 'not-found') return t('polls.queue.ballotGone');
    if (code === 'failed-precondition') return t('polls.queue.ballotChanged');
    if (code === 'out-of-range') return t('polls.queue.tooOld');
    const window = (err as { window?: { title?: unknown; at?: unknown } } | null)?.window;
    if ((code === 'voting-closed' || code === 'not-open-yet') && typeof window?.at === 'number') {
      const values = { title: isolate(short(String(window.title ?? ''))), time: formatDate(window.at, { hour: 'numeric', minute: '2-digit' }) };
      return code === 'voting-closed' ? t('polls.queue.closed', values) : t('polls.queue.notYetOpen', values);
    }
    return undefined;
  },
};

export const pollAnswer: WriteKind<PollAnswerPayload> = {
  kind: 'user-poll-response',
  parse: parser(PollAnswerSchema),
  target: (p) => `user-poll-responses/${p.data.responseId}`,
  deliver: (backend, p) => backend.writePollAnswer({ ...p.data, clockOffset: p.clockOffset }),
  // A poll made on this device must be on the server before an answer to it (the rules check it exists).
  after: (p) => `user-polls/${p.data.pollId}`,
  tables: (db: TownSquareDB) => [db.votes],
  sent: async (db, p, now) => {
    await db.votes.update(userPollVoteId(p.data.pollId), { sentAt: now });
  },
  label: (p, ctx) => ({ what: t('polls.queue.answer', { title: isolate(short(ctx.pollTitle(p.data.pollId) ?? t('polls.queue.aCommunity'))) }), detail: '' }),
};

export const userPoll: WriteKind<UserPollPayload> = {
  kind: 'user-poll',
  parse: parser(UserPollSchema),
  target: (p) => `user-polls/${p.data.pollId}`,
  deliver: (backend, p) => backend.writeUserPoll(p.data),
  tables: (db: TownSquareDB) => [db.userPolls, db.pollCounts],
  sent: async (db, p, now) => {
    await db.userPolls.update(p.data.pollId, { local: false });
    // Just created on the server, it has no votes there: its count is known (0) from this moment, so /vote
    // shows it at once instead of "unavailable" until the next refresh of the list.
    if (!(await db.pollCounts.get(p.data.pollId))) await db.pollCounts.put({ pollId: p.data.pollId, count: 0, asOf: now });
  },
  label: (p) => ({
    what: t('polls.queue.newPoll', { title: isolate(short(p.data.title)) }),
    detail: t('polls.queue.questions', { count: p.data.questions.length }),
  }),
};
