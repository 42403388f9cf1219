// One award vote as it is stored on this device: the voter's own record (`votes`) and its outbox row. Built here,
// and only here, for both writers of an award vote — the app's ballot (features/polls/data.ts castAwardVote,
// through Dexie) and the prerendered ballot before the app has arrived (features/polls/ballotIsland.ts, through
// raw IndexedDB: src/db/preApp.ts) — so the flusher finds the same row whoever wrote it, and the outbox's unique
// key makes a second write of the same vote a no-op.
// Pure and dependency-free (types only): the pre-app ballot must stay a few kilobytes.
import type { LocalVote, OutboxRow } from '../db/types';

/** The outbox kind that sends an award vote (features/polls/mutations/awardVote.ts). */
export const AWARD_VOTE_KIND = 'poll-response';

/** The outbox key (the target document's path) of the award vote with this document id. */
export const awardVoteKey = (docId: string): string => `poll-responses/${docId}`;

export interface AwardVoteInput {
  /** features/polls/logic.ts voteDocId(pollId, email): one document per poll and e-mail. */
  docId: string;
  pollId: string;
  /** Made on the device when Submit Vote was pressed. */
  responseId: string;
  email: string;
  answers: Record<string, string>;
  pressedAt: Date;
  /** The server-clock offset known when it was cast (src/lib/serverNow.ts), if any. */
  clockOffset?: number | undefined;
  /** A ticketed poll's voting code (issue #52), carried with the vote to the server. */
  code?: string | undefined;
}

/** The outbox payload of an award vote (checked on the way out by mutations/awardVote.ts's schema). */
export interface AwardVoteRowPayload {
  docId: string;
  data: Omit<LocalVote, 'docId' | 'sentAt'>;
  clockOffset?: number;
}

/** The vote's own record and its outbox row, both to be written in one transaction. */
export function awardVoteRows(input: AwardVoteInput, now: number = Date.now()): { vote: LocalVote; row: OutboxRow & { payload: AwardVoteRowPayload } } {
  const vote: LocalVote = { docId: input.docId, pollId: input.pollId, responseId: input.responseId, answers: input.answers, timestamp: input.pressedAt.toISOString(), user: input.email.trim(), ...(input.code ? { code: input.code } : {}) };
  const { docId, ...data } = vote;
  const payload: AwardVoteRowPayload = { docId, data, ...(input.clockOffset === undefined ? {} : { clockOffset: input.clockOffset }) };
  return {
    vote,
    row: { key: awardVoteKey(docId), kind: AWARD_VOTE_KIND, payload, createdAt: now, attempts: 0, nextAttemptAt: now, state: 'queued', lastError: null },
  };
}
