import { makeAllDue, onCommitted } from './outbox';
import type { Flusher } from './flusher';
import { onReconnect } from './status';

import { SYNC_TAG } from './constants';
export { SYNC_TAG };

/** Debounce: several triggers in a burst (online + visible + pageshow) make one flush. */
function debounced(fn: () => void, ms: number): () => void {
  let t: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (t) clearTimeout(t);
    t = setTimeout(() => {
      t = null;
      fn();
    }, ms);
  };
}

/** Ask the browser to wake the service worker when connectivity returns (Chromium's Background Sync). */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const reg = await navigator.serviceWorker.ready;
    const sync = (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
    if (!sync) return false; // Safari, Firefox: the window triggers below carry them
    await sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

let persistAsked = false;
/** Once the user has something worth keeping, ask the browser not to evict our storage. */
export async function requestPersistence(): Promise<boolean | null> {
  if (persistAsked) return null;
  persistAsked = true;
  try {
    if (!navigator.storage?.persist) return null;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return null;
  }
}

/**
 * Wires every trigger of the design: start, enqueue, online, visible again, pageshow, the service
 * worker's message after its own sync, and the flusher's own timer while rows wait.
 */
export function installTriggers(flusher: Flusher): () => void {
  const soon = debounced(() => void flusher.flush(), 150);
  const becameDue = () => void makeAllDue().then(soon);

  // Back online as the app sees it (status.ts): also when the browser fired no `online` event.
  const stopReconnect = onReconnect(becameDue);
  const onVisible = () => {
    if (document.visibilityState === 'visible') soon();
  };
  const onPageShow = () => soon();
  const unsubscribe = onCommitted(() => {
    soon();
    void requestPersistence();
    void registerBackgroundSync();
  });

  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', onPageShow);
  soon(); // app start

  return () => {
    unsubscribe();
    stopReconnect();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('pageshow', onPageShow);
    flusher.stop();
  };
}
