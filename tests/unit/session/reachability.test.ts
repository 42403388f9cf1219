import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROBE_BACKOFF_MS, reachability, STALE_AFTER_MS } from '../../../src/session/reachability';

/** A reachability watcher on Vitest's fake clock, with a probe whose answers the test sets. */
function rig(initial: boolean) {
  let network = initial;
  const probes: number[] = [];
  const changes: boolean[] = [];
  const r = reachability(
    () => {
      probes.push(Date.now());
      return Promise.resolve(network);
    },
    (v) => changes.push(v),
    initial,
  );
  return {
    r,
    /** The flag as the app's store holds it: the last change heard, else where it started. */
    online: () => changes.at(-1) ?? initial,
    probes,
    changes,
    setNetwork: (v: boolean) => {
      network = v;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reachability: the online flag from what the app observes', () => {
  it('a failed request whose probe fails makes the app offline; a refused one (probe answered) does not', async () => {
    const t = rig(true);
    await t.r.check(); // e.g. a Firestore REST read got a 403: the servers are there
    expect(t.online()).toBe(true);
    expect(t.changes).toEqual([]);

    t.setNetwork(false); // the Wi-Fi lost its uplink; the browser still says online
    await t.r.check();
    expect(t.online()).toBe(false);
    expect(t.changes).toEqual([false]);
  });

  it('comes back online by itself, with no online event, on a backoff that stops at 15 s', async () => {
    const t = rig(true);
    t.setNetwork(false);
    await t.r.check();
    await vi.advanceTimersByTimeAsync(60_000);
    const gaps = t.probes.slice(1).map((at, i) => at - (t.probes[i] ?? 0));
    expect(gaps.slice(0, PROBE_BACKOFF_MS.length)).toEqual([...PROBE_BACKOFF_MS]);
    expect(Math.max(...gaps)).toBe(15_000);
    expect(t.online()).toBe(false);

    const probesBefore = t.probes.length;
    t.setNetwork(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(t.online()).toBe(true);
    expect(t.changes).toEqual([false, true]);
    // Online again: the probing stops.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.probes.length).toBe(probesBefore + 1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("believes the browser's offline event at once, and needs an answer to be online again", async () => {
    const t = rig(true);
    t.setNetwork(false);
    t.r.lost();
    expect(t.online()).toBe(false);
    expect(t.probes).toEqual([]); // no request needed to go offline
    t.setNetwork(true);
    // The browser's online event → check(): online only once the probe answered.
    const check = t.r.check();
    expect(t.online()).toBe(false);
    expect(await check).toBe(true);
    expect(t.online()).toBe(true);
    expect(t.changes).toEqual([false, true]);
  });

  it("after a long time offline, the browser's online event probes again soon, not on the 15 s step", async () => {
    const t = rig(true);
    t.setNetwork(false);
    t.r.lost();
    await vi.advanceTimersByTimeAsync(120_000); // the backoff has reached 15 s
    const before = t.probes.length;
    // The online event comes a moment before the network carries anything: the first probe still fails.
    expect(await t.r.restart()).toBe(false);
    t.setNetwork(true);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(t.probes.length).toBe(before + 2);
    expect(t.online()).toBe(true);
  });

  it('a start while offline keeps probing until the servers answer', async () => {
    const t = rig(false);
    expect(t.online()).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(t.probes).toHaveLength(1);
    t.setNetwork(true);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[1]);
    expect(t.online()).toBe(true);
  });

  it('one probe at a time: callers during a probe share its answer', async () => {
    const t = rig(true);
    const a = t.r.check();
    const b = t.r.check();
    expect(a).toBe(b);
    await a;
    expect(t.probes).toHaveLength(1);
  });

  it('a screen that opens checks again only when the last evidence is older than 30 s', async () => {
    const t = rig(true);
    t.r.checkIfStale(); // no evidence yet (a page the service worker served)
    await vi.advanceTimersByTimeAsync(0);
    expect(t.probes).toHaveLength(1);
    t.r.checkIfStale();
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS - 1);
    t.r.checkIfStale();
    expect(t.probes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    t.r.answered(); // a read got its reply: fresh evidence, no probe needed
    t.r.checkIfStale();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.probes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS + 1);
    t.r.checkIfStale();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.probes).toHaveLength(2);
  });

  it('a probe that throws counts as no answer', async () => {
    const changes: boolean[] = [];
    const r = reachability(() => Promise.reject(new Error('boom')), (v) => changes.push(v), true);
    expect(await r.check()).toBe(false);
    expect(changes).toEqual([false]);
  });
});
