import { db, type OutboxRow, type Table, type TownSquareDB } from '../db/core';
import type { WriteKind } from './kinds';

/**
 * The one way a screen writes: `kind.apply` (the local effect) and the kind's outbox row commit in one transaction,
 * then the flusher is told. If anything throws nothing is stored and the error reaches the caller.
 */
export async function mutate<P, A, R>(kind: WriteKind<P, A, R>, args: A, options: { now?: number; database?: TownSquareDB } = {}): Promise<R> {
  const database = options.database ?? db;
  const now = options.now ?? Date.now();
  return commitWithOutbox(
    kind.tables(database),
    async () => {
      const { payload, result } = await kind.apply(database, args, now);
      await enqueue(kind, payload, now, database);
      return result;
    },
    database,
  );
}

/** The keys of the rows of `kind` still in the outbox (queued, sending or refused). */
export async function waitingKeys(kind: Pick<WriteKind, 'kind'>, database: TownSquareDB = db): Promise<Set<string>> {
  return new Set((await database.outbox.where('kind').equals(kind.kind).toArray()).map((r) => r.key));
}

/**
 * Adds an item of `kind` to the outbox. Call it inside the caller's Dexie transaction (which must include
 * `db.outbox`) so the local effect and its outbox row commit together or not at all.
 * Enqueueing the same target twice is a no-op: one document, one row.
 */
export async function enqueue<P>(kind: Pick<WriteKind<P>, 'kind' | 'target'>, payload: P, now = Date.now(), database: TownSquareDB = db): Promise<string> {
  return enqueueRow({ key: kind.target(payload), kind: kind.kind, payload, createdAt: now, attempts: 0, nextAttemptAt: now, state: 'queued', lastError: null }, database);
}

/**
 * Adds a row built elsewhere (src/sync/awardVoteRow.ts, shared with the pre-app ballot's raw IndexedDB write),
 * inside the caller's transaction. The same key twice is a no-op, as for enqueue.
 */
export async function enqueueRow(row: OutboxRow, database: TownSquareDB = db): Promise<string> {
  const existing = await database.outbox.where('key').equals(row.key).first();
  if (existing) return row.key;
  await database.outbox.add(row);
  return row.key;
}

type Listener = () => void;
const committedListeners = new Set<Listener>();

/** The flusher and triggers subscribe here to hear about newly committed items. */
export function onCommitted(listener: Listener): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

/**
 * Tells the flusher about a row committed outside Dexie (the prerendered ballot's vote, written with raw
 * IndexedDB while this page's app was already running): Dexie's own commits go through commitWithOutbox.
 */
export function announceCommitted(): void {
  for (const l of committedListeners) l();
}

/**
 * Runs `work` in one read-write transaction over `tables` plus the outbox, then — only after the
 * commit — tells the flusher. If the transaction fails nothing is stored and the error reaches the caller.
 */
export async function commitWithOutbox<T>(tables: Table[], work: () => Promise<T>, database: TownSquareDB = db): Promise<T> {
  const result = await database.transaction('rw', [...tables, database.outbox], work);
  for (const l of committedListeners) l();
  return result;
}

/** Deletes an item the user chose to give up on (after confirming). The local effect stays as it is. */
export async function discardRow(seq: number, database: TownSquareDB = db): Promise<void> {
  await database.outbox.delete(seq);
}

/**
 * A connectivity change or "Send now" is new information: waiting rows become due now, and their backoff starts
 * over (whatever they accumulated while the connection was down).
 */
export async function makeAllDue(now = Date.now(), database: TownSquareDB = db): Promise<void> {
  await database.outbox.where('state').equals('queued').modify({ nextAttemptAt: now, retries: 0 });
}
