/** Local storage key that holds the current visitor id (spec §3). */
export const VISITOR_ID_KEY = 'uid';

/** The part of `Storage` we use; lets tests pass a plain in-memory store. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export interface ResolveVisitorIdInput {
  /** `uid` from the address (`?uid=`), if any. */
  queryUid?: string | null | undefined;
  /** A uid handed in by the host (e.g. a native wrapper), if any. */
  passedUid?: string | null | undefined;
  store: KeyValueStore | null;
  newId?: () => string;
}

function clean(id: string | null | undefined): string | null {
  const trimmed = id?.trim();
  // Reject absurd values so a hostile link cannot stuff local storage.
  return trimmed && trimmed.length <= 128 ? trimmed : null;
}

function safeGet(store: KeyValueStore | null): string | null {
  try {
    return store?.getItem(VISITOR_ID_KEY) ?? null;
  } catch {
    return null; // storage disabled (private mode, blocked cookies): fall through to a fresh id
  }
}

function safeSet(store: KeyValueStore | null, id: string): void {
  try {
    store?.setItem(VISITOR_ID_KEY, id);
  } catch {
    // Quota or disabled storage: the id still works for this visit.
  }
}

/**
 * Spec §3: query uid, else passed uid, else the stored one, else a new UUID saved locally.
 * A uid from the address or the host is saved, so it sticks on the next visit.
 */
export function resolveVisitorId({ queryUid, passedUid, store, newId = () => crypto.randomUUID() }: ResolveVisitorIdInput): string {
  const given = clean(queryUid) ?? clean(passedUid);
  if (given) {
    if (safeGet(store) !== given) safeSet(store, given);
    return given;
  }
  const saved = clean(safeGet(store));
  if (saved) return saved;
  const fresh = newId();
  safeSet(store, fresh);
  return fresh;
}
