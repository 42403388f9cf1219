// Realtime Database: only the feedback push (spec §7), as a set at a client-made key.
import { connectDatabaseEmulator, getDatabase, goOffline, goOnline, onValue, ref, serverTimestamp, update, type Database } from 'firebase/database';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import { RemoteError, toRemoteError, withDeadline } from './errors';
import { FEEDBACK_INTERVAL_MS } from '../lib/limits';
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

/** One read (get() can wait for the whole connection to settle; a listener answers from the first snapshot). */
function readOnce(rdb: Database, path: string): Promise<{ last?: unknown; target?: unknown } | null> {
  return withDeadline(
    new Promise((resolve, reject) => {
      onValue(ref(rdb, path), (snap) => resolve(snap.val() as { last?: unknown; target?: unknown } | null), reject, { onlyOnce: true });
    }),
    10_000,
    'Reading the feedback mark',
  );
}

export function createRealtimeClient(config: RemoteConfig) {
  const rdb = database(config);
  return {
    /**
     * The feedback and its writer's rate mark (database.rules.json: one feedback per FEEDBACK_INTERVAL_MS per
     * user, and the mark names the one feedback it allows) in one atomic update. A refusal is looked into
     * through the mark, which only its owner reads: it names this feedback → an earlier attempt landed (a
     * replay); it is recent → too soon after the last one, a retry; otherwise the refusal it was.
     */
    async writeFeedback(pushKey: string, data: { feedback: string }): Promise<void> {
      try {
        const uid = await authUid(config); // the rules accept feedback from signed-in (anonymous) visitors only
        // Signed with its writer's uid: the rules let only that writer replay it (database.rules.json).
        const write = update(ref(rdb), { [`feedbacks/${pushKey}`]: { ...data, uid }, [`feedbackRates/${uid}`]: { last: serverTimestamp(), target: pushKey } });
        // update() never settles while the socket is down (the SDK queues it); the deadline turns that into a retry.
        await withDeadline(write, 15_000, 'Sending feedback').catch(async (err: unknown) => {
          if (toRemoteError(err).code !== 'permission-denied') throw err;
          const mark = await readOnce(rdb, `feedbackRates/${uid}`).catch(() => null);
          if (mark?.target === pushKey) return; // delivered by an earlier attempt
          // A phone's clock may be off by a minute or two: a refusal within this much of the last feedback is
          // taken as "too soon"; retried after the interval, it either lands or comes back as the refusal it is.
          if (typeof mark?.last === 'number' && Date.now() - mark.last < FEEDBACK_INTERVAL_MS + 120_000) {
            const err = new RemoteError('rate-limited', `Feedback can be sent once every ${FEEDBACK_INTERVAL_MS / 1000} seconds; this one goes next.`);
            err.rate = { what: 'feedback', limit: FEEDBACK_INTERVAL_MS / 1000 };
            throw err;
          }
          throw err;
        });
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
