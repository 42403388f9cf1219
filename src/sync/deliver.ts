import { db, type OutboxRow, type TownSquareDB } from '../db/core';
import { loadFirestore, loadRealtime, type FirestoreClient, type RealtimeClient } from '../remote';
import type { OutboxPayloads } from './outbox';

/** What the flusher needs from the outside world; tests pass a fault-injecting fake. */
export interface Transport {
  deliver(row: OutboxRow): Promise<void>;
  /** Optional: send several award votes in one atomic commit (all or none). */
  deliverVotes?(rows: OutboxRow[]): Promise<void>;
}

export interface Clients {
  firestore: () => Promise<FirestoreClient>;
  realtime: () => Promise<RealtimeClient>;
}

const defaultClients: Clients = { firestore: () => loadFirestore(), realtime: () => loadRealtime() };

/** Sends one row to its deterministic target (a set, never an auto-id add). */
export function firebaseTransport(clients: Clients = defaultClients): Transport {
  return {
    async deliverVotes(rows) {
      const items = rows.map((r) => r.payload as OutboxPayloads['poll-response']);
      await (await clients.firestore()).writePollResponses(items);
    },
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
  await markDeliveredMany([row], now, database);
}

/** Many rows in one transaction (a flush of 1,000 rows is not 1,000 transactions). */
export async function markDeliveredMany(rows: OutboxRow[], now: number, database: TownSquareDB = db): Promise<void> {
  if (rows.length === 0) return;
  await database.transaction('rw', [database.outbox, database.votes, database.userPolls, database.feedback], async () => {
    for (const row of rows) await markOne(row, now, database);
  });
}

async function markOne(row: OutboxRow, now: number, database: TownSquareDB): Promise<void> {
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
}
