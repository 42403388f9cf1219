// The Realtime Database's REST API, shared by the visitor's feedback (realtime.ts) and the organisers' feedback list
// (organiser.ts): why REST and not the database SDK is in realtime.ts's header.
import type { RemoteConfig } from './config';
import { RemoteError, toRemoteError } from './errors';

const DEADLINE_MS = 15_000;

/** `{databaseURL}/{path}.json?auth=…`, keeping the URL's own query (the emulator's `?ns=`). */
export function restUrl(config: RemoteConfig, path: string, token: string): string {
  const url = new URL(config.firebase.databaseURL);
  url.pathname = `/${path.split('/').map(encodeURIComponent).join('/')}.json`;
  url.searchParams.set('auth', token);
  return url.toString();
}

/**
 * An HTTP answer in the outbox's vocabulary (src/sync/classify.ts): the rules' refusal (the REST API answers it
 * with 401 "Permission denied"; 403 likewise) → permission-denied; overloaded or failing (429, 408, 5xx) → unavailable,
 * a retry; anything else the request's own fault → invalid-argument, a refusal.
 */
export function codeForStatus(status: number): string {
  if (status === 401 || status === 403) return 'permission-denied';
  if (status === 429 || status === 408 || status >= 500) return 'unavailable';
  return 'invalid-argument';
}

/** A token the server could not use (expired, revoked) is answered 401 too, but not with "Permission denied". */
export function isRulesRefusal(status: number, error: string): boolean {
  return (status === 401 || status === 403) && /permission denied/i.test(error);
}

export interface Answer {
  status: number;
  error: string;
  body: unknown;
}

/** One request with a deadline; `what` names it in the deadline's message ("Sending feedback"). */
export async function request(url: string, init: RequestInit, what = 'Sending feedback'): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, cache: 'no-store', signal: AbortSignal.timeout(DEADLINE_MS) });
  } catch (err) {
    // The abort only stops the waiting: the request may still land, and a replay is then recognised (realtime.ts).
    if ((err as { name?: unknown } | null)?.name === 'TimeoutError') throw new RemoteError('deadline-exceeded', `${what} took longer than ${DEADLINE_MS} ms`);
    throw toRemoteError(err); // a failed fetch (offline, refused connection, blocked) → unavailable: a retry
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const error = typeof (body as { error?: unknown } | null)?.error === 'string' ? (body as { error: string }).error : '';
  return { status: res.status, error, body };
}
