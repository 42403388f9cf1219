/** A remote failure with a stable, lower-case code (Firestore's vocabulary). */
export class RemoteError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'RemoteError';
    this.code = code;
  }
}

/** Normalises Firestore, Realtime Database, fetch and timeout errors into a RemoteError. */
export function toRemoteError(err: unknown): RemoteError {
  if (err instanceof RemoteError) return err;
  const e = err as { code?: unknown; message?: unknown; name?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.code === 'string' && e.code.length > 0) {
    // Firestore: 'permission-denied'; Auth: 'auth/network-request-failed'.
    const code = e.code.replace(/^(firestore|auth|database)\//, '');
    return new RemoteError(code === 'network-request-failed' ? 'unavailable' : code, message);
  }
  if (/PERMISSION_DENIED/i.test(message)) return new RemoteError('permission-denied', message);
  if (e?.name === 'TypeError' || /network|fetch|offline/i.test(message)) return new RemoteError('unavailable', message);
  return new RemoteError('unknown', message);
}

/** Rejects with `deadline-exceeded` when `p` has not settled in `ms`. */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteError('deadline-exceeded', `${what} took longer than ${ms} ms`)), ms);
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
