import { afterEach, describe, expect, it } from 'vitest';
import { forgetServerOffset, serverOffset, settle } from '../../../src/remote/serverClock';
import { readConfig } from '../../../src/remote/config';

const cfg = readConfig();
/** A Firestore that answers `:batchGet` with its readTime `skew` ms from this machine's clock. */
const firestoreAt = (skew: number, calls: string[] = []) => (async (url: RequestInfo | URL, init?: RequestInit) => {
  calls.push(`${init?.method} ${String(url)}`);
  return new Response(JSON.stringify([{ missing: 'projects/p/databases/(default)/documents/polls/clock', readTime: new Date(Date.now() + skew).toISOString() }]), { status: 200 });
}) as typeof fetch;

afterEach(forgetServerOffset);

describe('the server clock (issue #30)', () => {
  it('learns how far the device is from the server, from a batchGet of a missing document', async () => {
    const calls: string[] = [];
    expect(await serverOffset(cfg, firestoreAt(-3 * 3_600_000, calls))).toBeCloseTo(-3 * 3_600_000, -4);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST .*\/documents:batchGet\?/);
  });

  it('asks once in a few minutes, not before every write', async () => {
    const calls: string[] = [];
    await serverOffset(cfg, firestoreAt(2 * 86_400_000, calls));
    expect(await serverOffset(cfg, firestoreAt(0, calls))).toBeCloseTo(2 * 86_400_000, -4);
    expect(calls).toHaveLength(1);
  });

  it('takes a device within a minute of the server as right, and rounds others to seconds (a re-send carries the same time)', () => {
    expect(settle(59_000)).toBe(0);
    expect(settle(-400)).toBe(0);
    expect(settle(10_800_321)).toBe(10_800_000);
    expect(settle(-172_800_499)).toBe(-172_800_000);
  });

  it('offline or an answer without a time: an error, never an offset of 0 made up', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(serverOffset(cfg, offline)).rejects.toMatchObject({ code: 'unavailable' });
    const empty = (async () => new Response('[{}]', { status: 200 })) as typeof fetch;
    await expect(serverOffset(cfg, empty)).rejects.toThrow(/no readTime/);
  });
});
