import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  AwardPoll, BallotDraft, DraftRow, FeedbackRow, LocalVote, OrgInfoRow, OutboxRow, PackRow, PersonRow,
  PollCount, SentReceipt, UserPollResponseRow, UserPollRow,
} from './types';

import { DB_NAME, DB_VERSION } from './names';

export { DB_NAME, DB_VERSION };

export class TownSquareDB extends Dexie {
  outbox!: EntityTable<OutboxRow, 'seq'>;
  polls!: EntityTable<AwardPoll, 'id'>;
  votes!: EntityTable<LocalVote, 'docId'>;
  ballotDrafts!: EntityTable<BallotDraft, 'pollId'>;
  userPolls!: EntityTable<UserPollRow, 'pollId'>;
  userPollResponses!: EntityTable<UserPollResponseRow, 'responseId'>;
  pollCounts!: EntityTable<PollCount, 'pollId'>;
  orgInfo!: EntityTable<OrgInfoRow, 'id'>;
  people!: EntityTable<PersonRow, 'id'>;
  packs!: EntityTable<PackRow, 'name'>;
  drafts!: EntityTable<DraftRow, 'id'>;
  feedback!: EntityTable<FeedbackRow, 'pushKey'>;
  receipts!: EntityTable<SentReceipt, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    // v1: first release.
    this.version(1).stores({
      outbox: '++seq, &key, state, nextAttemptAt',
      polls: '&id',
      votes: '&docId, pollId',
      ballotDrafts: '&pollId',
      userPolls: '&pollId, uploaderId',
      userPollResponses: '&responseId, pollId',
      pollCounts: '&pollId',
      orgInfo: '&id',
      people: '&id, kind, name',
      packs: '&name',
      drafts: '&id',
      feedback: '&pushKey',
    });
    // v2 added a multi-entry index of search terms on people (and filled it for existing rows) and the outbox's
    // `kind` index. v3 drops the terms index again: civic search indexes the people in memory (MiniSearch,
    // src/features/civic/search.ts) and nothing read it, while every pack write paid for it. So v2's upgrade
    // no longer computes terms — on a v1 database it runs just before v3 removes them; v3 deletes the field
    // from rows that have it.
    this.version(2).stores({
      outbox: '++seq, &key, state, nextAttemptAt, kind',
      people: '&id, kind, name, *terms',
    });
    this.version(3)
      .stores({ people: '&id, kind, name' })
      .upgrade(async (tx) => {
        await tx.table<PersonRow & { terms?: unknown }>('people').toCollection().modify((row) => {
          delete row.terms;
        });
      });
    // v4 adds the queue screen's receipts of what was sent (src/db/receipts.ts): a new table, nothing to move.
    this.version(DB_VERSION).stores({ receipts: '++id, sentAt' });
  }
}

/** The v1 schema alone — used by the migration test to create data as the first release did. */
export function defineV1(db: Dexie): void {
  db.version(1).stores({
    outbox: '++seq, &key, state, nextAttemptAt',
    polls: '&id', votes: '&docId, pollId', ballotDrafts: '&pollId', userPolls: '&pollId, uploaderId',
    userPollResponses: '&responseId, pollId', pollCounts: '&pollId', orgInfo: '&id',
    people: '&id, kind, name', packs: '&name', drafts: '&id', feedback: '&pushKey',
  });
}

export type { Table };
