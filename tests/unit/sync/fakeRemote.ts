// A fault-injecting stand-in for Firebase behind the one interface the outbox talks to (src/remote/backend.ts):
// a document store keyed by target path, with knobs for the failures a venue's Wi-Fi produces. Writes are sets,
// exactly like the real adapters.
import type { Backend } from '../../../src/remote';

export type Fault = 'offline' | 'server-error' | 'lost-ack' | 'denied' | 'slow' | 'hang' | 'late';

/** One write as the fake sees it: its document (the outbox row's key) and its kind. */
export interface Write {
  key: string;
  kind: string;
}

const refusals = {
  offline: () => Object.assign(new Error('Failed to fetch'), { code: 'unavailable' }),
  denied: () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }),
};

export class FakeRemote implements Backend {
  readonly docs = new Map<string, unknown>();
  readonly writes: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Whether several votes may go in one commit, like Firestore's batched write (the flusher's maxBatch). */
  readonly batches: boolean = false;
  /** Decides a fault per attempt; undefined = success. */
  fault: (write: Write, attempt: number) => Fault | undefined = () => undefined;
  private attempts = new Map<string, number>();
  private hung: (() => void)[] = [];

  /** How many 'hang' or 'late' requests are held back now. */
  get held(): number {
    return this.hung.length;
  }

  /** Lets every 'hang' request in flight go on (like a socket that finally reconnects). */
  release(): void {
    for (const go of this.hung.splice(0)) go();
  }

  async writeAwardVotes(votes: readonly { docId: string }[]): Promise<void> {
    const writes = votes.map((v) => ({ write: { key: `poll-responses/${v.docId}`, kind: 'poll-response' }, doc: v }));
    if (writes.length === 1) return this.one(writes[0]!.write, writes[0]!.doc);
    return this.commit(writes);
  }

  writeUserPoll(poll: { pollId: string }): Promise<void> {
    return this.one({ key: `user-polls/${poll.pollId}`, kind: 'user-poll' }, poll);
  }

  writePollAnswer(answer: { responseId: string }): Promise<void> {
    return this.one({ key: `user-poll-responses/${answer.responseId}`, kind: 'user-poll-response' }, answer);
  }

  writeFeedback(pushKey: string, data: { feedback: string }): Promise<void> {
    return this.one({ key: `feedbacks/${pushKey}`, kind: 'feedback' }, data);
  }

  writePollReport(report: { pollId: string; reason: string }): Promise<void> {
    return this.one({ key: `poll-reports/${report.pollId}`, kind: 'poll-report' }, report);
  }

  /** Several votes in one atomic commit: a fault on any of them refuses them all. */
  protected async commit(writes: { write: Write; doc: unknown }[]): Promise<void> {
    throw new Error(`this fake sends one write per request, got ${writes.length}`);
  }

  private async one(write: Write, doc: unknown): Promise<void> {
    const attempt = (this.attempts.get(write.key) ?? 0) + 1;
    this.attempts.set(write.key, attempt);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await Promise.resolve();
      const f = this.fault(write, attempt);
      if (f === 'offline') throw refusals.offline();
      if (f === 'server-error') throw Object.assign(new Error('HTTP 503'), { status: 503 });
      if (f === 'denied') throw refusals.denied();
      if (f === 'slow') await new Promise((r) => setTimeout(r, 5));
      if (f === 'hang') await new Promise<void>((r) => this.hung.push(r));
      if (f === 'late') {
        // Given up at its deadline but still on its way, as src/remote/errors.ts withDeadline reports it: it
        // lands when released.
        const abandoned = new Promise<void>((r) => this.hung.push(r)).then(() => {
          this.writes.push(write.key);
          this.docs.set(write.key, doc);
        });
        throw Object.assign(new Error('Saving took longer than 20000 ms'), { code: 'deadline-exceeded', abandoned });
      }
      this.writes.push(write.key);
      this.docs.set(write.key, doc); // a set: a replay lands on the same document
      if (f === 'lost-ack') throw Object.assign(new Error('connection reset'), { code: 'unavailable' });
    } finally {
      this.inFlight--;
    }
  }
}

/** A remote that also takes votes in one atomic commit (like Firestore's batched write). */
export class BatchingFakeRemote extends FakeRemote {
  override readonly batches = true;
  commits = 0;
  protected override async commit(writes: { write: Write; doc: unknown }[]): Promise<void> {
    this.commits++;
    for (const { write } of writes) {
      const f = this.fault(write, 0);
      if (f === 'denied') throw refusals.denied();
      if (f === 'offline') throw refusals.offline();
    }
    for (const { write, doc } of writes) {
      this.writes.push(write.key);
      this.docs.set(write.key, doc);
    }
  }
}
