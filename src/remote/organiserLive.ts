// The organisers' live listeners (src/remote/organiser.ts): the full Firestore SDK, in a chunk of its own so the
// sign-in form does not wait for it on a first visit (venue Wi-Fi: npm run bench, section 9).
import type { FirebaseApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, getFirestore, onSnapshot, query, where, type Firestore } from 'firebase/firestore';
import type { RemoteConfig } from './config';

/** What to watch: a whole collection, or its documents of one poll. */
export interface LiveTarget {
  collection: 'polls' | 'award-tally' | 'award-refusals' | 'user-polls' | 'poll-reports';
  pollId?: string;
}
export interface LiveDoc {
  id: string;
  data: unknown;
}

const instances = new WeakMap<FirebaseApp, Firestore>();

function firestoreOf(app: FirebaseApp, config: RemoteConfig): Firestore {
  let db = instances.get(app);
  if (!db) {
    db = getFirestore(app);
    if (config.emulators) connectFirestoreEmulator(db, config.emulators.firestore.host, config.emulators.firestore.port);
    instances.set(app, db);
  }
  return db;
}

/** Every snapshot (with metadata changes: the cache flag says whether the server confirmed it), until stopped. */
export function watch(app: FirebaseApp, config: RemoteConfig, target: LiveTarget, on: (docs: LiveDoc[], fromCache: boolean) => void, onError: (err: unknown) => void): () => void {
  const db = firestoreOf(app, config);
  const ref = collection(db, target.collection);
  const q = target.pollId === undefined ? ref : query(ref, where('pollId', '==', target.pollId));
  return onSnapshot(q, { includeMetadataChanges: true }, (snap) => on(snap.docs.map((d) => ({ id: d.id, data: d.data() })), snap.metadata.fromCache), onError);
}
