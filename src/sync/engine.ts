// The page's flusher and its triggers. Loaded at idle by main.tsx (not in the entry chunk), and
// statically by the screens that need sendNow(); both get the same module instance.
import { db, liveQuery } from '../db';
import { learnServerClock, signIn } from '../remote';
import { watchAppBadge } from './badge';
import { Flusher } from './flusher';
import type { WriteKinds } from './kinds';
import { makeAllDue } from './outbox';
import { isOnline, noteAnswered, noteNoAnswer } from '../session';
import { useSyncStatus } from './status';
import { installTriggers } from './triggers';

let flusher: Flusher | null = null;

/** Starts the page's flusher and its triggers, for these kinds of writes (src/features/outbox/writeKinds.ts). Idempotent. */
export function startSync(kinds: WriteKinds): void {
  if (flusher || typeof window === 'undefined') return;
  flusher = new Flusher({
    kinds,
    // The app's online flag (status.ts), not navigator.onLine: a venue Wi-Fi without an uplink says "online".
    isOnline,
    onActivity: (sending) => useSyncStatus.setState({ sending }),
    onReport: (r) => {
      useSyncStatus.setState({ lastFlushAt: Date.now(), lastDelivered: r.delivered });
      // What a send observed feeds the online flag: a delivery is an answer; a stalled pass may mean no connection.
      if (r.delivered > 0) noteAnswered();
      else if (r.stalled) noteNoAnswer();
    },
  });
  installTriggers(flusher);
  // The home-screen icon's number follows the outbox from now on (badge.ts).
  watchAppBadge();
  // Stand by behind another tab's flush: the moment any tab marks rows 'sending', queue for the lock.
  // While that tab lives we just wait in line; if it dies mid-flush the lock comes to us at once and we
  // re-send what it left behind (our own backoff timer may be much later than that).
  liveQuery(() => db.outbox.where('state').equals('sending').count()).subscribe({
    next: (inFlight) => {
      if (inFlight > 0) void flusher?.flush();
    },
  });
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

/**
 * Signs the visitor in while the page is online (main.tsx's warm-up, after the page has loaded, and again when
 * the connection returns if it failed). Why not wait for the first write: a write queued offline before any
 * sign-in is sent by whoever flushes first once online — often the service worker's Background Sync, which
 * would sign in a user of its own. Signed in here, the device has one user the page and the worker share.
 */
export function signInWhenOnline(): void {
  if (!isOnline()) return;
  void signIn().catch(() => undefined); // offline or refused: the next write or reconnect tries again
  // And how far this device's clock is from the server's, so a vote cast offline later is sent with the right time.
  void learnServerClock().catch(() => undefined);
}
