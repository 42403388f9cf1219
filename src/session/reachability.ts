// Whether the servers can be reached, from what the app observes rather than from the browser's flag alone.
// Why: `navigator.onLine` only says a network interface is up. A venue's Wi-Fi that lost its uplink, a captive
// portal, and some browsers' own offline modes (Chromium 150 reported a page loaded offline as online, and fired
// no `online` event on return) all leave it true while every request fails. So a failed request, or the
// browser's `offline` event, makes the app offline; only a request that got an answer makes it online again —
// a small probe the service worker never answers from its caches, retried on a backoff while it fails.
// In the entry chunk (src/session/online.ts): kept small, timers and clock are the platform's (tests fake them).

/** Waits between probes while unreachable: quick at first (a Wi-Fi drop is often short), then every 15 s. */
export const PROBE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
/** Evidence older than this is checked again when a screen that depends on the connection opens. */
export const STALE_AFTER_MS = 30_000;

export interface Reachability {
  /** A request got an answer: the servers are there (whatever the answer said). */
  answered(): void;
  /** The browser said it went offline: believed at once (it is never wrong that way), then probed until back. */
  lost(): void;
  /**
   * Probes now; one probe at a time (a caller during one shares its answer). After a failed request that may
   * mean no connection, the probe decides, so one server's refusal or outage does not make the app "offline".
   */
  check(): Promise<boolean>;
  /** For a screen that depends on the connection: probes if the last evidence is older than STALE_AFTER_MS. */
  checkIfStale(): void;
  /**
   * The browser says it is back: probes now and, if that is too early (the Wi-Fi joined, its route not yet up),
   * again on the backoff from its start — not 15 s later because the app had been offline for long.
   */
  restart(): Promise<boolean>;
}

/**
 * `probe` resolves true when our servers answered (any status), false when nothing came back; a rejection
 * counts as false. `onChange` hears every change (the store in status.ts keeps the value).
 */
export function reachability(probe: () => Promise<boolean>, onChange: (reachable: boolean) => void, initial: boolean): Reachability {
  let reachable = initial;
  let lastEvidenceAt = -Infinity;
  let checking: Promise<boolean> | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopRetrying = (): void => {
    attempt = 0;
    clearTimeout(timer);
    timer = undefined;
  };
  const set = (value: boolean): void => {
    lastEvidenceAt = Date.now();
    if (value) {
      stopRetrying();
    } else {
      timer ??= setTimeout(
        () => {
          timer = undefined;
          void self.check();
        },
        PROBE_BACKOFF_MS[Math.min(attempt++, PROBE_BACKOFF_MS.length - 1)],
      );
    }
    if (value !== reachable) onChange((reachable = value));
  };

  const self: Reachability = {
    answered: () => set(true),
    lost: () => set(false),
    check: () =>
      (checking ??= probe()
        .catch(() => false)
        .then((ok) => {
          checking = null;
          set(ok);
          return ok;
        })),
    checkIfStale: () => {
      if (Date.now() - lastEvidenceAt > STALE_AFTER_MS) void self.check();
    },
    restart: () => {
      stopRetrying();
      return self.check();
    },
  };
  if (!initial) set(false);
  return self;
}
