import { create } from 'zustand';

/** UI-only sync state. The pending count is NOT here: it is a live query of the outbox. */
export interface SyncStatus {
  sending: boolean;
  lastFlushAt: number | null;
  lastDelivered: number;
  online: boolean;
  /** A storage error the user must see (quota, closed database). */
  storageError: string | null;
}

export const useSyncStatus = create<SyncStatus>(() => ({
  sending: false,
  lastFlushAt: null,
  lastDelivered: 0,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  storageError: null,
}));
