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
  collection, connectFirestoreEmulator as connectLiteEmulator, deleteField, doc, getCount, getDocs, getFirestore as getLiteFirestore, query,
  runTransaction, serverTimestamp, Timestamp as LiteTimestamp, updateDoc, where, writeBatch, type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import { serverNow } from '../lib/serverNow';
import { DEVICE_LIMIT_MAX } from '../lib/limits';
import type { StoredPollTexts } from '../lib/pollQuestion';
import { NIGHT as NIGHT_SCOPE } from '../lib/votingCodes';
import { appFor } from './app';
import type { LiveDoc, LiveTarget } from './organiserLive';
import type { RemoteConfig } from './config';
import { guard, RemoteError, toRemoteError } from './errors';
import { codeForStatus, isRulesRefusal, request, restUrl } from './rtdbRest';

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
  /** Who may vote (issue #52): 'ticketed' — one ballot per voting code; absent or 'open' — per e-mail, deviceLimit a device. */
  voting?: 'open' | 'ticketed';
  /** In open mode, the most ballots one device may cast (absent: 1). */
  deviceLimit?: number;
  /** The title and categories in Spanish and Arabic (issue #57), as stored: one text a language (features/polls/awardModel.ts). */
  i18n?: StoredPollTexts;
}

/** One counted vote without who cast it (firestore.rules award-tally): its poll, its answers, its cast time (ISO). */
export interface TallyRow {
  id: string;
  pollId: string;
  answers: Record<string, string>;
  at: string;
  /** The casting device's ballot number in this poll (issue #52); absent on rows from before it. */
  n?: number;
  /** How it was allowed: 'code' (ticketed) or 'open'. */
  via?: 'open' | 'code';
}

/** A refused award vote as its phone reported it (firestore.rules award-refusals): a poll and a cause, no one's. */
export interface RefusalRow {
  id: string;
  pollId: string;
  cause: string;
}

/** A community poll as moderation sees it (issue #53): what attendees see of it, and whether it is hidden. */
export interface CommunityPollRecord {
  id: string;
  title: string;
  /** Server time, ms; null when unreadable. */
  uploadedOn: number | null;
  questions: number;
  /** When an organiser hid it (server time, ms), or null. */
  hiddenAt: number | null;
}

/** A report of a community poll (firestore.rules poll-reports): one per device and poll, a reason, no one's name. */
export interface ReportRow {
  id: string;
  pollId: string;
  reason: string;
  /** Server time, ms. */
  at: number | null;
}

/** One attendee's feedback as the organisers' list shows it (database.rules.json feedbacks): the words, no one's. */
export interface FeedbackRecord {
  /** Its push key: time-ordered by the writing phone's clock, so newest last. */
  key: string;
  text: string;
  /** Hidden from the organisers' list since (server time, ms); null when shown. */
  hiddenAt: number | null;
}

/** `asOf`: when the server confirmed this snapshot (server clock, ms); null while it comes from the cache (offline). */
export type Watcher<T> = (data: T, asOf: number | null) => void;

const APP_NAME = 'organiser'; // also read by src/remote/index.ts organiserStored
const WRITE_DEADLINE_MS = 15_000;

/**
 * The fields an award poll may hold (firestore.rules validAwardPoll's hasOnly). Every organiser write leaves the
 * document with these only: the seeded demo polls carry `demo: true`, and a poll an older version wrote may carry
 * a field since dropped — kept, either made every open, close and save on that poll a refusal (issue #53).
 */
export const AWARD_POLL_FIELDS = ['id', 'title', 'questions', 'open', 'order', 'opensAt', 'closesAt', 'voting', 'deviceLimit', 'i18n'] as const;

/** The rules' bounds on an award poll (firestore.rules validCategory / validAwardPoll; the form's POLL_LIMITS). */
const POLL_BOUNDS = { title: 150, categories: 20, category: 300, nominee: 150, nomineesMin: 2, nomineesMax: 20, id: 128 } as const;

/**
 * What in a poll document the rules would refuse, as a code and the category it is in (1-based), or null when
 * this device finds nothing: how a refusal is put in words instead of "is this account still an organiser?".
 */
export function pollProblem(d: Record<string, unknown>): { what: 'title' | 'categories' | 'category' | 'nominees' | 'nominee' | 'deviceLimit' | 'translation'; category?: number } | null {
  const B = POLL_BOUNDS;
  if (typeof d.title !== 'string' || d.title.length < 1 || d.title.length > B.title) return { what: 'title' };
  if (d.deviceLimit !== undefined && (!Number.isInteger(d.deviceLimit) || (d.deviceLimit as number) < 1 || (d.deviceLimit as number) > DEVICE_LIMIT_MAX)) return { what: 'deviceLimit' };
  const qs = d.questions;
  if (!Array.isArray(qs) || qs.length < 1 || qs.length > B.categories) return { what: 'categories' };
  for (const [i, raw] of qs.entries()) {
    const q = asRecord(raw);
    const category = i + 1;
    if (Object.keys(q).length !== 3 || typeof q.id !== 'string' || q.id.length < 1 || q.id.length > B.id) return { what: 'category', category };
    if (typeof q.question !== 'string' || q.question.length < 1 || q.question.length > B.category) return { what: 'category', category };
    if (!Array.isArray(q.options) || q.options.length < B.nomineesMin || q.options.length > B.nomineesMax) return { what: 'nominees', category };
    if (!q.options.every((o) => typeof o === 'string' && o.length >= 1 && o.length <= B.nominee && !o.includes('\n'))) return { what: 'nominee', category };
  }
  // The Spanish and Arabic words (issue #57), as firestore.rules validLocalTexts bounds them: one text a language,
  // a title line of at most 150 characters, then exactly one line of at most 300 a category.
  // (A field being removed is a FieldValue, not a plain object: nothing to check.)
  const removing = typeof d.i18n === 'object' && d.i18n !== null && !Array.isArray(d.i18n) && Object.getPrototypeOf(d.i18n) !== Object.prototype;
  if (d.i18n !== undefined && !removing) {
    const given = Object.entries(asRecord(d.i18n));
    const fits = ([lang, text]: [string, unknown]) => {
      if ((lang !== 'es' && lang !== 'ar') || typeof text !== 'string') return false;
      const [title = '', ...lines] = text.split('\n');
      return title.length <= B.title && lines.length === qs.length && lines.every((l) => l.length <= B.category);
    };
    if (given.length === 0 || !given.every(fits)) return { what: 'translation' };
  }
  return null;
}

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
    ...(d.voting === 'ticketed' || d.voting === 'open' ? { voting: d.voting } : {}),
    ...(typeof d.deviceLimit === 'number' ? { deviceLimit: d.deviceLimit } : {}),
    ...storedTexts(d.i18n),
  };
}

/** The Spanish and Arabic texts as stored, each language a string (the form reads their lines). */
function storedTexts(v: unknown): { i18n?: StoredPollTexts } {
  const d = asRecord(v);
  const i18n: StoredPollTexts = {
    ...(typeof d.es === 'string' ? { es: d.es } : {}),
    ...(typeof d.ar === 'string' ? { ar: d.ar } : {}),
  };
  return Object.keys(i18n).length ? { i18n } : {};
}

function asTallyRow(id: string, data: unknown): TallyRow | null {
  const d = asRecord(data);
  const answers = asRecord(d.answers);
  if (typeof d.pollId !== 'string' || typeof d.at !== 'string') return null;
  if (!Object.values(answers).every((a) => typeof a === 'string')) return null;
  return {
    id, pollId: d.pollId, answers: answers as Record<string, string>, at: d.at,
    ...(typeof d.n === 'number' && Number.isInteger(d.n) && d.n >= 1 ? { n: d.n } : {}),
    ...(d.via === 'code' || d.via === 'open' ? { via: d.via } : {}),
  };
}

function asCommunityPoll(id: string, data: unknown): CommunityPollRecord | null {
  const d = asRecord(data);
  if (typeof d.title !== 'string') return null;
  return { id, title: d.title, uploadedOn: millis(d.uploadedOn), questions: Array.isArray(d.questions) ? d.questions.length : 0, hiddenAt: millis(d.hiddenAt) };
}

function asReportRow(id: string, data: unknown): ReportRow | null {
  const d = asRecord(data);
  return typeof d.pollId === 'string' && typeof d.reason === 'string' ? { id, pollId: d.pollId, reason: d.reason, at: millis(d.at) } : null;
}

function asFeedback(key: string, data: unknown): FeedbackRecord | null {
  const d = asRecord(data);
  return typeof d.feedback === 'string' ? { key, text: d.feedback, hiddenAt: typeof d.hiddenAt === 'number' ? d.hiddenAt : null } : null;
}

function asRefusalRow(id: string, data: unknown): RefusalRow | null {
  const d = asRecord(data);
  return typeof d.pollId === 'string' && typeof d.cause === 'string' ? { id, pollId: d.pollId, cause: d.cause } : null;
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

  /**
   * One organiser write to polls/{pollId}, in a transaction: `change` gets the stored document (null if none) and
   * gives the fields to write. Fields the rules no longer allow are removed in the same write, and `id` is set
   * (older documents lack it). A refusal is looked into before it is reported (explainRefusal).
   */
  async function edit(pollId: string, change: (existing: Record<string, unknown> | null) => Record<string, unknown>): Promise<void> {
    const ref = doc(lite, 'polls', pollId);
    let result: Record<string, unknown> = {};
    try {
      await runTransaction(lite, async (tx) => {
        const snap = await tx.get(ref);
        const existing = snap.exists() ? snap.data() : null;
        const fields = change(existing);
        if (!existing) {
          result = fields;
          tx.set(ref, fields);
          return;
        }
        const allowed = new Set<string>(AWARD_POLL_FIELDS);
        const stray = Object.fromEntries(Object.keys(existing).filter((k) => !allowed.has(k)).map((k) => [k, deleteField()]));
        result = { ...Object.fromEntries(Object.entries(existing).filter(([k]) => allowed.has(k))), ...fields, id: pollId };
        tx.update(ref, { ...stray, ...fields, id: pollId });
      });
    } catch (err) {
      throw await explainRefusal(err, result);
    }
  }

  /**
   * A permission-denied in words: the account has lost its claim (asked with a fresh token), or the poll as it
   * would be stored breaks one of the rules' bounds (pollProblem); otherwise the refusal as it came.
   */
  async function explainRefusal(err: unknown, poll: Record<string, unknown> | null): Promise<RemoteError> {
    const e = toRemoteError(err);
    if (e.code !== 'permission-denied') return e;
    const user = auth.currentUser;
    const claims = user ? await user.getIdTokenResult(true).then((r) => r.claims, () => null) : null;
    if (!user || claims?.organiser !== true) {
      return Object.assign(new RemoteError('not-organiser', 'refused: this account does not carry the organiser claim'), { cause: e });
    }
    const problem = poll ? pollProblem(poll) : null;
    if (problem) return Object.assign(new RemoteError('poll-invalid', `refused: the poll's ${problem.what} is outside the rules' bounds`), { problem, cause: e });
    return e;
  }

  /**
   * One Realtime Database request with the organiser's ID token; a refusal by the rules is explained like a Firestore
   * one (the account has lost its claim?), any other failure keeps its code (unavailable: try again).
   */
  async function feedbackRequest(path: string, init: RequestInit, what: string): Promise<{ body: unknown }> {
    await auth.authStateReady();
    const user = auth.currentUser;
    if (!user) throw new RemoteError('not-organiser', 'refused: nobody is signed in');
    let answer = await request(restUrl(config, path, await user.getIdToken()), init, what);
    // A token the server could not use (expired) is answered 401 without the rules' words: once more, fresh.
    if ((answer.status === 401 || answer.status === 403) && !isRulesRefusal(answer.status, answer.error)) {
      answer = await request(restUrl(config, path, await user.getIdToken(true)), init, what);
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    const err = new RemoteError(isRulesRefusal(answer.status, answer.error) ? 'permission-denied' : codeForStatus(answer.status), `${what}: HTTP ${answer.status} ${answer.error}`.trim());
    throw await explainRefusal(err, null);
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
    /** The refused votes of one poll that phones reported (organisers only), live: the integrity view's causes. */
    watchRefusals(pollId: string, on: Watcher<RefusalRow[]>, onError: (e: RemoteError) => void): () => void {
      return listen({ collection: 'award-refusals', pollId }, (docs) => docs.flatMap((d) => asRefusalRow(d.id, d.data) ?? []), on, onError);
    },
    /** Every community poll (public), live, with whether it is hidden (issue #53). */
    watchCommunityPolls(on: Watcher<CommunityPollRecord[]>, onError: (e: RemoteError) => void): () => void {
      return listen({ collection: 'user-polls' }, (docs) => docs.flatMap((d) => asCommunityPoll(d.id, d.data) ?? []), on, onError);
    },
    /** Every report of a community poll (organisers only), live. */
    watchReports(on: Watcher<ReportRow[]>, onError: (e: RemoteError) => void): () => void {
      return listen({ collection: 'poll-reports' }, (docs) => docs.flatMap((d) => asReportRow(d.id, d.data) ?? []), on, onError);
    },
    /**
     * Hides a community poll from every attendee's list (hiddenAt: the server's time) or restores it. Live like every
     * organiser action; a refusal says whether the account lost its claim.
     */
    setHidden(pollId: string, hidden: boolean): Promise<void> {
      return live(hidden ? 'Hiding the poll' : 'Restoring the poll', async () => {
        try {
          await updateDoc(doc(lite, 'user-polls', pollId), { hiddenAt: hidden ? serverTimestamp() : deleteField() });
        } catch (err) {
          throw await explainRefusal(err, null);
        }
      });
    },
    /**
     * Every attendee's feedback, newest first (the Realtime Database over REST, as the attendees' send: realtime.ts).
     * Read when asked, not live: the REST API has no listener this app uses, and feedback is read, not watched.
     */
    listFeedback(): Promise<FeedbackRecord[]> {
      return live('Reading the feedback', async () => {
        const answer = await feedbackRequest('feedbacks', { method: 'GET' }, 'Reading the feedback');
        const all = Object.entries(asRecord(answer.body)).flatMap(([key, v]) => asFeedback(key, v) ?? []);
        return all.sort((a, b) => (a.key < b.key ? 1 : -1));
      });
    },
    /** Hides one feedback from the organisers' list (hiddenAt: the server's time) or restores it; only organisers may. */
    setFeedbackHidden(key: string, hidden: boolean): Promise<void> {
      return live(hidden ? 'Hiding the feedback' : 'Restoring the feedback', async () => {
        try {
          await feedbackRequest(`feedbacks/${key}/hiddenAt`, hidden ? { method: 'PUT', body: JSON.stringify({ '.sv': 'timestamp' }) } : { method: 'DELETE' }, 'Saving');
        } catch (err) {
          // A refusal is read back before it is reported: the entry may already be as asked (another organiser, or
          // an earlier attempt whose answer was lost). Only a read that shows otherwise leaves it refused.
          if ((err as { code?: string } | null)?.code !== 'permission-denied') throw err;
          const entry = await feedbackRequest(`feedbacks/${key}`, { method: 'GET' }, 'Reading the feedback').catch(() => null);
          const now = entry ? asFeedback(key, entry.body) : null;
          if (now && (now.hiddenAt !== null) === hidden) return;
          throw err;
        }
      });
    },
    /** Every voting code good for `pollId` (its own and the night's), with its scope: to print them again. */
    listCodes(pollId: string): Promise<{ code: string; scope: string }[]> {
      return live('Reading the voting codes', async () => {
        const snap = await getDocs(query(collection(lite, 'voting-codes'), where('poll', 'in', [pollId, NIGHT_SCOPE])));
        return snap.docs.map((d) => ({ code: d.id, scope: String(d.data().poll) }));
      });
    },
    /** How many voting codes are good for `pollId`: its own and the whole night's (organisers only). */
    countCodes(pollId: string): Promise<number> {
      return live('Counting the voting codes', async () => {
        const snap = await getCount(query(collection(lite, 'voting-codes'), where('poll', 'in', [pollId, NIGHT_SCOPE])));
        return snap.data().count;
      });
    },
    /**
     * Stores new voting codes (made on this device: src/lib/votingCodes.ts) for one poll or the whole night
     * ('*'), 500 to a commit. Live like every organiser action: offline, nothing is stored and the screen says so.
     * `batch` names them together (their CSV and sheet).
     */
    storeCodes(scope: string, codes: readonly string[], batch: string): Promise<void> {
      return live('Storing the voting codes', async () => {
        for (let i = 0; i < codes.length; i += 500) {
          const commit = writeBatch(lite);
          for (const code of codes.slice(i, i + 500)) commit.set(doc(lite, 'voting-codes', code), { poll: scope, issued: serverTimestamp(), batch });
          await commit.commit();
        }
      });
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
        const fields = {
          id: poll.id, title: poll.title, questions: poll.questions.map((q) => ({ id: q.id, question: q.question, options: [...q.options] })),
          ...(poll.order === undefined ? {} : { order: poll.order }),
          ...(poll.voting === undefined ? {} : { voting: poll.voting }),
          ...(poll.deviceLimit === undefined ? {} : { deviceLimit: poll.deviceLimit }),
        };
        // The Spanish and Arabic words replace the saved ones as a whole; none given removes them.
        const i18n = poll.i18n;
        await edit(poll.id, (existing) =>
          existing ? { ...fields, i18n: i18n ?? deleteField() } : { ...fields, ...(i18n ? { i18n } : {}), open: false });
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
        await edit(pollId, (existing) => {
          if (!existing) throw new RemoteError('not-found', `polls/${pollId} does not exist`);
          return { open: deleteField(), ...(w.opensAt === undefined ? {} : { opensAt: value(w.opensAt) }), ...(w.closesAt === undefined ? {} : { closesAt: value(w.closesAt) }) };
        });
      });
    },
  };
}

export type OrganiserClient = ReturnType<typeof createOrganiserClient>;
