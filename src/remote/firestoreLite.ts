// One-shot reads and writes through firebase/firestore/lite (32 kB gz instead of 136 kB for the full SDK).
import {
  Bytes, Timestamp, collection, connectFirestoreEmulator, doc, getDoc, getDocs, getFirestore, increment,
  query, runTransaction, serverTimestamp, setDoc, where, writeBatch, type DocumentReference, type Firestore,
} from 'firebase/firestore/lite';
import { authUid } from './auth';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import type { PollQuestion } from '../lib/pollQuestion';
import { guard, RemoteError } from './errors';
import { RATE_LIMITS } from '../lib/limits';

/**
 * A response as the analytics screen and the CSV may use it (text answers no longer than an option may be), or
 * null. Written out rather than with the schema library: this module is the outbox's send path, and the library
 * would come with every vote sent (the bench's send-path budget).
 */
function asResponse(data: Record<string, unknown>): { pollId: string; responseId?: string; answers: Record<string, string>; timestamp?: unknown } | null {
  const { pollId, responseId, answers, timestamp } = data;
  if (typeof pollId !== 'string' || (responseId !== undefined && typeof responseId !== 'string')) return null;
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return null;
  const entries = Object.entries(answers);
  if (!entries.every(([, answer]) => typeof answer === 'string' && answer.length <= 300)) return null;
  return { pollId, ...(responseId === undefined ? {} : { responseId }), answers: Object.fromEntries(entries) as Record<string, string>, timestamp };
}

/**
 * Who wrote a vote or an answer, as the rules check it (firestore.rules authorOf): SHA-256 of the signed-in uid
 * and the poll. Only this writer can make it, so only this writer may re-send or read back the document.
 */
async function authorOf(uid: string, pollId: string): Promise<Bytes> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${uid}/${pollId}`));
  return Bytes.fromUint8Array(new Uint8Array(digest));
}

const WRITE_DEADLINE_MS = 20_000;

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * "Permission denied" on a write this writer may already have stored (a replay after a lost acknowledgement):
 * read it back — the rules let its writer `get` it — and compare. The same content is this write, delivered;
 * anything else (or nothing, or a read that is refused too) is the refusal it was. Never assumed.
 */
async function deniedUnlessStored(err: unknown, ref: DocumentReference, same: (stored: Record<string, unknown>) => boolean): Promise<void> {
  if ((err as { code?: string } | null)?.code !== 'permission-denied') throw err;
  const stored = await getDoc(ref).catch(() => null);
  if (stored?.exists() && same(stored.data())) return;
  throw err;
}

/**
 * Abuse limits (firestore.rules, "Rate limits"): a community poll or an answer counts itself, in the same commit,
 * in its writer's bucket for the hour.
 */
type RateKind = keyof typeof RATE_LIMITS;
const HOUR_MS = 3_600_000;

function bucketRef(db: Firestore, uid: string, kind: RateKind): DocumentReference {
  return doc(db, 'rates', uid, 'buckets', `${kind}-${Math.floor(Date.now() / HOUR_MS)}`);
}
/** The count that goes with the write it counts (the rules check both together). */
const countOf = (target: string) => ({ count: increment(1), target });

/**
 * After a refusal: if this hour's bucket is full, the write was refused for being over the limit, and it can go
 * in the next hour — a retry, with words for the queue screen. Anything else stays the refusal it was.
 */
async function overLimitOr(err: unknown, db: Firestore, uid: string, kind: RateKind): Promise<never> {
  if ((err as { code?: string } | null)?.code === 'permission-denied') {
    const bucket = await getDoc(bucketRef(db, uid, kind)).catch(() => null);
    const count = bucket?.data()?.count;
    if (typeof count === 'number' && count >= RATE_LIMITS[kind]) {
      const next = new Date((Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS);
      const words = kind === 'polls' ? `This device has posted ${RATE_LIMITS.polls} polls this hour, the most allowed.` : `This device has answered ${RATE_LIMITS.answers} polls this hour, the most allowed.`;
      const err = new RemoteError('rate-limited', `${words} It will be sent after ${next.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.`);
      err.rate = { what: kind, limit: RATE_LIMITS[kind], until: next.getTime() };
      throw err;
    }
  }
  throw err;
}

const sortedAnswers = (a: Record<string, unknown>) => Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1)));
/** The answers this write sends and the ones stored, whatever order their keys came back in. */
const sameAnswers = (sent: Record<string, string>, stored: unknown): boolean =>
  sameJson(sortedAnswers(sent), sortedAnswers((stored ?? {}) as Record<string, unknown>));

const instances = new WeakMap<RemoteConfig, Firestore>();

function firestore(config: RemoteConfig): Firestore {
  let db = instances.get(config);
  if (!db) {
    db = getFirestore(appFor(config));
    if (config.emulators) {
      try {
        // The ID token comes from the app's Auth (src/remote/auth.ts), on the emulators as on a real project.
        connectFirestoreEmulator(db, config.emulators.firestore.host, config.emulators.firestore.port);
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
  questions: PollQuestion[];
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
    /** The authenticated uid the security rules see (src/remote/auth.ts). */
    authUid: () => authUid(config),
    /**
     * Set at a deterministic id: a replay with the same content lands on the same document, and the rules let
     * only its writer (the `author` hash) re-send it.
     */
    async writePollResponse(docId: string, data: PollResponseDoc): Promise<void> {
      await guard('Saving the vote', WRITE_DEADLINE_MS, async () => {
        const author = await authorOf(await authUid(config), data.pollId);
        const ref = doc(db, 'poll-responses', docId);
        await setDoc(ref, { ...data, author }).catch((err: unknown) =>
          deniedUnlessStored(err, ref, (s) => s.pollId === data.pollId && s.responseId === data.responseId && s.user === data.user
            && s.timestamp === data.timestamp && sameAnswers(data.answers, s.answers)),
        );
      });
    },
    /**
     * Many votes in one commit (one request instead of one each). Atomic: if the server refuses
     * any of them, none is written and the caller retries them one by one to find which.
     */
    async writePollResponses(items: { docId: string; data: PollResponseDoc }[]): Promise<void> {
      await guard('Saving votes', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const batch = writeBatch(db);
        for (const { docId, data } of items) batch.set(doc(db, 'poll-responses', docId), { ...data, author: await authorOf(uid, data.pollId) });
        await batch.commit();
      });
    },
    /**
     * A new community poll, in a transaction: if the poll is already there (our earlier attempt, whose
     * acknowledgement was lost or which was still in flight when we gave up on it) and it is ours with the same
     * content, that is this write, delivered — its server timestamp is the only difference. The transaction's
     * read and write are atomic, so a first attempt landing meanwhile makes the commit retry and find it, never
     * turn this into an update the rules refuse. The server sees who wrote it (ownerUid, uploaderId and the
     * author's id are the signed-in uid: the rules bind them).
     */
    async writeUserPoll(data: UserPollDoc): Promise<'created' | 'already-there'> {
      return guard('Saving the poll', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const ref = doc(db, 'user-polls', data.pollId);
        const poll = { ...data, uploaderId: uid, uploadedBy: data.uploadedBy ? { id: uid, first_name: data.uploadedBy.first_name } : null, ownerUid: uid };
        return runTransaction(db, async (tx) => {
          const existing = await tx.get(ref);
          if (existing.exists()) {
            const stored = existing.data();
            const same = stored.ownerUid === uid && stored.title === poll.title && JSON.stringify(stored.questions) === JSON.stringify(poll.questions);
            if (same) return 'already-there' as const;
            throw new RemoteError('already-exists', 'Another poll already has this id.');
          }
          tx.set(ref, { ...poll, uploadedOn: serverTimestamp() });
          tx.set(bucketRef(db, uid, 'polls'), countOf(data.pollId), { merge: true });
          return 'created' as const;
        }).catch((err: unknown) => overLimitOr(err, db, uid, 'polls'));
      });
    },
    /**
     * The answers (readable only by the poll's owner and their writer) and a public tally row (pollId only,
     * so anyone can count votes) in one batch; both are sets at the response's id, so a replay is idempotent.
     */
    async writeUserPollResponse(data: UserPollResponseDoc): Promise<void> {
      await guard('Saving the response', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const author = await authorOf(uid, data.pollId);
        const batch = writeBatch(db);
        const ref = doc(db, 'user-poll-responses', data.responseId);
        batch.set(ref, { ...data, timestamp: Timestamp.fromMillis(data.timestamp), author });
        batch.set(doc(db, 'user-poll-votes', data.responseId), { pollId: data.pollId });
        batch.set(bucketRef(db, uid, 'answers'), countOf(data.responseId), { merge: true });
        await batch.commit()
          .catch((err: unknown) =>
            deniedUnlessStored(err, ref, (s) => s.pollId === data.pollId && s.timestamp instanceof Timestamp && s.timestamp.toMillis() === data.timestamp
              && sameAnswers(data.answers, s.answers)))
          .catch((err: unknown) => overLimitOr(err, db, uid, 'answers'));
      });
    },

    /**
     * The visitor's first name from their account document (users/{uid}/user_details/info, readable by its owner
     * only): what "Posted by" shows when no user-details API is configured or it does not know the visitor.
     * Anything unusable is null; a failure is thrown (src/remote/index.ts turns it into null).
     */
    async fetchAccountFirstName(uid: string): Promise<string | null> {
      return guard('Loading your name', 10_000, async () => {
        if ((await authUid(config)) !== uid) return null; // only one's own account is readable
        const snap = await getDoc(doc(db, 'users', uid, 'user_details', 'info'));
        const name = snap.data()?.fName;
        return typeof name === 'string' && name.trim().length > 0 ? name.trim().slice(0, 50) : null;
      });
    },

    /**
     * The owner's responses to one poll. Each document passes the response schema before it reaches a screen or a
     * CSV; one that does not (a map or a number as an answer, an answer longer than any option — written with
     * the Admin SDK or before the rules checked answers) is skipped and counted, never a crash.
     */
    async fetchUserPollResponses(pollId: string): Promise<{ responses: UserPollResponseDoc[]; skipped: number }> {
      return guard('Loading responses', 60_000, async () => {
        await authUid(config);
        const snap = await getDocs(query(collection(db, 'user-poll-responses'), where('pollId', '==', pollId)));
        let skipped = 0;
        const responses = snap.docs.flatMap((d) => {
          const parsed = asResponse(d.data());
          if (!parsed) {
            skipped += 1;
            return [];
          }
          const { answers, timestamp: ts } = parsed;
          return [{
            pollId: parsed.pollId,
            responseId: parsed.responseId ?? d.id,
            answers,
            timestamp: ts instanceof Timestamp ? ts.toMillis() : typeof ts === 'number' && Number.isFinite(ts) ? ts : 0,
          }];
        });
        return { responses, skipped };
      });
    },
  };
}

export type FirestoreClient = ReturnType<typeof createFirestoreClient>;
