// One-shot reads and writes through firebase/firestore/lite (32 kB gz instead of 136 kB for the full SDK).
import {
  Bytes, Timestamp, collection, connectFirestoreEmulator, doc, getDoc, getDocs, getFirestore,
  query, runTransaction, serverTimestamp, updateDoc, where, writeBatch, type DocumentReference, type Firestore,
  type Transaction, type WriteBatch,
} from 'firebase/firestore/lite';
import { authUid } from './auth';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import type { PollQuestion } from '../lib/pollQuestion';
import { guard, RemoteError, toRemoteError } from './errors';
import { RATE_LIMITS } from '../lib/limits';
import type { ReportReason } from '../lib/reports';
import { serverOffset } from './serverClock';

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

/**
 * A report's id (firestore.rules poll-reports): hex SHA-256 of the signed-in uid and the poll, salted apart from
 * authorOf, so a report cannot be matched to the same writer's answers. One report per writer and poll.
 */
async function reportIdOf(uid: string, pollId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${uid}/report/${pollId}`)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

const WRITE_DEADLINE_MS = 20_000;

/** A value with every object's keys in one order: Firestore promises no order for a map's keys when read back. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical)
    : v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
      : v;
/** The same JSON whatever order any object's keys come in (a poll's questions, answers). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

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
 * Abuse limits (firestore.rules, "Rate limits"): at most RATE_LIMITS[kind] writes of a kind in any hour of the
 * server's clock. rates/{uid}/limits/{kind} = {n, slots, target}: write number n stamps slot n % limit with the
 * server's time, and the rules refuse it while that slot is less than an hour old. Read and written in the
 * same transaction as the write it counts (countedTransaction: a concurrent write of the same kind is run again).
 */
type RateKind = keyof typeof RATE_LIMITS;
const HOUR_MS = 3_600_000;

const rateRef = (db: Firestore, uid: string, kind: RateKind): DocumentReference => doc(db, 'rates', uid, 'limits', kind);

const countOf = (n: unknown): number => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);

/** How many times a counted write is tried again after losing the race for its count to another commit. */
const COUNT_RACES = 5;

/** Reads a count (a `{n}` document: a rate ring, a device's ballots in a poll) inside a transaction. */
type CountReader = (ref: DocumentReference) => Promise<number>;

/**
 * A transaction whose writes advance counts (`read(ref)` inside `body` gives each one's n). Two commits of one
 * writer advancing a count at once — the outbox sends them one at a time, but a second tab in a browser without
 * Web Locks, or an earlier attempt that lands late, can still overlap — both read the same n, and the second is
 * refused: the emulator's rules see the first commit and answer permission-denied (production aborts the
 * transaction, which the SDK runs again itself). So a refusal after which a count has moved on from the one read
 * is that race, not a verdict on the write: it is run again on the new counts. Otherwise the refusal is what it was.
 * The SDK's own attempts are one (maxAttempts): it would otherwise run the body again on a lost answer too, and a
 * commit that landed then comes back refused four more times, for ~8 s, before the outbox hears anything; a
 * production abort (the race, told as such) is run again here instead.
 */
async function countedCommit<T>(db: Firestore, body: (tx: Transaction, read: CountReader) => Promise<T>): Promise<T> {
  for (let race = 0; ; race++) {
    const read = new Map<string, { ref: DocumentReference; n: number }>();
    try {
      return await runTransaction(db, (tx) => {
        read.clear();
        return body(tx, async (ref) => {
          const n = countOf((await tx.get(ref)).data()?.n);
          read.set(ref.path, { ref, n });
          return n;
        });
      }, { maxAttempts: 1 });
    } catch (err) {
      const code = (err as { code?: string } | null)?.code;
      // A document the transaction read changed before its commit: the emulator says so with FAILED_PRECONDITION
      // ("the stored version does not match the required base version") when the rules pass — an earlier attempt
      // of the same writer landing late, with the count unchanged for the rules. That is the race, never a verdict
      // on the write (our transactions set no precondition of their own): run again, and past COUNT_RACES say
      // "try later" (aborted, a retry), not "refused".
      if (code === 'aborted' || code === 'failed-precondition') {
        if (race < COUNT_RACES) continue;
        throw Object.assign(new RemoteError('aborted', `lost the race for its count ${COUNT_RACES + 1} times`), { cause: err });
      }
      if (code !== 'permission-denied' || read.size === 0 || race >= COUNT_RACES) throw err;
      const moved = await Promise.all([...read.values()].map(async ({ ref, n }) => (await getDoc(ref).then((snap) => countOf(snap.data()?.n), () => n)) !== n));
      if (!moved.includes(true)) throw err;
    }
  }
}

/** A transaction whose write is counted in the writer's rate ring for `kind` (`count(target)` inside `body`). */
function countedTransaction<T>(db: Firestore, uid: string, kind: RateKind, body: (tx: Transaction, count: (target: string) => Promise<void>) => Promise<T>): Promise<T> {
  return countedCommit(db, (tx, read) => body(tx, async (target) => {
    const ref = rateRef(db, uid, kind);
    const n = await read(ref);
    tx.set(ref, { n: n + 1, slots: { [String(n % RATE_LIMITS[kind])]: serverTimestamp() }, target }, { merge: true });
  }));
}

/**
 * After a refusal: if the slot this write needs is less than an hour old on the server's clock, the write was
 * refused for being over the limit and can go when that slot is an hour old — a retry, with words for the
 * queue screen. Anything else stays the refusal it was.
 */
async function overLimitOr(err: unknown, cfg: RemoteConfig, db: Firestore, uid: string, kind: RateKind): Promise<never> {
  if ((err as { code?: string } | null)?.code === 'permission-denied') {
    const rate = (await getDoc(rateRef(db, uid, kind)).catch(() => null))?.data();
    const n = rate?.n;
    const slot = typeof n === 'number' ? (rate?.slots as Record<string, unknown> | undefined)?.[String(n % RATE_LIMITS[kind])] : undefined;
    const offset = await serverOffset(cfg).catch(() => 0);
    if (slot instanceof Timestamp && slot.toMillis() + HOUR_MS > Date.now() + offset) {
      // When the slot frees, on this device's clock (the queue screen and the retry timer read that clock).
      const next = new Date(slot.toMillis() + HOUR_MS - offset + 1000);
      // The facts only: the visitor's words, in their language, are src/sync/classify.ts's (from `rate`).
      const limited = new RemoteError('rate-limited', `over the ${kind} limit (${RATE_LIMITS[kind]} an hour) until ${next.toISOString()}`);
      limited.rate = { what: kind, limit: RATE_LIMITS[kind], until: next.getTime() };
      throw limited;
    }
  }
  throw err;
}

/**
 * After a refusal of an answer: if the organisers hid the poll (issue #53), that is why — the visitor is told so,
 * in words, instead of "the server did not accept this". The poll is public, so this reads nothing secret.
 */
async function hiddenOr(err: unknown, db: Firestore, pollId: string): Promise<never> {
  if ((err as { code?: string } | null)?.code === 'permission-denied') {
    const poll = await getDoc(doc(db, 'user-polls', pollId)).catch(() => null);
    if (poll?.exists() && poll.get('hiddenAt') !== undefined) throw new RemoteError('poll-hidden', `answer refused: user-polls/${pollId} is hidden`);
    if (poll?.exists() && poll.get('closedAt') !== undefined) throw new RemoteError('poll-closed', `answer refused: user-polls/${pollId} is closed`);
  }
  throw err;
}

/**
 * The moment something was done on this device, on the server's clock: the device's time plus the offset known
 * when it was done (carried by the outbox row) — no request needed — or, when none was known then, the offset
 * learned now. If the device's clock changed in between (phones correct themselves when the network returns),
 * the two differ: after a refusal, `alternative()` gives the moment on today's offset, or null when it is the same.
 */
async function onServerClock(cfg: RemoteConfig, deviceMs: number, knownOffset: number | undefined): Promise<{ at: number; alternative: () => Promise<number | null> }> {
  if (knownOffset === undefined) return { at: deviceMs + (await serverOffset(cfg)), alternative: async () => null };
  return {
    at: deviceMs + knownOffset,
    alternative: async () => {
      const live = await serverOffset(cfg).catch(() => null);
      return live !== null && Math.abs(knownOffset - live) > 5 * 60_000 ? deviceMs + live : null;
    },
  };
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
  /** When it was cast, ISO text (spec §3) — on the device's clock; sent on the server's (onServerClock). */
  timestamp: string;
  user: string;
  /** A ticketed poll's voting code (issue #52), as the phone keeps it; absent in open mode. */
  code?: string | undefined;
}

export interface UserPollDoc {
  title: string;
  questions: PollQuestion[];
  pollId: string;
  uploadedBy: { id: string; first_name: string } | null;
  uploaderId: string;
  /** The owner's choice: nobody sees the results until the poll is closed (issue #54; absent otherwise). */
  resultsAfterClose?: true;
}

/** A report of a community poll (issue #53): which poll, and why, from REPORT_REASONS. */
export interface PollReportDoc {
  pollId: string;
  reason: ReportReason;
}

export interface UserPollResponseDoc {
  pollId: string;
  answers: Record<string, string>;
  /** epoch ms on the device's clock; stored as a Firestore timestamp (spec: "date value") on the server's. */
  timestamp: number;
  responseId: string;
}

/** How the device's clock stood against the server's when the write was made, if the app knew (serverClock.ts). */
export interface CastClock {
  clockOffset?: number | undefined;
}

/** An award vote as the outbox hands it over: its document id, the vote, and the clock it was cast on. */
export interface AwardVoteItem extends CastClock {
  docId: string;
  data: PollResponseDoc;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The rules' bound on how long a vote may take to reach the server (firestore.rules recentIsoTime). */
const VOTE_MAX_AGE_MS = 31 * 86_400_000;
/** How long after a poll's close a vote cast before it is still counted (firestore.rules inWindow). */
const VOTE_GRACE_MS = 15 * 60_000;
/**
 * Votes per commit: Firestore's rules may look at 20 documents per transaction (10 per write), and each vote looks at
 * about seven (its poll, its device's count before and after, itself after, its tally row, and in ticketed mode
 * its code and the code's use), so two fit. The emulator does not enforce that limit. Two votes of one poll never
 * share a commit: the device's count for the poll is one document, written once per commit.
 */
const VOTES_PER_COMMIT = 2;
/** Commits of a vote batch in flight at once (a queue of 200 votes: 50 commits, 4 at a time). */
const COMMITS_AT_ONCE = 4;

/**
 * Why the server refused an award vote that is not this device's own (its read-back was refused too), said only
 * as far as it can be established. The rules refuse a vote for a few reasons; the ones the device can check are
 * checked — the ballot gone, the ballot's categories or options changed, the voting window, a vote older than the
 * rules allow, and (issue #52) who may vote: in a ticketed poll the code (unknown, of another poll, used — and
 * when), in an open one this device's count against the poll's limit — and only when each is ruled out is it
 * "a vote with this e-mail is already recorded" (its id is the poll and the e-mail; the e-mail check is the
 * server's own, src/lib/email.ts). If a check cannot be made (offline now), the refusal stays the plain one:
 * never a guessed reason.
 */
async function whyVoteRefused(err: unknown, db: Firestore, uid: string, data: PollResponseDoc, at: number, serverNow: number | null): Promise<never> {
  if ((err as { code?: string } | null)?.code !== 'permission-denied') throw err;
  const poll = await getDoc(doc(db, 'polls', data.pollId)).catch(() => null);
  if (!poll) throw err;
  // The codes (and the details beside them) are what this establishes; the visitor's words are the award vote's
  // own (features/polls/mutations/awardVote.ts refusal). The messages are for the developer's console.
  if (!poll.exists()) throw new RemoteError('not-found', `vote refused: polls/${data.pollId} does not exist`);
  const questions = poll.data().questions as { id?: unknown; options?: unknown }[] | undefined;
  const fits = Array.isArray(questions) && questions.length === Object.keys(data.answers).length
    && questions.every((q) => typeof q.id === 'string' && Array.isArray(q.options) && q.options.includes(data.answers[q.id]) && data.answers[q.id] !== '');
  if (!fits) throw new RemoteError('failed-precondition', 'vote refused: its answers no longer fit the ballot');
  // The voting window (firestore.rules inWindow): the poll's own times, on the server's clock.
  const { opensAt, closesAt, title: rawTitle, voting, deviceLimit } = poll.data() as Record<string, unknown>;
  const title = typeof rawTitle === 'string' ? rawTitle : '';
  const window = (code: string, at: Timestamp) => Object.assign(new RemoteError(code, `vote refused: ${code} (${at.toDate().toISOString()})`), { window: { title, at: at.toMillis() } });
  if (opensAt instanceof Timestamp && (at < opensAt.toMillis() || (serverNow !== null && serverNow < opensAt.toMillis()))) throw window('not-open-yet', opensAt);
  if (closesAt instanceof Timestamp && (at > closesAt.toMillis() || (serverNow !== null && serverNow > closesAt.toMillis() + VOTE_GRACE_MS))) {
    throw window('voting-closed', closesAt);
  }
  if (serverNow === null) throw err;
  if (serverNow - at > VOTE_MAX_AGE_MS - 60_000) throw new RemoteError('out-of-range', 'vote refused: older than the rules allow');
  const who = (code: string, detail: Record<string, unknown>) => Object.assign(new RemoteError(code, `vote refused: ${code}`), { ballot: { title, ...detail } });
  if (voting === 'ticketed') {
    if (!data.code) throw who('code-missing', {});
    // The code the phone holds: readable by its holder alone (it is the key), its use likewise.
    const issued = await getDoc(doc(db, 'voting-codes', data.code)).catch(() => null);
    if (!issued) throw err;
    if (!issued.exists()) throw who('code-invalid', {});
    const scope = issued.data().poll;
    if (scope !== data.pollId && scope !== '*') throw who('code-other-poll', {});
    const use = await getDoc(doc(db, 'voting-codes', data.code, 'uses', data.pollId)).catch(() => null);
    if (!use) throw err;
    const usedAt = use.data()?.at;
    if (use.exists()) throw who('code-used', usedAt instanceof Timestamp ? { at: usedAt.toMillis() } : {});
  } else {
    const limit = typeof deviceLimit === 'number' ? deviceLimit : 1;
    const count = await getDoc(doc(db, 'voters', uid, 'ballots', data.pollId)).catch(() => null);
    if (!count) throw err;
    if (countOf(count.data()?.n) >= limit) throw who('device-limit', { limit });
  }
  throw new RemoteError('already-exists', 'vote refused: another vote is stored at this id');
}

/** The cause an organiser's integrity view counts (firestore.rules award-refusals), for a refusal established above. */
const REFUSAL_CAUSE: Record<string, string> = {
  'code-used': 'code-used',
  'code-invalid': 'code-invalid',
  'code-other-poll': 'code-invalid',
  'code-missing': 'code-invalid',
  'device-limit': 'device-limit',
  'voting-closed': 'window',
  'not-open-yet': 'window',
  'already-exists': 'email-used',
};

export function createFirestoreClient(config: RemoteConfig) {
  const db = firestore(config);

  /** The stored vote is this one: the same vote id (a UUID made when it was cast), poll, voter, answers and code. */
  const sameVote = (data: PollResponseDoc) => (s: Record<string, unknown>) =>
    s.pollId === data.pollId && s.responseId === data.responseId && s.user === data.user && sameAnswers(data.answers, s.answers)
    && (s.code ?? undefined) === (data.code || undefined);

  async function voteAt(item: AwardVoteItem, uid: string, at: number) {
    const { code, ...vote } = item.data;
    return { ...vote, ...(code ? { code } : {}), timestamp: iso(at), author: await authorOf(uid, item.data.pollId) };
  }

  /**
   * Votes and what each one's commit must hold beside it (firestore.rules), in one transaction: its tally row at its
   * responseId (the vote without who cast it, with this device's ballot number n in the poll and the mode), the
   * device's count for the poll advanced to n and naming it, and in a ticketed poll its code marked used. Every
   * count is read before anything is written (a transaction's rule); at most one vote of a poll per commit.
   */
  /**
   * The device's count in each poll as this client last saw it (read, or advanced by its own commit). A vote is
   * first sent on that count (0 for a poll it has not seen: a visitor's usual one ballot) in a plain commit, with no
   * read — the round trip a transaction costs per commit made a venue's backlog 1.3× slower than the SDK's queue
   * (npm run bench, section 5). Refused, it goes again as a transaction that reads the counts (another tab's or a
   * landed attempt's vote moved them), and only a refusal of that one is looked into. A poll whose count is in doubt
   * — a commit that got no answer may have landed, and a lost answer hides a refusal too — is sent by the reading
   * transaction until one is answered: a guess there could be refused for ever, unheard.
   */
  const knownCounts = new Map<string, number>();
  const doubtful = new Set<string>();
  const countKey = (uid: string, pollId: string) => `${uid}/${pollId}`;

  async function commitVotes(items: readonly { item: AwardVoteItem; at: number }[], uid: string): Promise<void> {
    const votes = await Promise.all(items.map(async ({ item, at }) => ({ docId: item.docId, vote: await voteAt(item, uid, at) })));
    type Set = (ref: DocumentReference, data: Record<string, unknown>) => void;
    const write = (set: Set, counts: readonly number[]) => votes.forEach(({ docId, vote }, i) => {
      const n = counts[i]!;
      set(doc(db, 'poll-responses', docId), vote);
      set(doc(db, 'award-tally', vote.responseId), { pollId: vote.pollId, answers: vote.answers, at: vote.timestamp, n, via: vote.code ? 'code' : 'open' });
      set(doc(db, 'voters', uid, 'ballots', vote.pollId), { n, vote: docId });
      if (vote.code) set(doc(db, 'voting-codes', vote.code, 'uses', vote.pollId), { at: serverTimestamp() });
    });
    const keys = votes.map(({ vote }) => countKey(uid, vote.pollId));
    const advanced = (counts: readonly number[]) => keys.forEach((key, i) => {
      knownCounts.set(key, counts[i]!);
      doubtful.delete(key);
    });
    if (!keys.some((key) => doubtful.has(key))) {
      const guessed = keys.map((key) => (knownCounts.get(key) ?? 0) + 1);
      const batch: WriteBatch = writeBatch(db);
      write((ref, data) => batch.set(ref, data), guessed);
      try {
        await batch.commit();
        advanced(guessed);
        return;
      } catch (err) {
        if ((err as { code?: string } | null)?.code !== 'permission-denied') {
          for (const key of keys) doubtful.add(key);
          throw err;
        }
      }
    }
    let read: number[] = [];
    await countedCommit(db, async (tx, readCount) => {
      read = [];
      for (const { vote } of votes) read.push((await readCount(doc(db, 'voters', uid, 'ballots', vote.pollId))) + 1);
      write((ref, data) => tx.set(ref, data), read);
    }).catch((err: unknown) => {
      // Refused: what was read is what the server holds now, and the next guess starts there. No answer: in doubt.
      if ((err as { code?: string } | null)?.code === 'permission-denied' && read.length === votes.length) advanced(read.map((n) => n - 1));
      else for (const key of keys) doubtful.add(key);
      throw err;
    });
    advanced(read);
  }

  /**
   * A refusal this device established (whyVoteRefused), reported for the organisers' integrity view: its cause and
   * poll only. Best effort — the vote's own refusal is what the visitor is told either way.
   */
  async function reportRefusal(uid: string, pollId: string, err: unknown): Promise<void> {
    const cause = REFUSAL_CAUSE[(err as { code?: string } | null)?.code ?? ''];
    if (!cause) return;
    await countedTransaction(db, uid, 'refusals', async (tx, count) => {
      const ref = doc(collection(db, 'award-refusals'));
      await count(ref.id);
      tx.set(ref, { pollId, cause, at: serverTimestamp() });
    }).catch(() => undefined);
  }

  return {
    /** The authenticated uid the security rules see (src/remote/auth.ts). */
    authUid: () => authUid(config),
    /**
     * Set at a deterministic id: a replay lands on the same document, and the rules let only its writer (the
     * `author` hash) re-send or read it. A refusal of a vote this writer already stored — a replay after a lost
     * acknowledgement, by the page or the service worker — is recognised by reading it back; any other refusal
     * is looked into (whyVoteRefused) and reported to the organisers' integrity view.
     */
    async writePollResponse(item: AwardVoteItem): Promise<void> {
      await guard('Saving the vote', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const ref = doc(db, 'poll-responses', item.docId);
        const when = await onServerClock(config, Date.parse(item.data.timestamp), item.clockOffset);
        await commitVotes([{ item, at: when.at }], uid)
          .catch(async (err: unknown) => {
            // Cast-time offset refused and the clock has moved since: the moment on today's offset.
            if ((err as { code?: string } | null)?.code !== 'permission-denied') throw err;
            const alternative = await when.alternative();
            if (alternative === null) throw err;
            await commitVotes([{ item, at: alternative }], uid).catch((again: unknown) => {
              throw (again as { code?: string } | null)?.code === 'permission-denied' ? err : again;
            });
          })
          .catch((err: unknown) => deniedUnlessStored(err, ref, sameVote(item.data)))
          .catch(async (err: unknown) => {
            const why = await whyVoteRefused(err, db, uid, item.data, when.at, await serverOffset(config).then((o) => Date.now() + o, () => null)).catch((e: unknown) => e);
            if (why !== err) await reportRefusal(uid, item.data.pollId, why);
            throw why;
          });
      });
    },
    /**
     * Many votes in few commits: VOTES_PER_COMMIT per commit, COMMITS_AT_ONCE commits in flight, each with its own
     * deadline (one deadline for all of them gave up on a busy server that was still answering). A poll's votes go
     * one per commit, one commit after another (its device count is one document): the first vote of every poll,
     * then the second, and so on. Each commit is atomic; at the first failure no further commit starts, and the
     * caller retries the votes one by one (those already stored are recognised then as this writer's). A commit
     * given up at its deadline may still land: the error carries every started commit as `abandoned`.
     */
    async writePollResponses(items: readonly AwardVoteItem[]): Promise<void> {
      const uid = await guard('Saving votes', WRITE_DEADLINE_MS, () => authUid(config));
      const waves: AwardVoteItem[][] = [];
      const perPoll = new Map<string, number>();
      for (const item of items) {
        const k = perPoll.get(item.data.pollId) ?? 0;
        perPoll.set(item.data.pollId, k + 1);
        (waves[k] ??= []).push(item);
      }
      const started: Promise<unknown>[] = [];
      let failed = false;
      const commitChunk = (chunk: readonly AwardVoteItem[]) =>
        guard('Saving votes', WRITE_DEADLINE_MS, async () => {
          const timed = await Promise.all(chunk.map(async (item) => ({ item, at: (await onServerClock(config, Date.parse(item.data.timestamp), item.clockOffset)).at })));
          await commitVotes(timed, uid);
        });
      try {
        for (const wave of waves) {
          const chunks: AwardVoteItem[][] = [];
          for (let i = 0; i < wave.length; i += VOTES_PER_COMMIT) chunks.push(wave.slice(i, i + VOTES_PER_COMMIT));
          let next = 0;
          const worker = async (): Promise<void> => {
            while (!failed && next < chunks.length) {
              const p = commitChunk(chunks[next++]!);
              started.push(p.catch((e: unknown) => (e as RemoteError).abandoned));
              await p.catch((e: unknown) => {
                failed = true;
                throw e;
              });
            }
          };
          await Promise.all(Array.from({ length: Math.min(COMMITS_AT_ONCE, chunks.length) }, worker));
        }
      } catch (err) {
        const e = toRemoteError(err);
        e.abandoned = Promise.all(started).then(() => undefined);
        throw e;
      }
    },
    /**
     * A new community poll, in a transaction: if the poll is already there (our earlier attempt, whose
     * acknowledgement was lost or which was still in flight when we gave up on it) and it is ours with the same
     * content, that is this write, delivered — its server timestamp is the only difference. The transaction's
     * read and write are atomic, so a first attempt landing meanwhile makes the commit retry and find it, never
     * turn this into an update the rules refuse. The server sees who wrote it (ownerUid, uploaderId and the
     * author's id are the signed-in uid: the rules bind them). Its time is the server's (uploadedOn).
     */
    async writeUserPoll(data: UserPollDoc): Promise<'created' | 'already-there'> {
      return guard('Saving the poll', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const ref = doc(db, 'user-polls', data.pollId);
        const poll = { ...data, uploaderId: uid, uploadedBy: data.uploadedBy ? { id: uid, first_name: data.uploadedBy.first_name } : null, ownerUid: uid };
        const same = (stored: Record<string, unknown>) =>
          stored.ownerUid === uid && stored.title === poll.title && sameJson(stored.questions, poll.questions);
        return countedTransaction(db, uid, 'polls', async (tx, count) => {
          const existing = await tx.get(ref);
          if (existing.exists()) {
            if (same(existing.data())) return 'already-there' as const;
            throw new RemoteError('already-exists', 'Another poll already has this id.');
          }
          await count(data.pollId);
          tx.set(ref, { ...poll, uploadedOn: serverTimestamp() });
          return 'created' as const;
        })
          // Refused, and yet it may be ours: an earlier attempt that landed after this one read "not there" makes
          // this commit an update, which the rules refuse before its precondition is seen (issue #51). Polls are
          // public: read it back.
          .catch(async (err: unknown) => {
            if ((err as { code?: string } | null)?.code !== 'permission-denied') throw err;
            const stored = await getDoc(ref).catch(() => null);
            if (stored?.exists() && same(stored.data())) return 'already-there' as const;
            throw err;
          })
          .catch((err: unknown) => overLimitOr(err, config, db, uid, 'polls'));
      });
    },
    /**
     * The answers (readable only by the poll's owner and their writer), who wrote them (a private document only
     * the writer can read: the owner must not learn it) and a public tally row (the poll and the answers, never who
     * gave them: anyone counts votes and sees each option's share), with the writer's count, in one transaction; all are sets at the response's id, so a replay is
     * idempotent, and one refused because it already landed is recognised by reading it back.
     */
    async writeUserPollResponse(data: UserPollResponseDoc & CastClock): Promise<void> {
      await guard('Saving the response', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const author = await authorOf(uid, data.pollId);
        const ref = doc(db, 'user-poll-responses', data.responseId);
        const { clockOffset, ...response } = data;
        const when = await onServerClock(config, data.timestamp, clockOffset);
        const send = (at: number) => countedTransaction(db, uid, 'answers', async (tx, count) => {
          await count(data.responseId);
          tx.set(ref, { ...response, timestamp: Timestamp.fromMillis(at) });
          tx.set(doc(db, 'user-poll-authors', data.responseId), { pollId: data.pollId, author });
          // The answers again, without who gave them: each option's share for everyone (issue #54, firestore.rules).
          tx.set(doc(db, 'user-poll-votes', data.responseId), { pollId: data.pollId, answers: response.answers });
        });
        await send(when.at)
          .catch(async (err: unknown) => {
            if ((err as { code?: string } | null)?.code !== 'permission-denied') throw err;
            const alternative = await when.alternative();
            if (alternative === null) throw err;
            await send(alternative).catch((again: unknown) => {
              throw (again as { code?: string } | null)?.code === 'permission-denied' ? err : again;
            });
          })
          .catch((err: unknown) => deniedUnlessStored(err, ref, (s) => s.pollId === data.pollId && sameAnswers(data.answers, s.answers)))
          .catch((err: unknown) => overLimitOr(err, config, db, uid, 'answers'))
          .catch((err: unknown) => hiddenOr(err, db, data.pollId));
      });
    },

    /**
     * A report of a community poll: a set at the writer's own report id, so a replay (or a second report of the
     * same poll) lands on the same document; the time is the server's.
     */
    async writePollReport(data: PollReportDoc): Promise<void> {
      await guard('Sending the report', WRITE_DEADLINE_MS, async () => {
        const uid = await authUid(config);
        const ref = doc(db, 'poll-reports', await reportIdOf(uid, data.pollId));
        const batch = writeBatch(db);
        batch.set(ref, { pollId: data.pollId, reason: data.reason, at: serverTimestamp() });
        await batch.commit();
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
    /**
     * The owner closes their community poll (no more answers) and, with `remove`, takes it off the polls list
     * (issue #54): the server's time on each, once (firestore.rules ownerCloses). Live, like an organiser's action:
     * offline it fails and the screen says so. A refusal is read back: the poll may already be as asked.
     */
    async closeUserPoll(pollId: string, remove: boolean): Promise<void> {
      await guard(remove ? 'Removing the poll' : 'Closing the poll', WRITE_DEADLINE_MS, async () => {
        await authUid(config);
        const ref = doc(db, 'user-polls', pollId);
        const before = await getDoc(ref);
        if (!before.exists()) throw new RemoteError('not-found', `user-polls/${pollId} does not exist`);
        const change: Record<string, unknown> = {};
        if (before.get('closedAt') === undefined) change['closedAt'] = serverTimestamp();
        if (remove && before.get('removedAt') === undefined) change['removedAt'] = serverTimestamp();
        if (Object.keys(change).length === 0) return; // already as asked
        await updateDoc(ref, change).catch(async (err: unknown) => {
          const after = await getDoc(ref).catch(() => null);
          if (after?.get('closedAt') !== undefined && (!remove || after.get('removedAt') !== undefined)) return;
          throw err;
        });
      });
    },
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
