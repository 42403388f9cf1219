import { db, type OutboxRow, type TownSquareDB } from '../db/core';
// Its own module, not the entry's db chunk: only the flusher and the queue screen need it.
import { keepReceipts } from '../db/receipts';
import { remoteBackend, type Backend } from '../remote';
import { backoffDelay } from './backoff';
import { classify } from './classify';
import { resolve, type AnyKind, type WriteKinds } from './kinds';
import { memoryLocks, webLocks, type LockLike } from './lock';

import { OUTBOX_LOCK } from './constants';
export { OUTBOX_LOCK };

export interface FlushReport {
  delivered: number;
  failed: number;
  /** true when a retryable error stopped the pass (offline, 5xx, timeout…). */
  stalled: boolean;
}

export interface FlusherOptions {
  /** The write kinds (src/features/outbox/writeKinds.ts): how each row is pushed, what "sent" means, the order rows need, refusals in words. */
  kinds: WriteKinds;
  /**
   * The one way to the server (src/remote/backend.ts), loaded lazily: the Firebase clients by default; the unit
   * tests pass a fault-injecting fake of the same interface.
   */
  backend?: () => Promise<Backend>;
  /**
   * Whether to try at all. No default on purpose: the page passes the app's online flag (session/observe.ts, which
   * knows a venue Wi-Fi without an uplink), the service worker `navigator.onLine` (the flag's store is not there).
   */
  isOnline: () => boolean;
  database?: TownSquareDB;
  locks?: LockLike;
  now?: () => number;
  random?: () => number;
  /** How many requests are in flight at once. Writes are idempotent, so overlap is safe. */
  concurrency?: number;
  /** The most rows of one kind in one request (Firestore allows 500 writes per commit); 1 sends every row alone. */
  maxBatch?: number;
  onActivity?: (active: boolean) => void;
  onReport?: (r: FlushReport) => void;
  /** Test hook: called after a row was sent but before it is deleted (where a crash would hurt). */
  afterSend?: (row: OutboxRow) => Promise<void> | void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

/** A row read back with its kind and checked payload (resolved once per pass). */
interface Due {
  row: OutboxRow;
  kind: AnyKind;
  payload: unknown;
}

/**
 * After delivery: deletes the rows and marks each one's local effect as sent (its kind's `sent`), in one
 * transaction (a flush of 1,000 rows is not 1,000 transactions).
 */
export async function markDeliveredMany(rows: OutboxRow[], now: number, database: TownSquareDB, kinds: WriteKinds): Promise<void> {
  if (rows.length === 0) return;
  const tables = new Set([database.outbox, database.receipts, ...[...kinds.values()].flatMap((k) => k.tables(database))]);
  await database.transaction('rw', [...tables], async () => {
    for (const row of rows) {
      await database.outbox.delete(row.seq!);
      const r = resolve(kinds, row);
      if ('kind' in r) await r.kind.sent(database, r.payload, now);
    }
    await keepReceipts(database, rows, now); // the queue screen's "Recently sent"
  });
}

const MAX_TIMER_MS = 60_000;
/** Rows read per round; also the most rows in one request by default (Firestore allows 500 writes per batch). */
const MAX_BATCH = 200;
const TAKEOVER_CHECK_MS = 2_000;
/**
 * How long the lock waits for requests given up at their deadline. Long enough for a request held up on a slow
 * link to land or fail; bounded because a Realtime Database write queued while its socket is down settles only on
 * reconnect (its replay is harmless: the same text at the same key).
 */
const LINGER_MS = 30_000;

/**
 * Drains the outbox in `seq` order. One flusher runs at a time across all tabs and the service
 * worker (an exclusive Web Lock); a tab whose leader dies gets the lock next and carries on.
 */
export class Flusher {
  private readonly o: Required<Omit<FlusherOptions, 'afterSend' | 'onActivity' | 'onReport'>> & Pick<FlusherOptions, 'afterSend' | 'onActivity' | 'onReport'>;
  private running: Promise<FlushReport> | null = null;
  private again = false;
  private timer: unknown = null;
  private stopped = false;

  constructor(options: FlusherOptions) {
    this.o = {
      database: db,
      locks: webLocks() ?? memoryLocks(),
      now: Date.now,
      random: Math.random,
      concurrency: 8,
      maxBatch: MAX_BATCH,
      backend: () => remoteBackend(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  /**
   * Requests given up at their deadline but still travelling. The lock is kept until they settle (at most
   * LINGER_MS): otherwise another tab or the worker could send the same rows while the first copy is on its way,
   * and a user poll that landed late was then refused as an update (issue #18).
   */
  private readonly lingering = new Set<Promise<void>>();

  private async waitForLingering(): Promise<void> {
    if (this.lingering.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((r) => {
      timer = setTimeout(r, LINGER_MS);
    });
    await Promise.race([Promise.allSettled([...this.lingering]), bound]);
    clearTimeout(timer);
    this.lingering.clear();
  }

  /** Flush now (coalesced: a call during a run schedules exactly one more pass). */
  flush(): Promise<FlushReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.o.locks
      .request(OUTBOX_LOCK, async () => {
        this.o.onActivity?.(true);
        const total: FlushReport = { delivered: 0, failed: 0, stalled: false };
        try {
          await this.recoverInterrupted();
          do {
            this.again = false;
            const r = await this.pass();
            total.delivered += r.delivered;
            total.failed += r.failed;
            total.stalled = r.stalled;
          } while (this.again && !total.stalled);
        } finally {
          await this.waitForLingering();
          this.o.onActivity?.(false);
        }
        return total;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running.then(async (report) => {
      this.o.onReport?.(report);
      await this.scheduleNext();
      return report;
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) this.o.clearTimer(this.timer);
    this.timer = null;
  }

  /** Holding the lock, any row still 'sending' belongs to a flusher that died mid-send: send it again. */
  private async recoverInterrupted(): Promise<void> {
    await this.o.database.outbox.where('state').equals('sending').modify({ state: 'queued' });
  }

  private async pass(): Promise<FlushReport> {
    const report: FlushReport = { delivered: 0, failed: 0, stalled: false };
    const { database: d } = this.o;
    for (;;) {
      if (!this.o.isOnline()) {
        report.stalled = true;
        return report;
      }
      const now = this.o.now();
      // Every due row, oldest first; a row still backing off does not hold back the ones behind it.
      const queued = await d.outbox.where('state').equals('queued').filter((r) => r.nextAttemptAt <= now).limit(MAX_BATCH).toArray();
      // Each row's kind and payload, read once; a row this version cannot read is refused for good at once.
      const resolved: Due[] = [];
      for (const row of queued) {
        const r = resolve(this.o.kinds, row);
        if ('kind' in r) resolved.push({ row, ...r });
        else {
          report.failed++;
          await d.outbox.update(row.seq!, { state: 'failed', attempts: row.attempts + 1, lastError: r.error });
        }
      }
      // The one order that matters is kept: a row whose kind says it must follow another (an answer to a poll
      // made on this device) waits while that one is still on its way — the rules refuse an answer to a poll
      // the server does not have yet.
      const ready: Due[] = [];
      for (const item of resolved) {
        const before = item.kind.after?.(item.payload);
        const blocking = before === undefined ? undefined : await d.outbox.where('key').equals(before).first();
        if (!blocking || blocking.state === 'failed') ready.push(item);
      }
      // Rows that advance the same count on the server (the writer's rate ring of a kind, a device's ballots in a
      // poll) go one per round, oldest first: two commits advancing one count at once both read it before either
      // lands, and the second is refused (issue #51: the second of two answers given offline was lost that way).
      const counting = new Set<string>();
      const due = ready.filter((item) => {
        const counter = item.kind.counter?.(item.payload);
        if (counter === undefined) return true;
        if (counting.has(counter)) return false;
        counting.add(counter);
        return true;
      });
      if (due.length === 0) return report;

      // Rows of a kind that can travel together (award votes: a venue's backlog is mostly votes) go in one
      // request; everything else one request per row, `concurrency` at a time.
      const groups = new Map<string, Due[]>();
      if (this.o.maxBatch > 1) for (const item of due) if (item.kind.pushMany) groups.set(item.kind.kind, [...(groups.get(item.kind.kind) ?? []), item]);
      const batches = [...groups.values()].filter((g) => g.length >= 2).flatMap((g) => chunks(g, this.o.maxBatch));
      const batched = new Set(batches.flat());
      const singles = due.filter((i) => !batched.has(i)).slice(0, this.o.concurrency);
      const sending = [...batched, ...singles].map((i) => i.row);

      await d.transaction('rw', d.outbox, async () => {
        for (const row of sending) await d.outbox.update(row.seq!, { state: 'sending', attempts: row.attempts + 1 });
      });

      // Each request settles its own rows the moment it is answered: a slow one (a socket still reconnecting)
      // never holds back the badge, the thank-you or the rows behind it.
      const settle = async (items: Due[], error?: unknown): Promise<void> => {
        const delivered: OutboxRow[] = [];
        const refused: { item: Due; error: unknown }[] = error === undefined ? [] : items.map((item) => ({ item, error }));
        if (error === undefined) {
          for (const item of items) {
            try {
              await this.o.afterSend?.(item.row);
              delivered.push(item.row);
            } catch (e) {
              refused.push({ item, error: e });
            }
          }
        }
        await markDeliveredMany(delivered, this.o.now(), d, this.o.kinds);
        report.delivered += delivered.length;
        for (const { item: { row, kind }, error: e } of refused) {
          const abandoned = (e as { abandoned?: unknown } | null)?.abandoned;
          if (abandoned instanceof Promise) this.lingering.add(abandoned as Promise<void>);
          const verdict = classify(e, kind);
          if (verdict.retry) {
            // Over a limit (the server answered: the connection is fine) the row waits until the limit allows
            // it — on this device's clock, as the remote layer computed it — and the rows behind it go on.
            const until = (e as { rate?: { until?: unknown } } | null)?.rate?.until;
            const limited = typeof until === 'number' && Number.isFinite(until) ? until : null;
            if (limited === null) report.stalled = true;
            // The delay grows with the failures since the last news of the connection (makeAllDue resets
            // `retries`), not with every attempt ever made: a backlog that waited out a long outage goes out
            // at once when the connection returns, instead of after the backoff it had accumulated.
            const retries = (row.retries ?? 0) + 1;
            const backoff = this.o.now() + backoffDelay(retries, this.o.random);
            await d.outbox.update(row.seq!, { state: 'queued', retries, nextAttemptAt: limited === null ? backoff : Math.max(backoff, limited), lastError: verdict.reason });
          } else {
            report.failed++;
            await d.outbox.update(row.seq!, { state: 'failed', lastError: verdict.reason });
          }
        }
      };
      const sendOne = async (item: Due): Promise<void> => {
        let error: unknown;
        try {
          await item.kind.push(await this.o.backend(), item.payload);
        } catch (e) {
          error = e ?? new Error('delivery failed');
        }
        await settle([item], error);
      };
      const sendBatch = async (items: Due[]): Promise<void> => {
        try {
          await items[0]!.kind.pushMany!(await this.o.backend(), items.map((i) => i.payload));
        } catch (error) {
          if (classify(error).retry) return settle(items, error);
          // Refused as a whole: one of them is the culprit. Send them one by one so the rest land.
          for (let i = 0; i < items.length; i += this.o.concurrency) await Promise.all(items.slice(i, i + this.o.concurrency).map(sendOne));
          return;
        }
        await settle(items);
      };
      await Promise.all([...batches.map(sendBatch), ...singles.map(sendOne)]);
      if (report.stalled) return report;
    }
  }

  private async scheduleNext(): Promise<void> {
    if (this.timer) this.o.clearTimer(this.timer);
    this.timer = null;
    if (this.stopped) return;
    // The row due soonest (rows back off separately), found by walking the nextAttemptAt index.
    const next = await this.o.database.outbox.orderBy('nextAttemptAt').filter((r) => r.state === 'queued').first();
    // Rows another tab is sending: ask for the lock again soon. While that tab lives we just wait in
    // line; if it dies mid-flush, the lock comes to us and we re-send what it left behind.
    const inFlightElsewhere = next ? 0 : await this.o.database.outbox.where('state').equals('sending').count();
    if (!next && inFlightElsewhere === 0) return;
    const wait = next ? Math.min(MAX_TIMER_MS, Math.max(250, next.nextAttemptAt - this.o.now())) : TAKEOVER_CHECK_MS;
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
