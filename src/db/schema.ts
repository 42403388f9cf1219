import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  AwardPoll, BallotDraft, DraftRow, FeedbackRow, LocalVote, OrgInfoRow, OutboxRow, PackRow, PersonRow,
  PollCount, UserPollResponseRow, UserPollRow,
} from './types';

export const DB_NAME = 'town-square';
/** Bump together with a new `version()` block below; never edit a shipped block. */
export const DB_VERSION = 2;

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
    // v2: offline search needs a multi-entry index of search terms on people, and the sync screen
    // groups by kind. Existing people rows get their terms computed so search works without a pack reload.
    this.version(DB_VERSION)
      .stores({
        outbox: '++seq, &key, state, nextAttemptAt, kind',
        people: '&id, kind, name, *terms',
      })
      .upgrade(async (tx) => {
        await tx.table<PersonRow>('people').toCollection().modify((row) => {
          row.terms = searchTerms([row.name, ...stringFields(row.entry)]);
        });
      });
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

function stringFields(entry: Record<string, unknown>): string[] {
  const keys = ['state', 'stateName', 'title', 'position', 'Office', 'party', 'Party'];
  return keys.map((k) => entry[k]).filter((v): v is string => typeof v === 'string');
}

/** Lower-cased word prefixes' roots: every word of the given texts, de-duplicated. */
export function searchTerms(texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const w of text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/)) {
      if (w.length > 0) words.add(w);
    }
  }
  return [...words];
}

export function termsForEntry(name: string, entry: Record<string, unknown>): string[] {
  return searchTerms([name, ...stringFields(entry)]);
}

export type { Table };
