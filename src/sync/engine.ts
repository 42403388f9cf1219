// The page's flusher and its triggers. Loaded at idle by main.tsx (not in the entry chunk), and
// statically by the screens that need sendNow(); both get the same module instance.
import { firebaseTransport } from './deliver';
import { Flusher } from './flusher';
import { makeAllDue } from './outbox';
import { useSyncStatus } from './status';
import { installTriggers } from './triggers';

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
