// An award vote, whole: what the ballot gives, the local record, the outbox row, how it reaches
// poll-responses/{docId}, what "sent" means here and what the queue screen calls it (contract: src/sync/kinds.ts).
// Cast by data.castAwardVote → mutate(awardVote, …).
import * as v from 'valibot';
import type { LocalVote, TownSquareDB } from '../../../db';
import { AWARD_VOTE_KIND, awardVoteKey, awardVoteRows, type AwardVoteInput } from '../../../sync/awardVoteRow';
import type { WriteKind } from '../../../sync/kinds';
import { formatDate, isolate } from '../../../lib/intl';
import { t } from '../t';
import { Answers, castClock, ClockOffset, short } from './shared';

const AwardVoteSchema = v.object({
  docId: v.string(),
  data: v.object({ pollId: v.string(), responseId: v.string(), answers: Answers, timestamp: v.string(), user: v.string(), code: v.optional(v.string()) }),
  clockOffset: ClockOffset,
});
export type AwardVotePayload = v.InferOutput<typeof AwardVoteSchema>;

/** What the ballot gives; `docId` is the poll and the e-mail hashed (logic.ts voteDocId), made before the transaction. */
export type AwardVoteArgs = Omit<AwardVoteInput, 'clockOffset'>;

/** A second vote with the same e-mail for the same poll (refused here, and by the server's rules). */
export class AlreadyVotedError extends Error {
  constructor(readonly email: string) {
    super('already voted');
    this.name = 'AlreadyVotedError';
  }
}

/** The outbox key of an award vote (src/sync/awardVoteRow.ts, shared with the pre-app ballot). */
export { awardVoteKey };

export const awardVote: WriteKind<AwardVotePayload, AwardVoteArgs, LocalVote> = {
  // Kind, key and rows from the module that builds them for both writers of a vote (the pre-app ballot too).
  kind: AWARD_VOTE_KIND,
  schema: AwardVoteSchema,
  tables: (db: TownSquareDB) => [db.votes, db.ballotDrafts],
  // The local record (what the thank-you and "already voted" read) and the draft's removal.
  apply: async (db, a, now) => {
    const { vote, row } = awardVoteRows({ ...a, ...castClock() }, now);
    if (await db.votes.get(vote.docId)) throw new AlreadyVotedError(vote.user);
    await db.votes.add(vote);
    await db.ballotDrafts.delete(vote.pollId);
    return { payload: row.payload, result: vote };
  },
  target: (p) => awardVoteKey(p.docId),
  // Each vote advances its device's count in its poll (firestore.rules voters/{uid}/ballots): one at a time per poll.
  counter: (p) => `ballots/${p.data.pollId}`,
  push: (backend, p) => backend.writeAwardVotes([p]),
  // A venue's backlog is mostly votes: they travel together, in commits of several (src/remote/firestoreLite.ts).
  pushMany: (backend, ps) => backend.writeAwardVotes(ps),
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
    // Who may vote (issue #52): a ticketed poll's code, an open poll's limit a device.
    const ballot = (err as { ballot?: { title?: unknown; at?: unknown; limit?: unknown } } | null)?.ballot;
    if (ballot) {
      const title = isolate(short(String(ballot.title ?? '')));
      if (code === 'code-used') return typeof ballot.at === 'number' ? t('polls.queue.codeUsedAt', { time: formatDate(ballot.at, { hour: 'numeric', minute: '2-digit' }) }) : t('polls.queue.codeUsed');
      if (code === 'code-invalid' || code === 'code-missing') return t('polls.queue.codeInvalid', { title });
      if (code === 'code-other-poll') return t('polls.queue.codeOtherPoll', { title });
      if (code === 'device-limit' && typeof ballot.limit === 'number') return t('polls.queue.deviceLimit', { title, count: ballot.limit });
    }
    const window = (err as { window?: { title?: unknown; at?: unknown } } | null)?.window;
    if ((code === 'voting-closed' || code === 'not-open-yet') && typeof window?.at === 'number') {
      const values = { title: isolate(short(String(window.title ?? ''))), time: formatDate(window.at, { hour: 'numeric', minute: '2-digit' }) };
      return code === 'voting-closed' ? t('polls.queue.closed', values) : t('polls.queue.notYetOpen', values);
    }
    return undefined;
  },
};
