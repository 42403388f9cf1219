// Entry used by the service worker's 'sync' event: the same flusher, the same lock, no window.
import { firebaseTransport } from './deliver';
import { Flusher, type FlushReport } from './flusher';

export { SYNC_TAG } from './constants';

export async function flushFromWorker(): Promise<FlushReport> {
  const flusher = new Flusher({ transport: firebaseTransport(), setTimer: () => null, clearTimer: () => undefined });
  return flusher.flush();
}
