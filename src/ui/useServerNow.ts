// The server's now as this device knows it (src/lib/serverNow.ts), for screens that show what depends on it — a
// voting window's "opens at", "open", "closed". Moved on every `ms`, just after each of `moments` (an opening or a
// closing), and at once when the app learns the offset from the server or it changes: a phone whose clock is
// hours off shows the server's state as soon as it knows it, not at the next tick or reload (issue #51).
import { useEffect, useState } from 'react';
import { onServerOffset, serverNow } from '../lib/serverNow';

export function useServerNow(moments: readonly (number | null | undefined)[] = [], ms = 15_000): number {
  const [now, setNow] = useState(serverNow);
  const next = moments.reduce<number | null>((m, x) => (typeof x === 'number' && x > now && (m === null || x < m) ? x : m), null);
  useEffect(() => {
    const tick = () => setNow(serverNow());
    const id = setInterval(tick, ms);
    const stop = onServerOffset(tick);
    return () => {
      clearInterval(id);
      stop();
    };
  }, [ms]);
  useEffect(() => {
    if (next === null) return;
    // Capped: a timer far in the future is clamped by browsers; the interval covers the rest.
    const id = setTimeout(() => setNow(serverNow()), Math.min(next - serverNow() + 50, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [next]);
  return now;
}
