// Entry used by the service worker's 'sync' event: the same flusher, the same lock, no window.
import { kindTransport } from './deliver';
import { Flusher, type FlushReport } from './flusher';
import type { WriteKinds } from './kinds';
import { setRemoteIdentity } from '../remote';
import { recallIdentity } from './identity';

export { SYNC_TAG } from './constants';

export async function flushFromWorker(kinds: WriteKinds): Promise<FlushReport> {
  const uid = await recallIdentity();
  if (uid) setRemoteIdentity(uid);
  const flusher = new Flusher({ transport: kindTransport(kinds), kinds, setTimer: () => null, clearTimer: () => undefined });
  return flusher.flush();
}
