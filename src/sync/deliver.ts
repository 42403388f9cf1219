import { db, type OutboxRow, type TownSquareDB } from '../db/core';
import { loadFirestore, loadRealtime, type FirestoreClient, type RealtimeClient } from '../remote';
import type { OutboxPayloads } from './outbox';

/** What the flusher needs from the outside world; tests pass a fault-injecting fake. */
export interface Transport {
  deliver(row: OutboxRow): Promise<void>;
}

export interface Clients {
  firestore: () => Promise<FirestoreClient>;
  realtime: () => Promise<RealtimeClient>;
}

const defaultClients: Clients = { firestore: () => loadFirestore(), realtime: () => loadRealtime() };

/** Sends one row to its deterministic target (a set, never an auto-id add). */
export function firebaseTransport(clients: Clients = defaultClients): Transport {
  return {
    async deliver(row) {
      switch (row.kind) {
        case 'poll-response': {
          const p = row.payload as OutboxPayloads['poll-response'];
          await (await clients.firestore()).writePollResponse(p.docId, p.data);
          return;
        }
        case 'user-poll': {
          const p = row.payload as OutboxPayloads['user-poll'];
          await (await clients.firestore()).writeUserPoll(p.data);
          return;
        }
        case 'user-poll-response': {
          const p = row.payload as OutboxPayloads['user-poll-response'];
          await (await clients.firestore()).writeUserPollResponse(p.data);
          return;
        }
        case 'feedback': {
          const p = row.payload as OutboxPayloads['feedback'];
          await (await clients.realtime()).writeFeedback(p.pushKey, p.data);
          return;
        }
      }
    },
  };
}

/** After delivery: mark the local effect as sent, in the same transaction that deletes the row. */
export async function markDelivered(row: OutboxRow, now: number, database: TownSquareDB = db): Promise<void> {
  await database.transaction('rw', [database.outbox, database.votes, database.userPolls, database.feedback], async () => {
    await database.outbox.delete(row.seq!);
    if (row.kind === 'poll-response') {
      await database.votes.update((row.payload as OutboxPayloads['poll-response']).docId, { sentAt: now });
    } else if (row.kind === 'user-poll') {
      await database.userPolls.update((row.payload as OutboxPayloads['user-poll']).data.pollId, { local: false });
    } else if (row.kind === 'user-poll-response') {
      // The voter's own record of a user-poll answer (one per device per poll, see features/polls/data.ts).
      await database.votes.update(`user-poll:${(row.payload as OutboxPayloads['user-poll-response']).data.pollId}`, { sentAt: now });
    } else if (row.kind === 'feedback') {
      await database.feedback.update((row.payload as OutboxPayloads['feedback']).pushKey, { sentAt: now });
    }
  });
}
