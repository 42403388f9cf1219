import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { knownOffset, noteServerOffset, onServerOffset, OFFSET_STORE_KEY, serverNow } from '../../../src/lib/serverNow';

// A page's global as far as this module uses it: events and localStorage.
const target = new EventTarget();
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
  vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
  vi.stubGlobal('dispatchEvent', target.dispatchEvent.bind(target));
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
});
afterEach(() => vi.unstubAllGlobals());

describe('the server offset a screen judges windows by (issue #51)', () => {
  it('tells listeners when a newly learned offset differs, not when it is the same again', () => {
    const heard = vi.fn();
    const stop = onServerOffset(heard);
    noteServerOffset(7_200_000); // a phone two hours slow
    expect(heard).toHaveBeenCalledTimes(1);
    expect(knownOffset()).toBe(7_200_000);
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(7_199_000);
    noteServerOffset(7_200_000);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    noteServerOffset(0);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('hears an offset another tab learned (the storage event), and only for its own key', () => {
    const heard = vi.fn();
    const stop = onServerOffset(heard);
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'something-else' }));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: OFFSET_STORE_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
