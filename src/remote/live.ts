// Live listeners (spec §7: prefs/{uid}, users/{uid}/user_details/info). Only these screens load the full
// Firestore SDK; everything else uses the lite build.
import { connectFirestoreEmulator, doc, getFirestore, onSnapshot, type Firestore } from 'firebase/firestore';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import { toRemoteError, type RemoteError } from './errors';
import { authUid } from './auth';

export interface LiveDoc<T> {
  exists: boolean;
  data: T | null;
  fromCache: boolean;
}

let instance: Firestore | null = null;

export function createLiveClient(config: RemoteConfig) {
  // The same app as the lite client (the two SDKs register different components), so the same signed-in user:
  // a second app would sign in a second anonymous user, whom the rules would not let read this visitor's data.
  const app = appFor(config);
  if (!instance) {
    instance = getFirestore(app);
    if (config.emulators) connectFirestoreEmulator(instance, config.emulators.firestore.host, config.emulators.firestore.port);
  }
  const db = instance;
  return {
    authUid: () => authUid(config),
    /** Listens once signed in (the rules let only the signed-in owner read these documents). */
    watchDoc<T>(path: string, onData: (d: LiveDoc<T>) => void, onError: (e: RemoteError) => void): () => void {
      let stop: (() => void) | null = null;
      let closed = false;
      authUid(config).then(
        () => {
          if (closed) return;
          stop = onSnapshot(
            doc(db, path),
            { includeMetadataChanges: false },
            (snap) => onData({ exists: snap.exists(), data: snap.exists() ? (snap.data() as T) : null, fromCache: snap.metadata.fromCache }),
            (err) => onError(toRemoteError(err)),
          );
        },
        (err: unknown) => {
          if (!closed) onError(toRemoteError(err)); // no connection for a first sign-in: 'unavailable'
        },
      );
      return () => {
        closed = true;
        stop?.();
      };
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
