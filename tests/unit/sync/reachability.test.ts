import { describe, expect, it } from 'vitest';
import { PROBE_BACKOFF_MS, Reachability, STALE_AFTER_MS } from '../../../src/sync/reachability';

/** A Reachability on a hand-driven clock, with a probe whose answers the test sets. */
function rig(initial: boolean) {
  let now = 1_000_000;
  let network = initial;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const probes: number[] = [];
  const changes: boolean[] = [];
  const r = new Reachability({
    initial,
    probe: () => {
      probes.push(now);
      return Promise.resolve(network);
    },
    onChange: (v) => changes.push(v),
    now: () => now,
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, id: nextId++ };
      timers.push(t);
      return t.id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const flush = () => new Promise((res) => setTimeout(res, 0));
  /** Moves the clock by `ms`, firing due timers in order and letting each probe settle. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > end) break;
      timers.shift();
      now = next.at;
      next.fn();
      await flush();
    }
    now = end;
  }
  return {
    r,
    probes,
    changes,
    timers,
    advance,
    flush,
    setNetwork: (v: boolean) => {
      network = v;
    },
    elapsed: (at: number) => at - 1_000_000,
  };
}

describe('reachability: the online flag from what the app observes', () => {
  it('a failed request whose probe fails makes the app offline; a refused one (probe answered) does not', async () => {
    const t = rig(true);
    t.r.suspect(); // e.g. a Firestore REST read got a 403: the servers are there
    await t.flush();
    expect(t.r.current).toBe(true);
    expect(t.changes).toEqual([]);

    t.setNetwork(false); // the Wi-Fi lost its uplink; the browser still says online
    t.r.suspect();
    await t.flush();
    expect(t.r.current).toBe(false);
    expect(t.changes).toEqual([false]);
  });

  it('comes back online by itself, with no online event, on a backoff that stops at 15 s', async () => {
    const t = rig(true);
    t.setNetwork(false);
    t.r.suspect();
    await t.flush();
    await t.advance(60_000);
    const gaps = t.probes.slice(1).map((at, i) => at - (t.probes[i] ?? 0));
    expect(gaps.slice(0, PROBE_BACKOFF_MS.length)).toEqual([...PROBE_BACKOFF_MS]);
    expect(gaps.every((g) => g <= 15_000)).toBe(true);
    expect(t.r.current).toBe(false);

    const probesBefore = t.probes.length;
    t.setNetwork(true);
    await t.advance(15_000);
    expect(t.r.current).toBe(true);
    expect(t.changes).toEqual([false, true]);
    // Online again: the probing stops.
    await t.advance(120_000);
    expect(t.probes.length).toBe(probesBefore + 1);
    expect(t.timers).toEqual([]);
  });

  it("believes the browser's offline event at once, and needs an answer to be online again", async () => {
    const t = rig(true);
    t.setNetwork(false);
    t.r.lost();
    expect(t.r.current).toBe(false);
    expect(t.probes).toEqual([]); // no request needed to go offline
    t.setNetwork(true);
    // The browser's online event → check(): online only once the probe answered.
    const check = t.r.check();
    expect(t.r.current).toBe(false);
    expect(await check).toBe(true);
    expect(t.r.current).toBe(true);
    expect(t.changes).toEqual([false, true]);
  });

  it('a start while offline keeps probing until the servers answer', async () => {
    const t = rig(false);
    expect(t.r.current).toBe(false);
    await t.advance(PROBE_BACKOFF_MS[0]);
    expect(t.probes).toHaveLength(1);
    t.setNetwork(true);
    await t.advance(PROBE_BACKOFF_MS[1]);
    expect(t.r.current).toBe(true);
  });

  it('one probe at a time: callers during a probe share its answer', async () => {
    const t = rig(true);
    const a = t.r.check();
    const b = t.r.check();
    t.r.suspect();
    expect(a).toBe(b);
    await a;
    expect(t.probes).toHaveLength(1);
  });

  it('a screen that opens checks again only when the last evidence is older than 30 s', async () => {
    const t = rig(true);
    t.r.checkIfStale(); // no evidence yet (a page the service worker served)
    await t.flush();
    expect(t.probes).toHaveLength(1);
    t.r.checkIfStale();
    await t.advance(STALE_AFTER_MS - 1);
    t.r.checkIfStale();
    expect(t.probes).toHaveLength(1);
    await t.advance(2);
    t.r.answered(); // a read got its reply: fresh evidence, no probe needed
    t.r.checkIfStale();
    await t.flush();
    expect(t.probes).toHaveLength(1);
    await t.advance(STALE_AFTER_MS + 1);
    t.r.checkIfStale();
    await t.flush();
    expect(t.probes).toHaveLength(2);
  });

  it('a probe that throws counts as no answer', async () => {
    const changes: boolean[] = [];
    const r = new Reachability({ initial: true, probe: () => Promise.reject(new Error('boom')), onChange: (v) => changes.push(v), setTimer: () => 1, clearTimer: () => undefined });
    expect(await r.check()).toBe(false);
    expect(changes).toEqual([false]);
  });
});
