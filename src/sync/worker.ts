// Entry used by the service worker's 'sync' event: the same flusher, the same lock, no window.
// It sends as the user the page signed in (Firebase Auth keeps that user in IndexedDB, which the worker shares),
// or signs in anonymously itself when nobody is yet (src/remote/auth.ts).
import { kindTransport } from './deliver';
import { Flusher, type FlushReport } from './flusher';
import type { WriteKinds } from './kinds';

export { SYNC_TAG } from './constants';

export async function flushFromWorker(kinds: WriteKinds): Promise<FlushReport> {
  const flusher = new Flusher({ transport: kindTransport(kinds), kinds, setTimer: () => null, clearTimer: () => undefined });
  return flusher.flush();
}
