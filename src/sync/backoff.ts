export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * "Full jitter" exponential backoff: a uniform delay in [0, min(cap, base·2^(attempt-1))].
 * Jitter spreads a venue full of phones that reconnect at the same moment.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, base = BACKOFF_BASE_MS, cap = BACKOFF_CAP_MS): number {
  const exp = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * exp);
}
