// The outbox's model-based test (issue #51; the way Replicache and PowerSync test their sync engines): generated
// schedules run against a World — the fault-injecting fake server (tests/unit/sync/outboxModel.test.ts, thousands
// of schedules) or the real emulators and rules (tests/integration/outboxModel.test.ts, a few dozen) — and the
// invariants of "a write is never lost and never counted twice, and the phone tells the truth about it".
//
// What a schedule holds (fast-check): up to 40 steps on one phone with three contexts — two tabs and the service
// worker, each its own Flusher on the one IndexedDB — mixing
//   * writes of every kind through the real mutations: award votes (some at an id another voter already holds: a
//     true refusal), community polls made here, answers (to polls on the server, to polls made here and perhaps
//     still queued, to a poll the server does not have: a true refusal; now and then more than the hour's limit at
//     once), feedback;
//   * flushes from any context, started and not awaited, so the contexts' passes overlap;
//   * the network: offline / online, and each request's fate (lost before it lands, 503, lands and its answer is
//     lost, given up at its deadline and landing later);
//   * crashes: a context dies mid-flush (what it had on the way lands now or never; it never hears) and restarts;
//   * time: minutes pass on the server's clock; the phone's clock is hours off, and jumps;
//   * Web Locks present (one flusher at a time) or missing (an old browser: all three flush at once).
// Checked after every step: nothing applied twice; whatever the phone calls sent is on the server; whatever it
// calls refused is not; every write is still in the outbox or sent. At the end (online, no faults, two hours on):
// every write the server would take is on it exactly once and the phone says sent; the true refusals, and only
// they, wait in the queue as refused; with Web Locks, no two commits of one count were ever in flight together.
import fc from 'fast-check';
import { expect } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { mutate, makeAllDue } from '../../../src/sync/outbox';
import { Flusher } from '../../../src/sync/flusher';
import type { LockLike } from '../../../src/sync/lock';
import type { Backend } from '../../../src/remote';
import { WRITE_KINDS } from '../../../src/features/outbox/writeKinds';
import { awardVote } from '../../../src/features/polls/mutations/awardVote';
import { pollAnswer, userPollVoteId } from '../../../src/features/polls/mutations/pollAnswer';
import { userPoll } from '../../../src/features/polls/mutations/userPoll';
import { feedback } from '../../../src/features/account/mutations/feedback';

export type Fault = 'ok' | 'offline' | 'server-error' | 'lost-ack' | 'late';

export type Step =
  | { t: 'vote'; poll: number; taken: boolean }
  | { t: 'poll' }
  | { t: 'answer'; to: 'server' | 'here' | 'missing'; n: number; k: number }
  | { t: 'feedback' }
  | { t: 'flush'; ctx: number }
  | { t: 'offline' }
  | { t: 'online' }
  | { t: 'wait'; minutes: number }
  | { t: 'skew'; hours: number }
  | { t: 'crash'; ctx: number; lands: boolean }
  | { t: 'release' };

/** The server side of a run: the fake, or the emulators. */
export interface World {
  /** A name unique to this schedule (the emulators keep every schedule's documents). */
  id(name: string): string;
  deviceNow(): number;
  /** Server time passes (the emulator's clock cannot be moved: its records of the writer are aged instead). */
  pass(ms: number): Promise<void>;
  setSkew(ms: number): void;
  setOnline(on: boolean): void;
  /** Each request's fate, in turn; calm() stops the faults. */
  setPlan(plan: Fault[]): void;
  calm(): void;
  /** The server as context `ctx` reaches it; once `alive()` is false, nothing it asked for ever answers. */
  backend(ctx: number, alive: () => boolean): Backend;
  crashed(ctx: number, lands: boolean): void;
  release(): void;
  /** Community polls on the server, and award polls with the ballots they allow a device (issue #52). */
  seedPolls(ids: readonly string[], award: readonly { id: string; deviceLimit: number }[]): Promise<void>;
  /** Another voter's vote at this id. */
  takeVote(docId: string, pollId: string): Promise<void>;
  /** Which of `paths` the server holds. */
  holds(paths: readonly string[]): Promise<Set<string>>;
  /** What the server holds at `paths`, in words, for a failure's message. */
  explain?(paths: readonly string[]): Promise<string>;
  /** How many times each document's effect landed (the fake counts; on the emulators, ids make it one or none). */
  applied?(): Map<string, number>;
  /** Counts that had two commits in flight at once (the fake watches). */
  overlapped?(): string[];
  /** Before a write is cast: the offset the app would know then (a real remote reads it from storage). */
  beforeCast?(): void;
  /** The most feedback a schedule gives (the emulators cannot age the feedback mark: one per schedule there). */
  maxFeedback?: number;
}

export interface ScheduleOptions {
  maxSteps: number;
  /** The largest burst of answers (over RATE_LIMITS.answers only where the world can let an hour pass). */
  maxBurst: number;
}

export function scheduleArb(o: ScheduleOptions = { maxSteps: 40, maxBurst: 36 }): fc.Arbitrary<Step[]> {
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ t: fc.constant('vote' as const), poll: fc.integer({ min: 0, max: 2 }), taken: fc.constant(false) }) },
    // A vote at an id another voter holds: the same e-mail used on another phone, a true refusal.
    { weight: 1, arbitrary: fc.record({ t: fc.constant('vote' as const), poll: fc.integer({ min: 0, max: 2 }), taken: fc.boolean() }) },
    { weight: 2, arbitrary: fc.constant({ t: 'poll' as const }) },
    // k answers at once: mostly a few, now and then more than the hour's limit (RATE_LIMITS.answers: 30).
    { weight: 5, arbitrary: fc.record({
      t: fc.constant('answer' as const),
      to: fc.constantFrom('server' as const, 'server' as const, 'here' as const, 'missing' as const),
      n: fc.nat(80),
      k: o.maxBurst > 3 ? fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 10, max: o.maxBurst }) }) : fc.integer({ min: 1, max: o.maxBurst }),
    }) },
    { weight: 2, arbitrary: fc.constant({ t: 'feedback' as const }) },
    { weight: 6, arbitrary: fc.record({ t: fc.constant('flush' as const), ctx: fc.integer({ min: 0, max: 2 }) }) },
    { weight: 2, arbitrary: fc.constant({ t: 'offline' as const }) },
    { weight: 2, arbitrary: fc.constant({ t: 'online' as const }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('wait' as const), minutes: fc.integer({ min: 0, max: 70 }) }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('skew' as const), hours: fc.integer({ min: -3, max: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('crash' as const), ctx: fc.integer({ min: 0, max: 2 }), lands: fc.boolean() }) },
    { weight: 1, arbitrary: fc.constant({ t: 'release' as const }) },
  );
  return fc.array(step, { minLength: 1, maxLength: o.maxSteps, size: 'medium' });
}

/** Each request's fate in turn (World.setPlan / calm), as both worlds hand them out. */
export class FaultPlan {
  private next: () => Fault = () => 'ok';
  set(plan: readonly Fault[]): void {
    let fate = 0;
    this.next = () => plan[fate++ % plan.length]!;
  }
  calm(): void {
    this.next = () => 'ok';
  }
  take(): Fault {
    return this.next();
  }
}

/** Late requests, held back until released — or until their context dies: then they land at once, or never. */
export class HeldRequests {
  private held: { from: number; go: () => void }[] = [];
  /** Resolves when the request from context `from` may reach the server. */
  hold(from: number): Promise<void> {
    return new Promise((go) => this.held.push({ from, go }));
  }
  release(): void {
    for (const { go } of this.held.splice(0)) go();
  }
  crashed(from: number, lands: boolean): void {
    const mine = this.held.filter((h) => h.from === from);
    this.held = this.held.filter((h) => h.from !== from);
    if (lands) for (const { go } of mine) go();
  }
}

/** The server as one context reaches it (`via` each call): once `alive()` is false, nothing it asked for ever answers. */
export function gated(via: <T>(call: () => Promise<T>) => Promise<T>, server: Backend, alive: () => boolean): Backend {
  const never = new Promise<never>(() => undefined);
  const gate = <T,>(call: () => Promise<T>): Promise<T> =>
    alive() ? via(call).then((v) => (alive() ? v : never), (e: unknown) => (alive() ? Promise.reject(e) : never)) : never;
  return {
    writeAwardVotes: (v) => gate(() => server.writeAwardVotes(v)),
    writeUserPoll: (p) => gate(() => server.writeUserPoll(p)),
    writePollAnswer: (a) => gate(() => server.writePollAnswer(a)),
    writeFeedback: (k, d) => gate(() => server.writeFeedback(k, d)),
    writePollReport: (r) => gate(() => server.writePollReport(r)),
  };
}

/** Each request's fate, used in turn: mostly fine, as on a venue's Wi-Fi between drops. */
export const faultsArb = fc.array(fc.constantFrom<Fault>('ok', 'ok', 'ok', 'ok', 'offline', 'server-error', 'lost-ack', 'late'), { minLength: 1, maxLength: 30, size: 'medium' });

/** One exclusive lock for all contexts, like Web Locks; a context that dies lets go of it, as a closed tab does. */
class SharedLock {
  private holder: symbol | null = null;
  private readonly waiters: { token: symbol; go: () => void }[] = [];
  handle(token: symbol): LockLike {
    return {
      request: async <T,>(_name: string, cb: () => Promise<T>): Promise<T> => {
        if (this.holder !== null) await new Promise<void>((go) => this.waiters.push({ token, go }));
        else this.holder = token;
        try {
          return await cb();
        } finally {
          this.let(token);
        }
      },
    };
  }
  /** The context `token` is gone: its hold ends and its place in the queue with it. */
  kill(token: symbol): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) if (this.waiters[i]!.token === token) this.waiters.splice(i, 1);
    this.let(token);
  }
  private let(token: symbol): void {
    if (this.holder !== token) return;
    const next = this.waiters.shift();
    this.holder = next?.token ?? null;
    next?.go();
  }
}

/** A lock per context: a browser without Web Locks, where each tab and the worker flush on their own. */
const ownLock = (): LockLike => {
  let tail: Promise<unknown> = Promise.resolve();
  return { request: <T,>(_n: string, cb: () => Promise<T>) => (tail = tail.then(cb, cb)) as Promise<T> };
};

interface Written {
  path: string;
  /** The server would never take it (a true refusal). */
  refused: boolean;
  /** An award vote in a poll that allows this device few ballots: which of them are refused depends on the order. */
  limited?: string;
  /** Whether the phone says it was sent, read from one snapshot of its tables. */
  sent: (seen: Snapshot) => boolean;
}

/** The phone's own records, read once per check. */
interface Snapshot {
  votes: Map<string, { sentAt?: number }>;
  polls: Map<string, { local: boolean }>;
  feedback: Map<string, { sentAt?: number }>;
}
const snapshot = async (db: TownSquareDB): Promise<Snapshot> => ({
  votes: new Map((await db.votes.toArray()).map((v) => [v.docId, v])),
  polls: new Map((await db.userPolls.toArray()).map((p) => [p.pollId, p])),
  feedback: new Map((await db.feedback.toArray()).map((f) => [f.pushKey, f])),
});

export const settle = async (turns = 4): Promise<void> => {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
};

let phones = 0;

/** Runs one schedule on a fresh phone against `world`, checking the invariants as it goes. */
export async function runSchedule(world: World, steps: Step[], plan: Fault[], webLocks: boolean): Promise<void> {
  const db = new TownSquareDB(`model-${++phones}`);
  await db.open();
  try {
    await runOn(world, db, steps, plan, webLocks);
  } finally {
    db.close();
    await db.delete();
  }
}

async function runOn(world: World, db: TownSquareDB, steps: Step[], plan: Fault[], webLocks: boolean): Promise<void> {
  world.setPlan(plan);
  const seeded = Array.from({ length: 90 }, (_, i) => world.id(`seeded-${i}`));
  // A kiosk's poll (many ballots a device), a shared phone's (2), and the default (1): issue #52.
  const awards = [1000, 2, 1].map((deviceLimit, i) => ({ id: world.id(`award-${i}`), deviceLimit }));
  await world.seedPolls(seeded, awards);
  const shared = new SharedLock();
  let online = true;

  interface Context { token: symbol; id: number; alive: boolean; flusher: Flusher }
  let ids = 0;
  const start = (): Context => {
    const ctx: Context = { token: Symbol('context'), id: ++ids, alive: true, flusher: null as unknown as Flusher };
    const backend = world.backend(ctx.id, () => ctx.alive);
    ctx.flusher = new Flusher({
      kinds: WRITE_KINDS,
      database: db,
      backend: async () => backend,
      locks: webLocks ? shared.handle(ctx.token) : ownLock(),
      isOnline: () => online,
      now: () => world.deviceNow(),
      random: () => 0.5,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    return ctx;
  };
  const contexts = [start(), start(), start()];
  const thrown: unknown[] = [];
  let finished = false;
  const written: Written[] = [];
  const herePolls: string[] = [];
  const answered = new Set<string>();
  let voter = 0;

  const check = async (where: string): Promise<void> => {
    for (const [path, count] of world.applied?.() ?? []) expect(count, `${where}: ${path} applied ${count} times`).toBeLessThanOrEqual(1);
    const rows = new Map((await db.outbox.toArray()).map((r) => [r.key, r]));
    const seen = await snapshot(db);
    const held = await world.holds(written.map((w) => w.path));
    for (const w of written) {
      const sent = w.sent(seen);
      const row = rows.get(w.path);
      if (sent) expect(held.has(w.path), `${where}: the phone says ${w.path} was sent, the server does not hold it`).toBe(true);
      if (row?.state === 'failed') expect(held.has(w.path), `${where}: the phone says ${w.path} was refused (${row.lastError}), the server holds it`).toBe(false);
      expect(sent || row !== undefined, `${where}: ${w.path} is neither sent nor waiting: lost`).toBe(true);
    }
  };

  for (const [i, s] of steps.entries()) {
    const at = world.deviceNow();
    world.beforeCast?.();
    switch (s.t) {
      case 'vote': {
        const { id: pollId, deviceLimit } = awards[s.poll]!;
        const n = ++voter;
        const docId = `${pollId}_voter-${n}`;
        if (s.taken) await world.takeVote(docId, pollId);
        await mutate(awardVote, { docId, pollId, responseId: world.id(`r-${n}`), email: `voter-${n}@example.com`, answers: { q: 'A' }, pressedAt: new Date(at) }, { database: db, now: at });
        written.push({ path: `poll-responses/${docId}`, refused: s.taken, ...(deviceLimit < 100 && !s.taken ? { limited: pollId } : {}), sent: (seen) => seen.votes.get(docId)?.sentAt !== undefined });
        break;
      }
      case 'poll': {
        const row = await mutate(userPoll, { title: `Poll ${herePolls.length}`, questions: [{ id: 'q', question: 'Q?', options: ['A', 'B', '', ''] }], uploaderId: 'me', uploadedBy: null }, { database: db, now: at });
        herePolls.push(row.pollId);
        written.push({ path: `user-polls/${row.pollId}`, refused: false, sent: (seen) => seen.polls.get(row.pollId)?.local === false });
        break;
      }
      case 'answer': {
        for (let j = 0; j < s.k; j++) {
          const m = s.n + j;
          const pollId = s.to === 'server' ? seeded[m % seeded.length]! : s.to === 'here' ? herePolls[m % Math.max(1, herePolls.length)] : world.id(`gone-${m}`);
          if (pollId === undefined || answered.has(pollId)) continue; // one answer per poll per phone
          answered.add(pollId);
          const responseId = `answer-${pollId}`;
          await mutate(pollAnswer, { pollId, answers: { q: 'A' }, pressedAt: new Date(at), responseId }, { database: db, now: at });
          written.push({ path: `user-poll-responses/${responseId}`, refused: s.to === 'missing', sent: (seen) => seen.votes.get(userPollVoteId(pollId))?.sentAt !== undefined });
        }
        break;
      }
      case 'feedback': {
        if (written.filter((w) => w.path.startsWith('feedbacks/')).length >= (world.maxFeedback ?? Infinity)) break;
        const pushKey = world.id(`fb-${written.length}`);
        await mutate(feedback, { text: 'Lovely night', uid: 'me', pushKey }, { database: db, now: at });
        written.push({ path: `feedbacks/${pushKey}`, refused: false, sent: (seen) => seen.feedback.get(pushKey)?.sentAt !== undefined });
        break;
      }
      case 'flush':
        // Started, not awaited: the contexts' passes overlap. A flush that throws is a failure of its own.
        void contexts[s.ctx]!.flusher.flush().catch((e: unknown) => {
          if (!finished) thrown.push(e);
        });
        break;
      case 'offline':
        online = false;
        world.setOnline(false);
        break;
      case 'online':
        online = true;
        world.setOnline(true);
        await makeAllDue(world.deviceNow(), db); // what the app does when it sees the connection return
        break;
      case 'wait':
        await world.pass(s.minutes * 60_000);
        break;
      case 'skew':
        world.setSkew(s.hours * 3_600_000); // the phone's clock changed (set by hand, corrected by the network)
        break;
      case 'crash': {
        const dead = contexts[s.ctx]!;
        // What it had on the way reaches the server now or never; it hears nothing either way. (A dead tab's request
        // landing much later, beside another tab's, is the race src/remote's countedTransaction runs again: the
        // schedules without Web Locks, where every context overlaps, cover it.)
        dead.alive = false;
        world.crashed(dead.id, s.lands);
        shared.kill(dead.token);
        contexts[s.ctx] = start(); // the tab reopened, the worker restarted
        break;
      }
      case 'release':
        world.release();
        break;
    }
    await settle();
    await check(`step ${i} (${s.t})`);
  }

  // The calm after: online, no faults, every late request landed, two hours on (every limit's hour over).
  online = true;
  world.setOnline(true);
  world.calm();
  world.release();
  await world.pass(2 * 3_600_000);
  await makeAllDue(world.deviceNow(), db);
  for (let round = 0; round < 40; round++) {
    world.release();
    await contexts[round % 3]!.flusher.flush();
    await settle();
    const left = await db.outbox.where('state').anyOf('queued', 'sending').toArray();
    if (left.length === 0) break;
    // Time passes until the row due soonest may go (a limit's slot, feedback's interval), as the flusher's timer would.
    const next = Math.min(...left.map((r) => r.nextAttemptAt));
    await world.pass(Math.max(1_000, next - world.deviceNow() + 1_000));
  }
  await check('after the calm');
  const rows = new Map((await db.outbox.toArray()).map((r) => [r.key, r]));
  const seen = await snapshot(db);
  const held = await world.holds(written.map((w) => w.path));
  const applied = world.applied?.();
  for (const w of written) {
    const row = rows.get(w.path);
    if (w.limited !== undefined) {
      // Over its poll's device limit a vote is refused for good, in words; within it, it lands. Which ones: the order.
      expect(held.has(w.path) ? w.sent(seen) && row === undefined : row?.state === 'failed', `${w.path}: sent and held, or refused and not held (${row?.state} ${row?.lastError ?? ''})`).toBe(true);
      continue;
    }
    if (w.refused) {
      expect(row?.state, `${w.path}: a true refusal is kept in the queue as refused`).toBe('failed');
      expect(held.has(w.path)).toBe(false);
    } else {
      expect(row, `${w.path} still in the queue: ${row?.state} ${row?.lastError ?? ''}`).toBeUndefined();
      expect(held.has(w.path), `${w.path} on the server`).toBe(true);
      if (applied) expect(applied.get(w.path), `${w.path} applied once`).toBe(1);
      expect(w.sent(seen), `${w.path}: the phone says sent`).toBe(true);
    }
  }
  for (const { id, deviceLimit } of awards) {
    const cast = written.filter((w) => w.limited === id);
    if (cast.length === 0) continue;
    const counted = cast.filter((w) => held.has(w.path));
    const why = counted.length === Math.min(deviceLimit, cast.length) ? '' : ` — ${await world.explain?.(counted.map((w) => w.path)) ?? ''}`;
    expect(counted.length, `${id}: the ballots its device limit (${deviceLimit}) allows, no more, no fewer${why}`).toBe(Math.min(deviceLimit, cast.length));
  }
  expect(thrown, 'a flush threw').toEqual([]);
  finished = true; // the dead contexts' flushes may still wake after the database is gone: nobody hears them
  // Last, so that a flusher that overlaps them fails on the loss it causes, not on this.
  if (webLocks) expect(world.overlapped?.() ?? [], 'two commits of one count were in flight at once').toEqual([]);
  for (const c of contexts) c.flusher.stop();
  stats.push({ steps: steps.length, written: written.length, refused: written.filter((w) => w.refused).length });
}

/** What the schedules did, for MODEL_STATS=1. */
export const stats: { steps: number; written: number; refused: number }[] = [];

/** fast-check's replay of one failing schedule: MODEL_SEED=<seed> MODEL_PATH=<path>. */
export const replay = (): { seed?: number; path?: string } =>
  process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED), ...(process.env.MODEL_PATH ? { path: process.env.MODEL_PATH } : {}) } : {};
