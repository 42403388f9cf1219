// The one interface between the outbox and the server: one method per kind of write. Each kind's module
// (src/features/*/mutations/, contract in src/sync/kinds.ts) pushes its payload through it, and the flusher
// hands each kind this object. Implemented here over the lazily loaded Firebase clients, and in the unit tests
// by a fault-injecting fake: the flusher never sees Firebase.
import type { AwardVoteItem, CastClock, FirestoreClient, PollReportDoc, UserPollDoc, UserPollResponseDoc } from './firestoreLite';
import type { RealtimeClient } from './realtime';

/** poll-responses/{docId} (a hash of the poll and the e-mail: one vote per e-mail), and the clock it was cast on. */
export type AwardVoteWrite = AwardVoteItem;

export interface Backend {
  /** One or many award votes in one commit: all land or none (the flusher then tries them one by one). */
  writeAwardVotes(votes: readonly AwardVoteWrite[]): Promise<void>;
  writeUserPoll(poll: UserPollDoc): Promise<void>;
  /** The answers (owner-only) and the public tally row, in one batch. */
  writePollAnswer(answer: UserPollResponseDoc & CastClock): Promise<void>;
  writeFeedback(pushKey: string, data: { feedback: string }): Promise<void>;
  /** A report of a community poll (issue #53): one per writer and poll. */
  writePollReport(report: PollReportDoc): Promise<void>;
}

export interface BackendClients {
  firestore: () => Promise<FirestoreClient>;
  realtime: () => Promise<RealtimeClient>;
}

export function createBackend(clients: BackendClients): Backend {
  return {
    async writeAwardVotes(votes) {
      const fs = await clients.firestore();
      if (votes.length === 1) await fs.writePollResponse(votes[0]!);
      else await fs.writePollResponses([...votes]);
    },
    async writeUserPoll(poll) {
      await (await clients.firestore()).writeUserPoll(poll);
    },
    async writePollAnswer(answer) {
      await (await clients.firestore()).writeUserPollResponse(answer);
    },
    async writeFeedback(pushKey, data) {
      await (await clients.realtime()).writeFeedback(pushKey, data);
    },
    async writePollReport(report) {
      await (await clients.firestore()).writePollReport(report);
    },
  };
}
