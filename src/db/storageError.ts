// Not in ./index: the entry chunk imports that, and whatever it exports for other chunks stays in the entry —
// these sentences and their catalog are needed only by screens that save.
import { t } from '../lib/t';

/** Storage failures a user must hear about in words, not a stack trace. */
export function describeStorageError(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  const inner = (err as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') {
    return t('common.storage.full');
  }
  if (name === 'DatabaseClosedError' || name === 'InvalidStateError') {
    return t('common.storage.closed');
  }
  return t('common.storage.other');
}
