import { formatDate } from '../lib/intl';
import { t } from '../lib/t';
import type { AnyKind } from './kinds';

export type Verdict = { retry: true; reason: string } | { retry: false; reason: string };

/** Codes where trying again later can succeed. Anything else is a permanent refusal. */
const RETRYABLE = new Set([
  'unavailable', 'deadline-exceeded', 'resource-exhausted', 'aborted', 'internal', 'cancelled', 'unknown',
  'network-request-failed', 'chunk-load',
  // Over the per-user limit of the hour (firestore.rules, "Rate limits"): it goes in a later hour.
  'rate-limited',
]);

/**
 * Why a retry is needed, as a sentence for the queue screen (which adds what happens next), in the language of
 * the moment it was written (the outbox row keeps the sentence, not the code).
 */
const RETRY_WORDS: Record<string, () => string> = {
  unavailable: () => t('common.retry.offline'),
  'chunk-load': () => t('common.retry.offline'),
  'network-request-failed': () => t('common.retry.offline'),
  'deadline-exceeded': () => t('common.retry.slow'),
  'resource-exhausted': () => t('common.retry.busy'),
  aborted: () => t('common.retry.aborted'),
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
function permanentReason(code: string, err: unknown, kind: AnyKind | undefined): string {
  const own = kind?.refusal?.(code, err);
  if (own) return own;
  if (code === 'permission-denied') return t('common.refused.denied');
  if (code === 'invalid-argument') return t('common.refused.invalid');
  if (code === 'unauthenticated') return t('common.refused.signIn');
  if (code === 'not-found') return t('common.refused.notFound');
  if (code === 'already-exists') return t('common.refused.exists');
  return t('common.refused.other');
}

/** Over a limit (src/remote/firestoreLite.ts, realtime.ts): which one and until when, in the visitor's language. */
function rateWords(err: unknown): string | null {
  const rate = (err as { rate?: { what?: unknown; limit?: unknown; until?: unknown } } | null)?.rate;
  if (!rate || typeof rate.limit !== 'number') return null;
  if (rate.what === 'feedback') return t('common.rate.feedback', { seconds: rate.limit });
  if (typeof rate.until !== 'number') return null;
  const values = { limit: rate.limit, time: formatDate(rate.until, { hour: 'numeric', minute: '2-digit' }) };
  if (rate.what === 'polls') return t('common.rate.polls', values);
  if (rate.what === 'answers') return t('common.rate.answers', values);
  return null;
}

export function classify(err: unknown, kind?: AnyKind): Verdict {
  const code = codeOf(err);
  if (RETRYABLE.has(code)) {
    // Every reason is worded here (or by the kind), never the remote layer's message: that is a diagnostic.
    if (code === 'rate-limited') return { retry: true, reason: rateWords(err) ?? t('common.retry.other') };
    return { retry: true, reason: RETRY_WORDS[code]?.() ?? t('common.retry.other') };
  }
  return { retry: false, reason: permanentReason(code, err, kind) };
}
