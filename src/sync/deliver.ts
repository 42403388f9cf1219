// How rows reach the server: through their kind (src/sync/kinds.ts) and the Backend src/remote implements.
import type { OutboxRow, TownSquareDB } from '../db/core';
// Its own module, not the entry's db chunk: only the flusher and the queue screen need it.
import { keepReceipts } from '../db/receipts';
import { remoteBackend, type Backend } from '../remote';
import { resolve, type WriteKinds } from './kinds';
import { t } from '../lib/t';

/** What the flusher needs from the outside world; the unit tests pass a fault-injecting fake. */
export interface Transport {
  deliver(row: OutboxRow): Promise<void>;
  /** Whether rows of this kind may go together in one request (deliverMany). */
  batches?(kind: string): boolean;
  /** Rows of one kind in one request: all land or none. */
  deliverMany?(rows: OutboxRow[]): Promise<void>;
}

/** A row that cannot be sent by this version of the app (an unknown kind, a payload it cannot read): permanent. */
class UnsendableError extends Error {
  readonly code = 'unsendable';
  constructor(message: string) {
    super(message);
    this.name = 'UnsendableError';
  }
}

function resolved(kinds: WriteKinds, row: OutboxRow) {
  const r = resolve(kinds, row);
  if ('error' in r) throw new UnsendableError(r.error);
  return r;
}

/** The production transport: each row through its kind's deliver, over the lazily loaded Firebase clients. */
export function kindTransport(kinds: WriteKinds, backend: () => Promise<Backend> = () => remoteBackend()): Transport {
  return {
    async deliver(row) {
      const { kind, payload } = resolved(kinds, row);
      await kind.deliver(await backend(), payload);
    },
    batches: (kind) => typeof kinds.get(kind)?.deliverMany === 'function',
    async deliverMany(rows) {
      const items = rows.map((row) => resolved(kinds, row));
      const kind = items[0]?.kind;
      if (!kind?.deliverMany) throw new UnsendableError(t('common.refused.together'));
      await kind.deliverMany(await backend(), items.map((i) => i.payload));
    },
  };
}

/**
 * After delivery: deletes the rows and marks each one's local effect as sent (its kind's `sent`), in one
 * transaction (a flush of 1,000 rows is not 1,000 transactions).
 */
export async function markDeliveredMany(rows: OutboxRow[], now: number, database: TownSquareDB, kinds: WriteKinds): Promise<void> {
  if (rows.length === 0) return;
  const tables = new Set([database.outbox, database.receipts, ...[...kinds.values()].flatMap((k) => k.tables(database))]);
  await database.transaction('rw', [...tables], async () => {
    for (const row of rows) {
      await database.outbox.delete(row.seq!);
      const r = resolve(kinds, row);
      if ('kind' in r) await r.kind.sent(database, r.payload, now);
    }
    await keepReceipts(database, rows, now); // the queue screen's "Recently sent"
  });
}
