// The queue screen's receipts (issue #35): once everything is sent the queue is empty, and a short record of what
// went lets a voter see that it worked. Written in the transaction that deletes delivered rows (src/sync/flusher.ts, markDeliveredMany),
// so a receipt exists exactly when its row is gone. Only a bounded recent past is kept: it is reassurance, not a log.
import type { OutboxRow, SentReceipt } from './types';
import type { TownSquareDB } from './schema';

/** How much is kept: the latest 20 receipts, none older than 7 days. */
export const RECEIPTS_KEPT = { count: 20, ageMs: 7 * 24 * 60 * 60 * 1000 } as const;

/** Inside a transaction that includes `database.receipts`: a receipt per delivered row, then the old ones pruned. */
export async function keepReceipts(database: TownSquareDB, rows: readonly OutboxRow[], now: number): Promise<void> {
  if (rows.length === 0) return;
  // A backlog of hundreds sent at once keeps only what would survive the count anyway.
  const kept = rows.slice(-RECEIPTS_KEPT.count);
  await database.receipts.bulkAdd(kept.map((row): SentReceipt => ({ key: row.key, kind: row.kind, payload: row.payload, createdAt: row.createdAt, sentAt: now })));
  await database.receipts.where('sentAt').below(now - RECEIPTS_KEPT.ageMs).delete();
  const extra = (await database.receipts.count()) - RECEIPTS_KEPT.count;
  if (extra > 0) await database.receipts.bulkDelete(await database.receipts.orderBy('id').limit(extra).primaryKeys());
}

/** The receipts to show at `now`, newest first (one older than the window may linger until the next send). */
export async function recentReceipts(database: TownSquareDB, now: number): Promise<SentReceipt[]> {
  const since = now - RECEIPTS_KEPT.ageMs;
  return (await database.receipts.orderBy('id').reverse().toArray()).filter((r) => r.sentAt >= since);
}
