// The server's clock, as the security rules see it (request.time). Phones' clocks are often wrong by hours or
// days (set by hand, a dead clock battery, a traveller), and every time the rules judge — when a vote was
// cast, when an answer was given, a rate limit's hour — must be the server's. So the app learns the offset
// between the device's clock and the server's from the server itself, and adds it before it writes.
//
// How: a `:batchGet` of a document that does not exist (polls/clock; polls are public) over plain REST — no
// SDK. Firestore answers with its `readTime`, the server's now to the microsecond, taken while the request was
// in flight; the middle of the request's round trip on the device's clock is the same moment. One small POST,
// made at most every few minutes and only on the way to sending something.
import type { RemoteConfig } from './config';
import { documentsBase } from './restBase';
import { guard } from './errors';
import { noteServerOffset } from '../lib/serverNow';
/** An offset this young is used as it is (the send path asks before every flush). */
const FRESH_MS = 5 * 60_000;
/**
 * Below this, the device's clock is taken as right: the rules allow ten minutes ahead, and an offset of a few
 * hundred milliseconds that changes from one measurement to the next would make each re-send of the same vote
 * carry a different time.
 */
const NEGLIGIBLE_MS = 60_000;

let measured: { offset: number; atPerf: number } | null = null;

/** Rounds small offsets to 0 and others to whole seconds (what the server's ISO times and the bounds need). */
export function settle(offset: number): number {
  return Math.abs(offset) < NEGLIGIBLE_MS ? 0 : Math.round(offset / 1000) * 1000;
}

/** server now − device now, in ms, learned from the server (cached for a few minutes). Throws when offline. */
export async function serverOffset(cfg: RemoteConfig, fetcher: typeof fetch = fetch): Promise<number> {
  const perf = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
  if (measured && perf() - measured.atPerf < FRESH_MS) return measured.offset;
  return guard('Reading the server clock', 10_000, async () => {
    const base = documentsBase(cfg);
    const sentAt = Date.now();
    const p0 = perf();
    const res = await fetcher(`${base}:batchGet?prettyPrint=false&key=${encodeURIComponent(cfg.firebase.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documents: [`${base.slice(base.indexOf('projects/'))}/polls/clock`] }),
    });
    const rtt = perf() - p0;
    if (!res.ok) throw Object.assign(new Error(`Reading the server clock: HTTP ${res.status}`), { status: res.status });
    const [answer] = (await res.json()) as { readTime?: string }[];
    const server = Date.parse(answer?.readTime ?? '');
    if (!Number.isFinite(server)) throw new Error('Reading the server clock: no readTime in the answer');
    const offset = settle(server - (sentAt + rtt / 2));
    measured = { offset, atPerf: perf() };
    noteServerOffset(offset); // kept for casts made offline later; screens that judge a window redraw
    return offset;
  });
}

/** For tests: forget what was measured. */
export function forgetServerOffset(): void {
  measured = null;
}
