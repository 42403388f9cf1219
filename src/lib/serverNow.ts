// The server's now, as well as this device can tell without asking: its clock plus the offset the app last
// learned from the server (src/remote/serverClock.ts keeps it under this key). What a screen shows about the
// server's decisions (is voting open?) is judged on this clock, not the device's, which may be hours off.
// Tiny and dependency-free: the pre-React ballot uses it too.
export const OFFSET_STORE_KEY = 'ts:server-clock-offset';

export function knownOffset(): number | undefined {
  try {
    const raw = (globalThis as { localStorage?: { getItem(k: string): string | null } }).localStorage?.getItem(OFFSET_STORE_KEY);
    const n = raw === null || raw === undefined ? NaN : Number(raw);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

export const serverNow = (): number => Date.now() + (knownOffset() ?? 0);
