// Public surface of the sync engine: enqueue inside your transaction, watch the outbox, send now.
import { db, describeStorageError, useLiveQuery, type OutboxRow } from '../db';
import { firebaseTransport } from './deliver';
import { Flusher } from './flusher';
import { makeAllDue } from './outbox';
import { useSyncStatus } from './status';
import { installTriggers } from './triggers';

export { enqueue, commitWithOutbox, retryRow, discardRow, targetPath, type OutboxPayloads } from './outbox';
export { useSyncStatus } from './status';
export { requestPersistence } from './triggers';
export { rememberIdentity } from './identity';

let flusher: Flusher | null = null;

/** Starts the page's flusher and its triggers. Idempotent. */
export function startSync(): void {
  if (flusher || typeof window === 'undefined') return;
  flusher = new Flusher({
    transport: firebaseTransport(),
    onActivity: (sending) => useSyncStatus.setState({ sending }),
    onReport: (r) => useSyncStatus.setState({ lastFlushAt: Date.now(), lastDelivered: r.delivered }),
  });
  installTriggers(flusher, (online) => useSyncStatus.setState({ online }));
  // The service worker flushes on its 'sync' event; it tells open pages so their state refreshes.
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'outbox-flushed') void flusher?.flush();
  });
}

/** "Send now": everything waiting becomes due and a flush starts at once. */
export async function sendNow(): Promise<void> {
  await makeAllDue();
  await flusher?.flush();
}

export interface OutboxView {
  rows: OutboxRow[];
  waiting: number;
  failed: number;
}

/** Live view of the outbox; the badge and the queue screen read this, so they cannot drift. */
export function useOutbox(): OutboxView | undefined {
  return useLiveQuery(async () => {
    const rows = await db.outbox.orderBy('seq').toArray();
    return { rows, waiting: rows.filter((r) => r.state !== 'failed').length, failed: rows.filter((r) => r.state === 'failed').length };
  }, []);
}

export { describeStorageError };
