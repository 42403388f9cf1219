// Whether the servers can be reached, from what the app observes rather than from the browser's flag alone.
// Why: `navigator.onLine` only says a network interface is up. A venue's Wi-Fi that lost its uplink, a captive
// portal, and some browsers' own offline modes (Chromium 150 reported a page loaded offline as online, and fired
// no `online` event on return) all leave it true while every request fails. So a failed request, or the
// browser's `offline` event, makes the app offline; only a request that got an answer makes it online again —
// a small probe the service worker never answers from its caches, retried on a backoff while it fails.

/** Waits between probes while unreachable: quick at first (a Wi-Fi drop is often short), then every 15 s. */
export const PROBE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
/** Evidence older than this is checked again when a screen that depends on the connection opens. */
export const STALE_AFTER_MS = 30_000;

export interface ReachabilityOptions {
  /** true when the servers answered (any HTTP status), false when nothing came back. Never rejects. */
  probe: () => Promise<boolean>;
  /** Told of every change, with the new value. */
  onChange: (reachable: boolean) => void;
  initial: boolean;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export class Reachability {
  private reachable: boolean;
  private lastEvidenceAt = -Infinity;
  private checking: Promise<boolean> | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private readonly o: Required<ReachabilityOptions>;

  constructor(options: ReachabilityOptions) {
    this.o = {
      now: Date.now,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.reachable = options.initial;
    if (!this.reachable) this.retryLater();
  }

  get current(): boolean {
    return this.reachable;
  }

  /** A request got an answer: the servers are there (whatever the answer said). */
  answered(): void {
    this.lastEvidenceAt = this.o.now();
    this.set(true);
  }

  /** The browser said it went offline: believed at once (it is never wrong that way), then probed until back. */
  lost(): void {
    this.lastEvidenceAt = this.o.now();
    this.set(false);
  }

  /**
   * A request failed in a way that may mean there is no connection (a network error, a deadline): the probe
   * decides, so one server's refusal or outage does not make the whole app say "offline".
   */
  suspect(): void {
    void this.check();
  }

  /** Probes now (one probe at a time; a caller during one shares its answer). */
  check(): Promise<boolean> {
    this.checking ??= this.o
      .probe()
      .catch(() => false)
      .then((ok) => {
        this.checking = null;
        if (ok) this.answered();
        else this.lost();
        return ok;
      });
    return this.checking;
  }

  /** For a screen that depends on the connection: probes if the last evidence is older than STALE_AFTER_MS. */
  checkIfStale(): void {
    if (this.o.now() - this.lastEvidenceAt > STALE_AFTER_MS) void this.check();
  }

  private set(reachable: boolean): void {
    if (reachable) {
      this.attempt = 0;
      if (this.timer !== null) this.o.clearTimer(this.timer);
      this.timer = null;
    } else {
      this.retryLater();
    }
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    this.o.onChange(reachable);
  }

  private retryLater(): void {
    if (this.timer !== null) return; // one retry pending at a time; check() schedules the next
    const delay = PROBE_BACKOFF_MS[Math.min(this.attempt, PROBE_BACKOFF_MS.length - 1)] ?? 15_000;
    this.attempt += 1;
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      void this.check();
    }, delay);
  }
}
