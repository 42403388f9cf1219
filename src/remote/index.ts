// Public surface of src/remote. Everything that touches `firebase/*` is behind a dynamic import,
// so the entry chunk never contains Firebase.
import { readConfig, type RemoteConfig } from './config';

export { readConfig, type RemoteConfig } from './config';
export { RemoteError } from './errors';
export type { PollResponseDoc, UserPollDoc, UserPollResponseDoc, FirestoreClient } from './firestoreLite';
export type { RealtimeClient } from './realtime';

let defaultConfig: RemoteConfig | null = null;
let identity: string | undefined;
const config = (): RemoteConfig => (defaultConfig ??= identity === undefined ? readConfig() : { ...readConfig(), identity });

/** Called once at start-up with the visitor id: the emulators' mock auth token uses it. */
export function setRemoteIdentity(uid: string): void {
  if (defaultConfig) return; // clients already exist; keep the identity they were made with
  identity = uid;
}

const cache = new Map<string, Promise<unknown>>();
function once<T>(name: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(name) as Promise<T> | undefined;
  if (!p) {
    // A failed chunk load must not be cached forever: drop it so the next call retries.
    p = load().catch((err: unknown) => {
      cache.delete(name);
      throw err;
    });
    cache.set(name, p);
  }
  return p;
}

export function loadFirestore(cfg: RemoteConfig = config()) {
  return once(`fs:${cfg.firebase.projectId}`, async () => (await import('./firestoreLite')).createFirestoreClient(cfg));
}

/**
 * The user polls list over plain REST (src/remote/publicRest.ts): no Firebase SDK on the way to /vote's
 * largest paint, and the same URL the prerendered page preloads.
 */
export async function fetchPublicUserPolls(cfg: RemoteConfig = config()): Promise<(Record<string, unknown> & { pollId: string; uploadedOnMs: number | null })[]> {
  const { listPublicCollection } = await import('./publicRest');
  return (await listPublicCollection(cfg, 'user-polls')).map(({ id, ...data }) => {
    const on = data['uploadedOn'];
    return { ...data, pollId: id, uploadedOnMs: typeof on === 'number' && Number.isFinite(on) ? on : null };
  });
}

export function loadRealtime(cfg: RemoteConfig = config()) {
  return once(`rt:${cfg.firebase.projectId}`, async () => (await import('./realtime')).createRealtimeClient(cfg));
}

export function loadLive(cfg: RemoteConfig = config()) {
  return once(`live:${cfg.firebase.projectId}`, async () => (await import('./live')).createLiveClient(cfg));
}

export { fetchUserDetails, fetchOrganisation, type ApiUser } from './api';
