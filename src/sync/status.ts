import { create } from 'zustand';

/**
 * UI-only sync state. The pending count is NOT here: it is a live query of the outbox; nor is the online flag:
 * it belongs to the session (src/session/online.ts), which screens read without the sync engine.
 */
export interface SyncStatus {
  sending: boolean;
  lastFlushAt: number | null;
  lastDelivered: number;
  /** A storage error the user must see (quota, closed database). */
  storageError: string | null;
}

export const useSyncStatus = create<SyncStatus>(() => ({
  sending: false,
  lastFlushAt: null,
  lastDelivered: 0,
  storageError: null,
}));
