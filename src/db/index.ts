// The only module that imports Dexie. Features and sync reach IndexedDB through `db` and these helpers.
import { liveQuery } from 'dexie';

export { db } from './database';
export { TownSquareDB, DB_NAME, DB_VERSION, searchTerms, termsForEntry } from './schema';
export type * from './types';
export { liveQuery };

/** Storage failures a user must hear about in words, not a stack trace. */
export function describeStorageError(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  const inner = (err as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') {
    return 'Your device is out of storage space, so this could not be saved. Free some space and try again — nothing already saved was lost.';
  }
  if (name === 'DatabaseClosedError' || name === 'InvalidStateError') {
    return 'The app’s storage was closed (another tab may be updating it). Reload the page and try again — nothing already saved was lost.';
  }
  return 'This could not be saved on your device. Try again — nothing already saved was lost.';
}
