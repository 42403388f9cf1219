// Realtime Database: only the feedback push (spec §7), as a set at a client-made key.
import { connectDatabaseEmulator, getDatabase, goOffline, goOnline, ref, set, type Database } from 'firebase/database';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import { toRemoteError, withDeadline } from './errors';
import { authUid } from './auth';

const instances = new WeakMap<RemoteConfig, Database>();

function database(config: RemoteConfig): Database {
  let rdb = instances.get(config);
  if (!rdb) {
    rdb = getDatabase(appFor(config), config.firebase.databaseURL);
    if (config.emulators) {
      try {
        connectDatabaseEmulator(rdb, config.emulators.database.host, config.emulators.database.port);
      } catch {
        // already connected
      }
    }
    instances.set(config, rdb);
  }
  return rdb;
}

export function createRealtimeClient(config: RemoteConfig) {
  const rdb = database(config);
  return {
    async writeFeedback(pushKey: string, data: { feedback: string }): Promise<void> {
      try {
        await authUid(config); // the rules accept feedback from signed-in (anonymous) visitors only
        // set() never settles while the socket is down (the SDK queues it); the deadline turns that into a retry.
        await withDeadline(set(ref(rdb, `feedbacks/${pushKey}`), data), 15_000, 'Sending feedback');
      } catch (err) {
        throw toRemoteError(err);
      }
    },
    disconnect(): void {
      goOffline(rdb);
    },
    reconnect(): void {
      goOnline(rdb);
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
