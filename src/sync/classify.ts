import type { WriteKind } from './kinds';

export type Verdict = { retry: true; reason: string } | { retry: false; reason: string };

/** Codes where trying again later can succeed. Anything else is a permanent refusal. */
const RETRYABLE = new Set([
  'unavailable', 'deadline-exceeded', 'resource-exhausted', 'aborted', 'internal', 'cancelled', 'unknown',
  'network-request-failed', 'chunk-load',
  // Over the per-user limit of the hour (firestore.rules, "Rate limits"): it goes in a later hour.
  'rate-limited',
]);

/** Why a retry is needed, as a sentence for the queue screen (which adds what happens next). */
const RETRY_WORDS: Record<string, string> = {
  unavailable: 'No connection to the server yet.',
  'chunk-load': 'No connection to the server yet.',
  'network-request-failed': 'No connection to the server yet.',
  'deadline-exceeded': 'The server took too long to answer.',
  'resource-exhausted': 'The server is busy.',
  aborted: 'The server was busy with something that changed at the same time.',
};

function codeOf(err: unknown): string {
  const e = err as { code?: unknown; status?: unknown; name?: unknown; message?: unknown } | null;
  if (typeof e?.status === 'number') {
    if (e.status === 429 || e.status === 408 || e.status >= 500) return 'unavailable';
    if (e.status === 403) return 'permission-denied';
    if (e.status >= 400) return 'invalid-argument';
  }
  if (typeof e?.code === 'string') return e.code;
  // A dynamic import that failed (offline before the Firebase chunk was cached) is worth retrying.
  if (e?.name === 'TypeError' && /import|module|fetch/i.test(String(e.message))) return 'chunk-load';
  return 'unknown';
}

/** Words a visitor can read in the queue screen: the kind's own, else these. */
function permanentReason(code: string, err: unknown, kind: WriteKind | undefined): string {
  const own = kind?.refusal?.(code);
  if (own) return own;
  if (code === 'unsendable') return err instanceof Error ? err.message : 'This item cannot be sent.';
  if (code === 'permission-denied') return 'The server did not accept this, and sending it again will not change that.';
  if (code === 'invalid-argument') return 'The server did not accept this as it is written.';
  if (code === 'unauthenticated') return 'The server needs you to be signed in to send this.';
  if (code === 'not-found') return 'The poll this belongs to no longer exists.';
  if (code === 'already-exists') return 'Something else already has this id on the server.';
  return 'The server did not accept this.';
}

export function classify(err: unknown, kind?: WriteKind): Verdict {
  const code = codeOf(err);
  if (RETRYABLE.has(code)) {
    const msg = err instanceof Error ? err.message : String(err);
    // Its message is written for the queue screen (src/remote/firestoreLite.ts, realtime.ts).
    if (code === 'rate-limited') return { retry: true, reason: msg.slice(0, 300) };
    return { retry: true, reason: RETRY_WORDS[code] ?? 'Something went wrong on the way to the server.' };
  }
  return { retry: false, reason: permanentReason(code, err, kind) };
}
