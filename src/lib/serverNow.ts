// The server's now, as well as this device can tell without asking: its clock plus the offset the app last
// learned from the server (src/remote/serverClock.ts keeps it under this key). What a screen shows about the
// server's decisions (is voting open?) is judged on this clock, not the device's, which may be hours off.
// Tiny and dependency-free: the pre-React ballot uses it too.
export const OFFSET_STORE_KEY = 'ts:server-clock-offset';
/** Dispatched on the page's global when the offset this page knows changes (onServerOffset). */
const OFFSET_EVENT = 'ts:server-offset';

type Storage = { getItem(k: string): string | null; setItem(k: string, v: string): void };
type Target = { addEventListener?(t: string, f: (e: unknown) => void): void; removeEventListener?(t: string, f: (e: unknown) => void): void; dispatchEvent?(e: unknown): boolean };

const storage = (): Storage | undefined => (globalThis as { localStorage?: Storage }).localStorage;

export function knownOffset(): number | undefined {
  try {
    const raw = storage()?.getItem(OFFSET_STORE_KEY);
    const n = raw === null || raw === undefined ? NaN : Number(raw);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

export const serverNow = (): number => Date.now() + (knownOffset() ?? 0);

/**
 * Keeps an offset the server just gave, and tells this page's screens when it differs from the one they drew with
 * (issue #51: a phone two hours slow showed an open poll as "opens at …" until a reload). Other tabs hear it
 * through the storage event.
 */
export function noteServerOffset(offset: number): void {
  const before = knownOffset();
  try {
    storage()?.setItem(OFFSET_STORE_KEY, String(offset));
  } catch {
    // no storage (service worker, private mode): the cast-time offset is then simply unknown
  }
  const g = globalThis as Target;
  if (before !== offset && typeof Event === 'function') g.dispatchEvent?.(new Event(OFFSET_EVENT));
}

/** Calls `listener` whenever the known offset changes, in this page or another tab; returns the way to stop. */
export function onServerOffset(listener: () => void): () => void {
  const g = globalThis as Target;
  const onStorage = (e: unknown) => {
    if ((e as { key?: unknown } | null)?.key === OFFSET_STORE_KEY) listener();
  };
  g.addEventListener?.(OFFSET_EVENT, listener);
  g.addEventListener?.('storage', onStorage);
  return () => {
    g.removeEventListener?.(OFFSET_EVENT, listener);
    g.removeEventListener?.('storage', onStorage);
  };
}
