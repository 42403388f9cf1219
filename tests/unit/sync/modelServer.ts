// The server as the outbox meets it through src/remote's Backend, for the model-based test (outboxModel.test.ts):
// documents, the rules the outbox's promise depends on, and the faults of a venue's network — modelled, not
// mocked per test. What it keeps of the real server (firestore.rules, database.rules.json, src/remote):
//   * every write is a set at a deterministic id; a writer's identical replay lands on the same document;
//   * the writer's hourly rings for polls and answers (RATE_LIMITS) on the server's clock, and one feedback per
//     interval; over a limit the remote says when it can go ("rate-limited" with `until` on the device's clock);
//   * an answer to a poll the server does not have is refused, and so is a vote at an id another voter holds;
//   * two commits advancing one count at once: the second is refused (what the emulator answers), unless
//     `racesRetried` — src/remote's countedTransaction, which runs such a commit again on the new count;
//   * a request can fail before it lands (offline, 503), land and lose its answer, or hang and land later.
// It also records what the model checks: how many times each document's effect landed, and whether two commits
// of one count were ever in flight together.
import type { Backend } from '../../../src/remote';
import { RATE_LIMITS, FEEDBACK_INTERVAL_MS } from '../../../src/lib/limits';
import { FaultPlan, gated, HeldRequests, type World } from './outboxModel';


const HOUR = 3_600_000;
const err = (code: string, message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });

/** Lets other requests in flight take their turn: the window in which two commits can overlap. */
const turn = () => new Promise<void>((r) => setImmediate(r));

export class ModelServer implements Backend, World {
  /** The server's clock (ms); the device's is this plus `skew`. */
  time = 1_800_000_000_000;
  skew = 0;
  online = true;
  /** A writer's commit that lost the race for its count is run again (src/remote countedTransaction). */
  racesRetried = true;
  /** Decides each request's fate. */
  private readonly faults = new FaultPlan();

  /** path → the stored content (JSON), and how many times a write's effect was applied (must stay ≤ 1). */
  readonly docs = new Map<string, string>();
  readonly effects = new Map<string, number>();
  /** Ids held by someone else (another voter's vote, another owner's poll): a write there is refused. */
  readonly foreign = new Set<string>();
  /** The writer's counted writes, as server times, per ring. */
  private readonly rings: Record<'polls' | 'answers', number[]> = { polls: [], answers: [] };
  /** The device's ballots per award poll, and what each poll allows (firestore.rules voters/{uid}/ballots, issue #52). */
  private readonly ballots = new Map<string, number>();
  private readonly deviceLimits = new Map<string, number>();
  private feedbackMark: { last: number; target: string } | null = null;
  private readonly counting = new Map<string, number>();
  /** Counts that had two commits in flight at once (what the flusher must never cause). */
  private readonly overlaps = new Set<string>();
  private readonly held = new HeldRequests();
  /** Which context is asking (set just before each call: the fault of a dead one's late request). */
  private from = 0;

  deviceNow = (): number => this.time + this.skew;

  // ---- The World the model runs against (tests/unit/sync/outboxModel.ts).
  id(name: string): string {
    return name;
  }
  async pass(ms: number): Promise<void> {
    this.time += ms;
  }
  setSkew(ms: number): void {
    this.skew = ms;
  }
  setOnline(on: boolean): void {
    this.online = on;
  }
  setPlan(plan: Parameters<FaultPlan['set']>[0]): void {
    this.faults.set(plan);
  }
  calm(): void {
    this.faults.calm();
  }
  backend(ctx: number, alive: () => boolean): Backend {
    return gated((call) => {
      this.from = ctx;
      return call();
    }, this, alive);
  }
  async seedPolls(ids: readonly string[], award: readonly { id: string; deviceLimit: number }[]): Promise<void> {
    for (const id of ids) this.docs.set(`user-polls/${id}`, '{}');
    for (const { id, deviceLimit } of award) this.deviceLimits.set(id, deviceLimit);
  }
  async takeVote(docId: string): Promise<void> {
    this.foreign.add(`poll-responses/${docId}`);
  }
  async holds(paths: readonly string[]): Promise<Set<string>> {
    return new Set(paths.filter((p) => this.docs.has(p)));
  }
  applied(): Map<string, number> {
    return this.effects;
  }
  overlapped(): string[] {
    return [...this.overlaps];
  }

  /** Lets every late request land (a socket that finally reconnected). */
  release(): void {
    this.held.release();
  }

  /** Context `from` died: its late requests reach the server now (`lands`) or never. */
  crashed(from: number, lands: boolean): void {
    this.held.crashed(from, lands);
  }

  async writeAwardVotes(votes: readonly { docId: string; data: { pollId: string } }[]): Promise<void> {
    const writes = votes.map((v) => ({ path: `poll-responses/${v.docId}`, content: JSON.stringify(v.data), pollId: v.data.pollId }));
    await this.request(async () => {
      // One commit after another (src/remote/firestoreLite.ts writePollResponses); the first failure stops the rest.
      for (const w of writes) {
        const stored = this.docs.get(w.path);
        // A replay: its commit is refused (its count cannot go up twice) and read back by its writer: delivered.
        if (stored === w.content) continue;
        if (this.foreign.has(w.path)) throw err('already-exists', 'vote refused: another vote is stored at this id');
        if (stored !== undefined) throw err('permission-denied', 'a different vote at this id');
        // A copy sent by another context may land while this one waits its turn: run again, the commit finds it.
        await this.counted(`ballots/${w.pollId}`, () => this.land(w.path, w.content), () => this.docs.get(w.path) === w.content);
      }
    });
  }

  async writeUserPoll(poll: { pollId: string; title: string }): Promise<void> {
    const path = `user-polls/${poll.pollId}`;
    const content = JSON.stringify({ title: poll.title });
    await this.request(async () => {
      if (this.foreign.has(path)) throw err('already-exists', 'Another poll already has this id.');
      if (this.docs.get(path) === content) return; // read in the transaction: ours, already there
      await this.counted('polls', () => this.land(path, content), () => this.docs.get(path) === content);
    });
  }

  async writePollAnswer(answer: { pollId: string; responseId: string; answers: Record<string, string> }): Promise<void> {
    const path = `user-poll-responses/${answer.responseId}`;
    const content = JSON.stringify(answer.answers);
    await this.request(async () => {
      if (!this.docs.has(`user-polls/${answer.pollId}`)) throw err('permission-denied', 'no such poll on the server');
      if (this.docs.get(path) === content) {
        // A replay lands again (and is counted again); refused over the limit, it is read back: delivered.
        await this.counted('answers', () => undefined).catch(() => undefined);
        return;
      }
      await this.counted('answers', () => this.land(path, content));
    });
  }

  /** A report: a set at the writer's own id (the model's device is one writer), so a replay lands on the same one. */
  async writePollReport(report: { pollId: string; reason: string }): Promise<void> {
    const path = `poll-reports/${report.pollId}`;
    await this.request(async () => {
      if (this.docs.get(path) !== report.reason) this.land(path, report.reason);
    });
  }

  async writeFeedback(pushKey: string, data: { feedback: string }): Promise<void> {
    const path = `feedbacks/${pushKey}`;
    await this.request(async () => {
      const mark = this.feedbackMark;
      if (mark && this.time < mark.last + FEEDBACK_INTERVAL_MS) {
        if (mark.target === pushKey) return; // the mark names it: an earlier attempt landed
        throw err('rate-limited', 'over the feedback limit', { rate: { what: 'feedback', limit: FEEDBACK_INTERVAL_MS / 1000, until: this.deviceNow() + FEEDBACK_INTERVAL_MS } });
      }
      this.feedbackMark = { last: this.time, target: pushKey };
      if (this.docs.get(path) !== data.feedback) this.land(path, data.feedback);
    });
  }

  private land(path: string, content: string): void {
    if (!this.docs.has(path)) this.effects.set(path, (this.effects.get(path) ?? 0) + 1);
    this.docs.set(path, content);
  }

  /**
   * A write counted in the writer's ring, in a transaction: it reads the count, then commits. Another commit of
   * the same count landing in between makes this one's commit a refusal (permission-denied, as on the emulator),
   * run again when racesRetried — the whole transaction, so a create whose document another copy wrote meanwhile
   * (`landed`) is a replay, delivered, not counted again. Over the limit: rate-limited until the oldest slot of the
   * hour frees.
   */
  private async counted(ring: 'polls' | 'answers' | `ballots/${string}`, write: () => void, landed: () => boolean = () => false): Promise<void> {
    for (let race = 0; ; race++) {
      if (race > 0 && landed()) return;
      const inFlight = (this.counting.get(ring) ?? 0) + 1;
      this.counting.set(ring, inFlight);
      if (inFlight > 1) this.overlaps.add(ring);
      const ballots = ring.startsWith('ballots/') ? ring.slice('ballots/'.length) : null;
      const count = () => (ballots === null ? this.rings[ring as 'polls' | 'answers'].length : this.ballots.get(ballots) ?? 0);
      const read = count();
      try {
        await turn();
        if (count() !== read) {
          if (this.racesRetried && race < 5) continue;
          // Refused, and the read-back finds no vote of this writer's nor a full count: "not accepted" for good.
          throw err(ballots === null ? 'permission-denied' : 'already-exists', `lost the race for the ${ring} count`);
        }
        if (ballots !== null) {
          if (read >= (this.deviceLimits.get(ballots) ?? 1)) throw err('device-limit', 'vote refused: device-limit', { ballot: { title: ballots, limit: this.deviceLimits.get(ballots) ?? 1 } });
          this.ballots.set(ballots, read + 1);
          write();
          return;
        }
        const kind = ring as 'polls' | 'answers';
        const recent = this.rings[kind].filter((t) => t > this.time - HOUR);
        if (recent.length >= RATE_LIMITS[kind]) {
          // When the oldest slot of the hour frees, on the device's clock (as src/remote/firestoreLite.ts overLimitOr says it).
          const until = Math.min(...recent) + HOUR + this.skew + 1000;
          throw err('rate-limited', `over the ${ring} limit`, { rate: { what: kind, limit: RATE_LIMITS[kind], until } });
        }
        this.rings[kind].push(this.time);
        write();
        return;
      } finally {
        this.counting.set(ring, (this.counting.get(ring) ?? 1) - 1);
      }
    }
  }

  /** One request's journey: its fault, then the server's work, then (maybe) its answer. */
  private async request(work: () => Promise<void>): Promise<void> {
    const from = this.from;
    await turn();
    if (!this.online) throw err('unavailable', 'Failed to fetch');
    const fault = this.faults.take();
    if (fault === 'offline') throw err('unavailable', 'Failed to fetch');
    if (fault === 'server-error') throw Object.assign(new Error('HTTP 503'), { status: 503 });
    if (fault === 'late') {
      // Given up at its deadline but still travelling (src/remote/errors.ts withDeadline): it reaches the server
      // when released, and its outcome is nobody's to hear.
      const abandoned = this.held.hold(from).then(() => work()).catch(() => undefined);
      throw err('deadline-exceeded', 'Saving took longer than 20000 ms', { abandoned });
    }
    await work();
    if (fault === 'lost-ack') throw err('unavailable', 'connection reset');
  }
}
