// One-shot reads and writes through firebase/firestore/lite (32 kB gz instead of 136 kB for the full SDK).
import {
  Timestamp, collection, connectFirestoreEmulator, doc, getDoc, getDocs, getFirestore,
  query, serverTimestamp, setDoc, where, writeBatch, type Firestore,
} from 'firebase/firestore/lite';
import { authUid, mockToken } from './auth';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import { guard } from './errors';

const WRITE_DEADLINE_MS = 20_000;

const instances = new WeakMap<RemoteConfig, Firestore>();

function firestore(config: RemoteConfig): Firestore {
  let db = instances.get(config);
  if (!db) {
    db = getFirestore(appFor(config));
    if (config.emulators) {
      try {
        connectFirestoreEmulator(db, config.emulators.firestore.host, config.emulators.firestore.port, { mockUserToken: mockToken(config) });
      } catch {
        // Already connected by an earlier instance of the same app: fine.
      }
    }
    instances.set(config, db);
  }
  return db;
}

export interface PollResponseDoc {
  pollId: string;
  responseId: string;
  answers: Record<string, string>;
  timestamp: string;
  user: string;
}

export interface UserPollDoc {
  title: string;
  questions: { id: string; question: string; options: string[] }[];
  pollId: string;
  uploadedBy: { id: string; first_name: string } | null;
  uploaderId: string;
}

export interface UserPollResponseDoc {
  pollId: string;
  answers: Record<string, string>;
  /** epoch ms; stored as a Firestore timestamp (spec: "date value"). */
  timestamp: number;
  responseId: string;
}

export function createFirestoreClient(config: RemoteConfig) {
  const db = firestore(config);
  return {
    /** The authenticated uid the security rules see (anonymous sign-in, or the emulator mock token). */
    authUid: () => authUid(config),
    /** Set at a deterministic id: a replay with the same content lands on the same document. */
    async writePollResponse(docId: string, data: PollResponseDoc): Promise<void> {
      await guard('Saving the vote', WRITE_DEADLINE_MS, async () => {
        await authUid(config);
        await setDoc(doc(db, 'poll-responses', docId), data);
      });
    },
    /**
     * Many votes in one commit (one request instead of one each). Atomic: if the server refuses
     * any of them, none is written and the caller retries them one by one to find which.
     */
    async writePollResponses(items: { docId: string; data: PollResponseDoc }[]): Promise<void> {
      await guard('Saving votes', WRITE_DEADLINE_MS, async () => {
        await authUid(config);
        const batch = writeBatch(db);
        for (const { docId, data } of items) batch.set(doc(db, 'poll-responses', docId), data);
        await batch.commit();
      });
    },
    /**
     * User polls carry a server timestamp, so a replay would not be identical; a poll that already exists
     * (our earlier attempt whose acknowledgement was lost) counts as delivered.
     */
    async writeUserPoll(data: UserPollDoc): Promise<'created' | 'already-there'> {
      return guard('Saving the poll', WRITE_DEADLINE_MS, async () => {
        const ref = doc(db, 'user-polls', data.pollId);
        const existing = await getDoc(ref);
        if (existing.exists()) return 'already-there';
        // ownerUid is what the rules check; uploaderId stays the spec's visitor id.
        await setDoc(ref, { ...data, ownerUid: await authUid(config), uploadedOn: serverTimestamp() });
        return 'created';
      });
    },
    /**
     * The answers (readable only by the poll's owner) and a public tally row (pollId only, so anyone
     * can count votes) in one batch; both are sets at the response's id, so a replay is idempotent.
     */
    async writeUserPollResponse(data: UserPollResponseDoc): Promise<void> {
      await guard('Saving the response', WRITE_DEADLINE_MS, async () => {
        await authUid(config);
        const batch = writeBatch(db);
        batch.set(doc(db, 'user-poll-responses', data.responseId), { ...data, timestamp: Timestamp.fromMillis(data.timestamp) });
        batch.set(doc(db, 'user-poll-votes', data.responseId), { pollId: data.pollId });
        await batch.commit();
      });
    },

    async fetchUserPollResponses(pollId: string): Promise<UserPollResponseDoc[]> {
      return guard('Loading responses', 60_000, async () => {
        await authUid(config);
        const snap = await getDocs(query(collection(db, 'user-poll-responses'), where('pollId', '==', pollId)));
        return snap.docs.map((d) => {
          const data = d.data();
          const ts = data.timestamp;
          return {
            pollId: String(data.pollId),
            responseId: typeof data.responseId === 'string' ? data.responseId : d.id,
            answers: (data.answers ?? {}) as Record<string, string>,
            timestamp: ts instanceof Timestamp ? ts.toMillis() : typeof ts === 'number' ? ts : Date.parse(String(ts)) || 0,
          };
        });
      });
    },
  };
}

export type FirestoreClient = ReturnType<typeof createFirestoreClient>;
