// The organisers' side (issue #31): an organiser's own sign-in, the award polls and the live tally, and the
// writes that open, close and edit a poll. Loaded only by /organiser (src/remote/index.ts loadOrganiser).
//
// A Firebase app of its own, named 'organiser': its Auth user (e-mail and password) is stored under its own key,
// so signing in as an organiser leaves this device's anonymous attendee — and every vote, answer and feedback it
// has queued, which the outbox sends as that attendee — exactly as they were. The claim that makes an organiser
// (`organiser: true`) is set by the Admin side only (npm run organiser); the rules check it, this module only
// reads it to say whether the account is one.
//
// Reads are live listeners (the full SDK, loaded when the first listener starts: a vote reaches the screen within a second of its commit; the cost is
// one read per vote per open screen — docs/organisers.md compares the ways to count). Writes go through the lite
// SDK over plain requests, never the full SDK's queue: an organiser's action is live or refused, so the screen
// can say when it took effect (a close queued offline would take effect whenever the laptop reconnected).
import {
  connectAuthEmulator, indexedDBLocalPersistence, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword,
  signOut, type Auth, type User,
} from 'firebase/auth';
import {
  connectFirestoreEmulator as connectLiteEmulator, deleteField, doc, getFirestore as getLiteFirestore, runTransaction,
  serverTimestamp, setDoc, Timestamp as LiteTimestamp, type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import { serverNow } from '../lib/serverNow';
import { appFor } from './app';
import type { LiveDoc, LiveTarget } from './organiserLive';
import type { RemoteConfig } from './config';
import { guard, RemoteError, toRemoteError } from './errors';

export interface OrganiserSession {
  uid: string;
  email: string;
  /** The account's ID token carries the claim `organiser: true` (what the rules check). */
  organiser: boolean;
}

export interface AwardCategory {
  id: string;
  question: string;
  options: string[];
}

export interface AwardPollRecord {
  id: string;
  title: string;
  questions: AwardCategory[];
  open?: boolean;
  order?: number;
  /** On the server's clock, ms; null when the poll has none. */
  opensAt: number | null;
  closesAt: number | null;
}

/** One counted vote without who cast it (firestore.rules award-tally): its poll, its answers, its cast time (ISO). */
export interface TallyRow {
  id: string;
  pollId: string;
  answers: Record<string, string>;
  at: string;
}

/** `asOf`: when the server confirmed this snapshot (server clock, ms); null while it comes from the cache (offline). */
export type Watcher<T> = (data: T, asOf: number | null) => void;

const APP_NAME = 'organiser'; // also read by src/remote/index.ts organiserStored
const WRITE_DEADLINE_MS = 15_000;

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
// A Timestamp of either SDK (the listeners' full one, the writes' lite one): both have toMillis.
const millis = (v: unknown): number | null => (typeof (v as { toMillis?: unknown } | null)?.toMillis === 'function' ? (v as { toMillis(): number }).toMillis() : null);

function asCategory(v: unknown): AwardCategory | null {
  const q = asRecord(v);
  if (typeof q.id !== 'string' || typeof q.question !== 'string' || !Array.isArray(q.options)) return null;
  return { id: q.id, question: q.question, options: q.options.filter((o): o is string => typeof o === 'string') };
}

/** A `polls` document as the organiser screens use it, or null when it is not an award poll. */
export function asPollRecord(id: string, data: unknown): AwardPollRecord | null {
  const d = asRecord(data);
  if (typeof d.title !== 'string' || !Array.isArray(d.questions)) return null;
  const questions = d.questions.map(asCategory);
  if (questions.some((q) => q === null)) return null;
  return {
    id,
    title: d.title,
    questions: questions as AwardCategory[],
    ...(typeof d.open === 'boolean' ? { open: d.open } : {}),
    ...(typeof d.order === 'number' ? { order: d.order } : {}),
    opensAt: millis(d.opensAt),
    closesAt: millis(d.closesAt),
  };
}

function asTallyRow(id: string, data: unknown): TallyRow | null {
  const d = asRecord(data);
  const answers = asRecord(d.answers);
  if (typeof d.pollId !== 'string' || typeof d.at !== 'string') return null;
  if (!Object.values(answers).every((a) => typeof a === 'string')) return null;
  return { id, pollId: d.pollId, answers: answers as Record<string, string>, at: d.at };
}

/** Auth's words for a failed sign-in, in the screens' vocabulary. */
function signInError(err: unknown): RemoteError {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (/invalid-credential|wrong-password|user-not-found|invalid-email|invalid-login-credentials|user-disabled/.test(code)) {
    return new RemoteError('wrong-credentials', 'That e-mail and password do not match an account.');
  }
  return toRemoteError(err);
}

export function createOrganiserClient(config: RemoteConfig) {
  const app = appFor(config, APP_NAME);
  const auth: Auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, inMemoryPersistence] });
  const lite: LiteFirestore = getLiteFirestore(app);
  if (config.emulators) {
    const { auth: a, firestore: f } = config.emulators;
    connectAuthEmulator(auth, `http://${a.host}:${a.port}`, { disableWarnings: true });
    connectLiteEmulator(lite, f.host, f.port);
  }

  async function sessionOf(user: User, refresh: boolean): Promise<OrganiserSession> {
    // A fresh token after sign-in: a claim granted since the last one was issued shows at once.
    const claims = (await user.getIdTokenResult(refresh)).claims;
    return { uid: user.uid, email: user.email ?? '', organiser: claims.organiser === true };
  }

  /**
   * Listens once the organiser's user is known; errors (a refusal: not an organiser) reach `onError`. The full SDK
   * (src/remote/organiserLive.ts) is loaded here, not with the sign-in form: a first visit needs only Auth.
   */
  function listen<T>(target: LiveTarget, read: (docs: LiveDoc[]) => T, on: Watcher<T>, onError: (e: RemoteError) => void): () => void {
    let stop: (() => void) | null = null;
    let closed = false;
    void Promise.all([import('./organiserLive'), auth.authStateReady()]).then(
      ([live]) => {
        if (closed) return;
        stop = live.watch(app, config, target, (docs, fromCache) => on(read(docs), fromCache ? null : serverNow()), (err) => onError(toRemoteError(err)));
      },
      (err: unknown) => {
        if (!closed) onError(toRemoteError(err)); // the listeners' chunk did not load (offline)
      },
    );
    return () => {
      closed = true;
      stop?.();
    };
  }

  /** An action that must be live: refused at once when the browser knows it is offline, else sent with a deadline. */
  function live<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      return Promise.reject(new RemoteError('unavailable', `${what} needs a connection.`));
    }
    return guard(what, WRITE_DEADLINE_MS, run);
  }

  return {
    /** The organiser signed in on this device (remembered across visits), or null. */
    async current(): Promise<OrganiserSession | null> {
      await auth.authStateReady();
      const user = auth.currentUser;
      return user ? sessionOf(user, false).catch(() => ({ uid: user.uid, email: user.email ?? '', organiser: false })) : null;
    },
    async signIn(email: string, password: string): Promise<OrganiserSession> {
      try {
        const { user } = await signInWithEmailAndPassword(auth, email.trim(), password);
        return await sessionOf(user, true);
      } catch (err) {
        throw signInError(err);
      }
    },
    async signOut(): Promise<void> {
      await signOut(auth);
    },
    /** Every award poll (public), live. */
    watchPolls(on: Watcher<AwardPollRecord[]>, onError: (e: RemoteError) => void): () => void {
      return listen({ collection: 'polls' }, (docs) => docs.flatMap((d) => asPollRecord(d.id, d.data) ?? []), on, onError);
    },
    /** The counted votes of one poll (organisers only: the rules refuse anyone else), live. */
    watchTally(pollId: string, on: Watcher<TallyRow[]>, onError: (e: RemoteError) => void): () => void {
      return listen({ collection: 'award-tally', pollId }, (docs) => docs.flatMap((d) => asTallyRow(d.id, d.data) ?? []), on, onError);
    },
    /**
     * Creates or edits a poll's title, categories and order; its window is left as it is. A new poll is created
     * closed (`open: false`): it takes no vote until an organiser opens it.
     */
    savePoll(poll: Omit<AwardPollRecord, 'opensAt' | 'closesAt' | 'open'>): Promise<void> {
      return live('Saving the poll', async () => {
        const ref = doc(lite, 'polls', poll.id);
        const fields = { id: poll.id, title: poll.title, questions: poll.questions.map((q) => ({ id: q.id, question: q.question, options: [...q.options] })), ...(poll.order === undefined ? {} : { order: poll.order }) };
        await runTransaction(lite, async (tx) => {
          const existing = await tx.get(ref);
          if (existing.exists()) tx.update(ref, fields);
          else tx.set(ref, { ...fields, open: false });
        });
      });
    },
    /**
     * Sets when voting opens and closes. 'now' is the server's own time (serverTimestamp: never this laptop's
     * clock); a number is an absolute moment the organiser chose; null removes it. A window replaces the old
     * `open` flag, which is removed.
     */
    setWindow(pollId: string, w: { opensAt?: number | 'now' | null; closesAt?: number | 'now' | null }): Promise<void> {
      const value = (v: number | 'now' | null) => (v === 'now' ? serverTimestamp() : v === null ? deleteField() : LiteTimestamp.fromMillis(v));
      return live(w.closesAt === 'now' ? 'Closing voting' : 'Changing the voting times', async () => {
        await setDoc(
          doc(lite, 'polls', pollId),
          { open: deleteField(), ...(w.opensAt === undefined ? {} : { opensAt: value(w.opensAt) }), ...(w.closesAt === undefined ? {} : { closesAt: value(w.closesAt) }) },
          { merge: true },
        );
      });
    },
  };
}

export type OrganiserClient = ReturnType<typeof createOrganiserClient>;
