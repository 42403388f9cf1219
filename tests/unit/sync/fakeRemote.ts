// A fault-injecting stand-in for Firebase: a document store keyed by target path, with knobs for the
// failures a venue's Wi-Fi produces. Writes are sets, exactly like the real adapters.
import type { OutboxRow } from '../../../src/db';
import type { Transport } from '../../../src/sync/deliver';

export type Fault = 'offline' | 'server-error' | 'lost-ack' | 'denied' | 'slow' | 'hang' | 'late';

export class FakeRemote implements Transport {
  readonly docs = new Map<string, unknown>();
  readonly writes: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Decides a fault per attempt; undefined = success. */
  fault: (row: OutboxRow, attempt: number) => Fault | undefined = () => undefined;
  private attempts = new Map<string, number>();
  private hung: (() => void)[] = [];

  /** Lets every 'hang' request in flight go on (like a socket that finally reconnects). */
  release(): void {
    for (const go of this.hung.splice(0)) go();
  }

  async deliver(row: OutboxRow): Promise<void> {
    const attempt = (this.attempts.get(row.key) ?? 0) + 1;
    this.attempts.set(row.key, attempt);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await Promise.resolve();
      const f = this.fault(row, attempt);
      if (f === 'offline') throw Object.assign(new Error('Failed to fetch'), { code: 'unavailable' });
      if (f === 'server-error') throw Object.assign(new Error('HTTP 503'), { status: 503 });
      if (f === 'denied') throw Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
      if (f === 'slow') await new Promise((r) => setTimeout(r, 5));
      if (f === 'hang') await new Promise<void>((r) => this.hung.push(r));
      if (f === 'late') {
        // Given up at its deadline but still on its way, as src/remote/errors.ts withDeadline reports it: it
        // lands when released.
        const abandoned = new Promise<void>((r) => this.hung.push(r)).then(() => {
          this.writes.push(row.key);
          this.docs.set(row.key, row.payload);
        });
        throw Object.assign(new Error('Saving took longer than 20000 ms'), { code: 'deadline-exceeded', abandoned });
      }
      this.writes.push(row.key);
      this.docs.set(row.key, row.payload); // a set: a replay lands on the same document
      if (f === 'lost-ack') throw Object.assign(new Error('connection reset'), { code: 'unavailable' });
    } finally {
      this.inFlight--;
    }
  }
}

/** A remote that also takes votes in one atomic commit (like Firestore's batched write). */
export class BatchingFakeRemote extends FakeRemote {
  commits = 0;
  batches(kind: string): boolean {
    return kind === 'poll-response';
  }
  async deliverMany(rows: OutboxRow[]): Promise<void> {
    this.commits++;
    for (const row of rows) {
      const f = this.fault(row, 0);
      if (f === 'denied') throw Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
      if (f === 'offline') throw Object.assign(new Error('Failed to fetch'), { code: 'unavailable' });
    }
    for (const row of rows) {
      this.writes.push(row.key);
      this.docs.set(row.key, row.payload);
    }
  }
}
