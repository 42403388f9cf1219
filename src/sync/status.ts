import { create } from 'zustand';

/** UI-only sync state. The pending count is NOT here: it is a live query of the outbox. */
export interface SyncStatus {
  sending: boolean;
  lastFlushAt: number | null;
  lastDelivered: number;
  /**
   * The app's one notion of "online": the browser's flag at start, then its online/offline events, heard from
   * the first moment (this module is in the entry chunk; the flusher loads ~2 s later). Every screen reads it
   * through this store, so they never disagree.
   */
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

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('online', () => useSyncStatus.setState({ online: true }));
  window.addEventListener('offline', () => useSyncStatus.setState({ online: false }));
}

/** The app's online flag, for screens. */
export const useOnline = (): boolean => useSyncStatus((s) => s.online);
