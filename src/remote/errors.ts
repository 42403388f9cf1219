/** A remote failure with a stable, lower-case code (Firestore's vocabulary). */
export class RemoteError extends Error {
  readonly code: string;
  /**
   * A request given up at its deadline is not cancelled (neither SDK can cancel one): it may still land. This
   * settles when it does (or fails), so the outbox can keep its lock until then (src/sync/flusher.ts).
   */
  abandoned?: Promise<void>;
  /**
   * For `rate-limited`: which limit and until when, so the outbox words it for the queue screen in the visitor's
   * language (src/sync/classify.ts); the message is only a diagnostic for the console.
   */
  rate?: { what: 'polls' | 'answers' | 'refusals' | 'feedback'; limit: number; until?: number };
  constructor(code: string, message: string) {
    super(message);
    this.name = 'RemoteError';
    this.code = code;
  }
}

/**
 * Auth failures in the outbox's vocabulary: a sign-in or token refresh that could not reach the server, or was
 * throttled, is a retry — never a refusal of the item it was for.
 */
const AUTH_CODES: Record<string, string> = {
  'network-request-failed': 'unavailable',
  'too-many-requests': 'resource-exhausted',
  'internal-error': 'internal',
  timeout: 'deadline-exceeded',
};

/** Normalises Firestore, Realtime Database, fetch and timeout errors into a RemoteError. */
export function toRemoteError(err: unknown): RemoteError {
  if (err instanceof RemoteError) return err;
  const e = err as { code?: unknown; message?: unknown; name?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.code === 'string' && e.code.length > 0) {
    // Firestore: 'permission-denied'; Auth: 'auth/network-request-failed'; Realtime Database: 'PERMISSION_DENIED'.
    const code = e.code.replace(/^(firestore|auth|database)\//, '').toLowerCase().replace(/_/g, '-');
    return new RemoteError(AUTH_CODES[code] ?? code, message);
  }
  if (/PERMISSION_DENIED/i.test(message)) return new RemoteError('permission-denied', message);
  if (e?.name === 'TypeError' || /network|fetch|offline/i.test(message)) return new RemoteError('unavailable', message);
  return new RemoteError('unknown', message);
}

/** Rejects with `deadline-exceeded` when `p` has not settled in `ms`; the error carries `p` as `abandoned`. */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new RemoteError('deadline-exceeded', `${what} took longer than ${ms} ms`);
      err.abandoned = p.then(() => undefined, () => undefined);
      reject(err);
    }, ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** Runs one remote call with a deadline; whatever it throws comes out as a RemoteError. */
export async function guard<T>(what: string, ms: number, run: () => Promise<T>): Promise<T> {
  try {
    return await withDeadline((async () => run())(), ms, what);
  } catch (err) {
    throw toRemoteError(err);
  }
}
