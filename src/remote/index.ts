// Public surface of src/remote. Everything that touches `firebase/*` is behind a dynamic import,
// so the entry chunk never contains Firebase.
import { readConfig, type RemoteConfig } from './config';
import { authSdkStarted, takeRemoteIdentity } from './identity';

export { readConfig, type RemoteConfig } from './config';
export { RemoteError } from './errors';
export type { PollReportDoc, PollResponseDoc, UserPollDoc, UserPollResponseDoc, FirestoreClient } from './firestoreLite';
export type { RealtimeClient } from './realtime';
export type { PublicUserPoll } from './publicRest';
export type { AwardVoteWrite, Backend } from './backend';
import type { Backend } from './backend';
import type { PublicUserPoll } from './publicRest';

export { setRemoteIdentity } from './identity';

let defaultConfig: RemoteConfig | null = null;
const config = (): RemoteConfig => {
  if (defaultConfig) return defaultConfig;
  const identity = takeRemoteIdentity();
  return (defaultConfig = identity === undefined ? readConfig() : { ...readConfig(), identity });
};

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
 * The first page of a public list over plain REST (src/remote/publicRest.ts): no Firebase SDK on the way to a
 * screen's largest paint, and the same URL the prerendered page preloads. The page's own script (the /vote
 * preview, the award ballot) may already have asked for it: its answer is used. If that request failed, ask
 * again — the network may be back, and the error the app reports is its own.
 */
async function publicList<T>(collection: string, cfg: RemoteConfig, list: () => Promise<T>): Promise<T> {
  const { takeInitialList } = await import('./publicRest');
  const early = takeInitialList<T>(cfg, collection);
  if (early) {
    try {
      return await early;
    } catch {
      // fall through to a fresh request
    }
  }
  return list();
}

/** The user polls list (public). */
export async function fetchPublicUserPolls(cfg: RemoteConfig = config()): Promise<PublicUserPoll[]> {
  const { listPublicUserPolls } = await import('./publicRest');
  return publicList('user-polls', cfg, () => listPublicUserPolls(cfg));
}

/** The first page's URL of a public list: the one the screen reads, which a prerendered page preloads (src/app/server.tsx). */
export async function publicListUrlOf(collection: string, cfg: RemoteConfig = config()): Promise<string> {
  return (await import('./publicRest')).publicListUrl(cfg, collection);
}

/** Every award poll of the `polls` collection (public; organisers write them with the Admin SDK). */
export async function fetchAwardPolls(cfg: RemoteConfig = config()): Promise<(Record<string, unknown> & { id: string })[]> {
  const { listPublicCollection } = await import('./publicRest');
  return publicList('polls', cfg, () => listPublicCollection(cfg, 'polls'));
}

/** One user poll (public), or null when there is none. */
export async function fetchPublicUserPoll(pollId: string, cfg: RemoteConfig = config()): Promise<PublicUserPoll | null> {
  const { asPublicUserPoll, getPublicDocument } = await import('./publicRest');
  const doc = await getPublicDocument(cfg, 'user-polls', pollId);
  return doc ? asPublicUserPoll(doc) : null;
}

/** One document of `civic-packs` (public: published corrections, src/features/civic/published.ts), or null. */
export async function fetchPublishedPack(id: string, cfg: RemoteConfig = config()): Promise<Record<string, unknown> | null> {
  const { getPublicDocument } = await import('./publicRest');
  return getPublicDocument(cfg, 'civic-packs', id);
}

/** One organisation-info document (public), or null when there is none. */
export async function fetchOrgInfoDoc(id: string, cfg: RemoteConfig = config()): Promise<Record<string, unknown> | null> {
  const { getPublicDocument } = await import('./publicRest');
  return getPublicDocument(cfg, 'org-info', id);
}

/** Votes cast in a user poll (its public tally rows), counted by the server over plain REST. */
export async function countUserPollVotes(pollId: string, cfg: RemoteConfig = config()): Promise<number> {
  const { countPublic } = await import('./publicRest');
  return countPublic(cfg, 'user-poll-votes', 'pollId', pollId);
}

/**
 * A community poll's results as everyone may read them (issue #54): the answers of each of its public tally rows,
 * never who gave them. A row from before the rows carried answers has none (`{}`): counted, not broken down.
 */
export async function fetchUserPollTally(pollId: string, cfg: RemoteConfig = config()): Promise<Record<string, unknown>[]> {
  const { queryPublic } = await import('./publicRest');
  // `answers` only: the tally's id and poll are known, and nothing else is in the row.
  return (await queryPublic(cfg, 'user-poll-votes', 'pollId', pollId, ['answers'])).map((row) => (row['answers'] && typeof row['answers'] === 'object' ? row['answers'] as Record<string, unknown> : {}));
}

/**
 * Signs the visitor in now, if nobody is (src/remote/anonymousUser.ts or auth.ts): the uid that Account, Settings and
 * My Polls are checked against, and the user a service worker finds when it sends a write later with no page open.
 */
export async function signIn(cfg: RemoteConfig = config()): Promise<string> {
  // Without the Auth SDK when it is not running here yet and nobody in particular is asked for: the usual case, a
  // visitor's page soon after it loaded (src/remote/anonymousUser.ts says why). An identity a demo link asks for
  // (emulators) needs the SDK's custom-token sign-in; with no IndexedDB (Node) the SDK keeps the user in memory.
  if (!authSdkStarted() && !(cfg.emulators && cfg.identity) && typeof indexedDB !== 'undefined') {
    return (await import('./anonymousUser')).signUpAnonymously(cfg);
  }
  return (await import('./auth')).authUid(cfg);
}

/**
 * Learns how far this device's clock is from the server's (src/remote/serverClock.ts), so that what is done while
 * offline afterwards carries it. Throws when offline.
 */
export async function learnServerClock(cfg: RemoteConfig = config()): Promise<number> {
  return (await import('./serverClock')).serverOffset(cfg);
}

/** Signs the visitor out on this device (src/remote/auth.ts signOutVisitor). */
export async function signOut(cfg: RemoteConfig = config()): Promise<void> {
  await (await import('./auth')).signOutVisitor(cfg);
}

/** The visitor's first name from their own account document, or null (src/remote/firestoreLite.ts). */
export async function fetchAccountFirstName(uid: string, cfg: RemoteConfig = config()): Promise<string | null> {
  try {
    return await (await loadFirestore(cfg)).fetchAccountFirstName(uid);
  } catch {
    return null; // offline, refused, or the Firebase chunk could not load: no name, as without an account
  }
}

/** The outbox's way to the server (src/remote/backend.ts), over the default clients. */
export function remoteBackend(cfg: RemoteConfig = config()): Promise<Backend> {
  return once(`backend:${cfg.firebase.projectId}`, async () => (await import('./backend')).createBackend({ firestore: () => loadFirestore(cfg), realtime: () => loadRealtime(cfg) }));
}

export function loadRealtime(cfg: RemoteConfig = config()) {
  return once(`rt:${cfg.firebase.projectId}`, async () => (await import('./realtime')).createRealtimeClient(cfg));
}

/**
 * Whether an organiser is signed in on this device (Auth's stored user of the 'organiser' app), without loading
 * Firebase: the organiser screen shows its sign-in form at once when nobody is.
 */
export async function organiserStored(cfg: RemoteConfig = config()): Promise<boolean> {
  return (await import('./storedUser')).storedUserExists(cfg.firebase.apiKey, 'organiser');
}

/** The organisers' client (src/remote/organiser.ts): its own sign-in, live polls and tally, live-only writes. */
export function loadOrganiser(cfg: RemoteConfig = config()) {
  return once(`organiser:${cfg.firebase.projectId}`, async () => (await import('./organiser')).createOrganiserClient(cfg));
}
export type { OrganiserClient, OrganiserSession, AwardPollRecord, AwardCategory, TallyRow, RefusalRow, CommunityPollRecord, ReportRow, FeedbackRecord } from './organiser';

export function loadLive(cfg: RemoteConfig = config()) {
  return once(`live:${cfg.firebase.projectId}`, async () => (await import('./live')).createLiveClient(cfg));
}

export { fetchUserDetails, fetchOrganisation, type ApiUser } from './api';
