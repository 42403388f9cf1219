// Live listeners (spec §7: prefs/{uid}, users/{uid}/user_details/info). Only these screens load the full
// Firestore SDK; everything else uses the lite build.
import { connectFirestoreEmulator, doc, getFirestore, onSnapshot, type Firestore } from 'firebase/firestore';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import { toRemoteError, type RemoteError } from './errors';
import { authUid, mockToken } from './auth';

export interface LiveDoc<T> {
  exists: boolean;
  data: T | null;
  fromCache: boolean;
}

let instance: Firestore | null = null;

export function createLiveClient(config: RemoteConfig) {
  // A separate app name keeps the full SDK's Firestore instance apart from the lite one.
  const app = appFor(config, 'live');
  if (!instance) {
    instance = getFirestore(app);
    if (config.emulators) connectFirestoreEmulator(instance, config.emulators.firestore.host, config.emulators.firestore.port, { mockUserToken: mockToken(config) });
  }
  const db = instance;
  return {
    authUid: () => authUid(config, 'live'),
    watchDoc<T>(path: string, onData: (d: LiveDoc<T>) => void, onError: (e: RemoteError) => void): () => void {
      return onSnapshot(
        doc(db, path),
        { includeMetadataChanges: false },
        (snap) => onData({ exists: snap.exists(), data: snap.exists() ? (snap.data() as T) : null, fromCache: snap.metadata.fromCache }),
        (err) => onError(toRemoteError(err)),
      );
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
