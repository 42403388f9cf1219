import { db, type OutboxRow, type TownSquareDB } from '../db/core';
import { backoffDelay } from './backoff';
import { classify } from './classify';
import { type OutboxPayloads } from './outbox';
import { markDeliveredMany, type Transport } from './deliver';
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
  transport: Transport;
  database?: TownSquareDB;
  locks?: LockLike;
  now?: () => number;
  random?: () => number;
  /** How many rows are in flight at once. Writes are idempotent, so overlap is safe. */
  concurrency?: number;
  isOnline?: () => boolean;
  onActivity?: (active: boolean) => void;
  onReport?: (r: FlushReport) => void;
  /** Test hook: called after a row was sent but before it is deleted (where a crash would hurt). */
  afterSend?: (row: OutboxRow) => Promise<void> | void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

const MAX_TIMER_MS = 60_000;
/** Rows read per round; also the most votes in one commit (Firestore allows 500 writes per batch). */
const MAX_BATCH = 200;
const TAKEOVER_CHECK_MS = 2_000;

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
      isOnline: () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine ?? true,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      ...options,
    };
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
      // Head-of-line order: the oldest queued row decides whether anything is due.
      const batch = await d.outbox.where('state').equals('queued').limit(MAX_BATCH).toArray();
      const due: OutboxRow[] = [];
      for (const row of batch) {
        if (row.nextAttemptAt > now) break;
        due.push(row);
      }
      if (due.length === 0) return report;

      // Award votes travel together in one commit when the transport can (a venue's backlog is mostly
      // votes); everything else goes one request per row, `concurrency` at a time.
      const canBatch = typeof this.o.transport.deliverVotes === 'function';
      let votes = canBatch ? due.filter((r) => r.kind === 'poll-response') : [];
      if (votes.length < 2) votes = [];
      const singles = due.filter((r) => !votes.includes(r)).slice(0, this.o.concurrency);
      const sending = [...votes, ...singles];

      await d.transaction('rw', d.outbox, async () => {
        for (const row of sending) await d.outbox.update(row.seq!, { state: 'sending', attempts: row.attempts + 1 });
      });

      const outcome = new Map<OutboxRow, { ok: true } | { ok: false; error: unknown }>();
      const sendOne = async (row: OutboxRow) => {
        try {
          await this.o.transport.deliver(row);
          outcome.set(row, { ok: true });
        } catch (error) {
          outcome.set(row, { ok: false, error });
        }
      };
      const sendVotes = async () => {
        if (votes.length === 0) return;
        try {
          await this.o.transport.deliverVotes!(votes);
          for (const row of votes) outcome.set(row, { ok: true });
        } catch (error) {
          if (classify(error, 'poll-response').retry) {
            for (const row of votes) outcome.set(row, { ok: false, error });
            return;
          }
          // Refused as a whole: one of them is the culprit. Send them one by one so the rest land.
          for (let i = 0; i < votes.length; i += this.o.concurrency) await Promise.all(votes.slice(i, i + this.o.concurrency).map(sendOne));
        }
      };
      await Promise.all([sendVotes(), ...singles.map(sendOne)]);

      const delivered: OutboxRow[] = [];
      for (const row of sending) {
        const o = outcome.get(row);
        if (o?.ok && this.o.afterSend) {
          try {
            await this.o.afterSend(row);
          } catch (error) {
            outcome.set(row, { ok: false, error });
            continue;
          }
        }
        if (outcome.get(row)?.ok) delivered.push(row);
      }
      await markDeliveredMany(delivered, this.o.now(), d);
      report.delivered += delivered.length;

      for (const row of sending) {
        const o = outcome.get(row);
        if (!o || o.ok) continue;
        const verdict = classify(o.error, row.kind);
        const attempts = row.attempts + 1;
        if (verdict.retry) {
          report.stalled = true;
          await d.outbox.update(row.seq!, {
            state: 'queued',
            nextAttemptAt: this.o.now() + backoffDelay(attempts, this.o.random),
            lastError: verdict.reason,
          });
        } else {
          report.failed++;
          await d.outbox.update(row.seq!, { state: 'failed', lastError: verdict.reason });
        }
      }
      if (report.stalled) return report;
    }
  }

  private async scheduleNext(): Promise<void> {
    if (this.timer) this.o.clearTimer(this.timer);
    this.timer = null;
    if (this.stopped) return;
    const next = await this.o.database.outbox.where('state').equals('queued').first();
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

export type { OutboxPayloads };
