// The comparison for the sync-throughput benchmark (scripts/bench/sync.mjs): the full Firestore SDK's own
// offline queue (persistentLocalCache, mutations kept in IndexedDB) sending the same writes the outbox
// sends. Bundled by the benchmark with Vite's build API and served as /bench-sdk.html; never shipped.
import { initializeApp } from 'firebase/app';
import {
  Bytes, connectFirestoreEmulator, doc, getDoc, getDocFromCache, initializeFirestore, persistentLocalCache,
  persistentSingleTabManager, writeBatch, type Firestore,
} from 'firebase/firestore';

export interface SdkQueueConfig {
  host: string;
  port: number;
  projectId: string;
  /** The emulator's mock auth token subject (security rules need a signed-in user). */
  uid: string;
  /** A document to read once online, so the SDK is connected and warm like the app's page. */
  warmupPath: string;
}

export interface QueuedWrite {
  docId: string;
  data: { pollId: string; responseId: string; answers: Record<string, string>; timestamp: string; user: string };
}

interface BenchSdk {
  init(config: SdkQueueConfig): Promise<void>;
  /** Queues the writes (without waiting for the server); resolves once all are applied to the local cache. */
  enqueue(writes: QueuedWrite[]): Promise<number>;
  /** Resolves with performance.now() once the server acknowledged every queued write. */
  acknowledged(): Promise<number>;
  failures(): string[];
}

declare global {
  interface Window {
    benchSdk?: BenchSdk;
  }
}

let db: Firestore | null = null;
let uid = '';

/** The author hash the rules require on a vote (as src/remote/firestoreLite.ts makes it): SHA-256 of uid/pollId. */
async function authorOf(pollId: string): Promise<Bytes> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${uid}/${pollId}`));
  return Bytes.fromUint8Array(new Uint8Array(digest));
}
const pending: Promise<void>[] = [];
const failed: string[] = [];

function firestore(): Firestore {
  if (!db) throw new Error('benchSdk.init() first');
  return db;
}

window.benchSdk = {
  async init(config) {
    const app = initializeApp({ apiKey: 'demo-key', projectId: config.projectId }, 'bench-sdk');
    db = initializeFirestore(app, { localCache: persistentLocalCache({ tabManager: persistentSingleTabManager(undefined) }) });
    uid = config.uid;
    connectFirestoreEmulator(db, config.host, config.port, { mockUserToken: { sub: config.uid, user_id: config.uid } });
    await getDoc(doc(db, config.warmupPath));
  },
  async enqueue(writes) {
    const t0 = performance.now();
    const fs = firestore();
    const authors = new Map<string, Bytes>();
    for (const w of writes) {
      if (!authors.has(w.data.pollId)) authors.set(w.data.pollId, await authorOf(w.data.pollId));
      // The vote, its tally row and this device's count in its poll in one commit, as the app sends them
      // (firestore.rules, issue #52). Every bench vote is its device's first in its poll, so n is 1 without a read.
      const batch = writeBatch(fs);
      batch.set(doc(fs, 'poll-responses', w.docId), { ...w.data, author: authors.get(w.data.pollId) });
      batch.set(doc(fs, 'award-tally', w.data.responseId), { pollId: w.data.pollId, answers: w.data.answers, at: w.data.timestamp, n: 1, via: 'open' });
      batch.set(doc(fs, 'voters', uid, 'ballots', w.data.pollId), { n: 1, vote: w.docId });
      pending.push(
        batch.commit().catch((err: unknown) => {
          failed.push(`${w.docId}: ${String(err)}`);
        }),
      );
    }
    const last = writes[writes.length - 1];
    // Operations run in order on the SDK's queue: once this read sees the last write, all are local.
    if (last) await getDocFromCache(doc(fs, 'poll-responses', last.docId));
    return performance.now() - t0;
  },
  async acknowledged() {
    await Promise.all(pending);
    return performance.now();
  },
  failures() {
    return [...failed];
  },
};
