// Entry used by the service worker's 'sync' event: the same flusher, the same lock, no window.
// It sends as the user the page signed in (Firebase Auth keeps that user in IndexedDB, which the worker shares),
// or signs in anonymously itself when nobody is yet (src/remote/auth.ts).
import { showOnBadge } from './badge';
import { outboxCounts } from './counts';
import { Flusher, type FlushReport } from './flusher';
import type { WriteKinds } from './kinds';

export { SYNC_TAG } from './constants';

export async function flushFromWorker(kinds: WriteKinds): Promise<FlushReport> {
  // navigator.onLine: the app's online flag lives in the page (its store would bring React into this script), and
  // the browser fires 'sync' only when it believes there is a connection; a failed send is retried as usual.
  const flusher = new Flusher({ kinds, isOnline: () => navigator.onLine, setTimer: () => null, clearTimer: () => undefined });
  const report = await flusher.flush();
  // No page may be open to do it: the icon's number now says what is still waiting (badge.ts).
  await outboxCounts().then((c) => showOnBadge(c.waiting), () => undefined);
  return report;
}
