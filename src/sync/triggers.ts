import { makeAllDue, onCommitted } from './outbox';
import type { Flusher } from './flusher';
import { installState } from '../lib/installPrompt';
import { onReconnect } from '../session';

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
/**
 * Once the user has something worth keeping, ask the browser not to evict our storage. `again`: at install, when
 * the answer may have changed (Chromium grants it more readily to an installed app).
 */
export async function requestPersistence(again = false): Promise<boolean | null> {
  if (persistAsked && !again) return null;
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
 * Wires every trigger of the design (and, at install, kept storage): start, enqueue, online, visible again, pageshow, the service
 * worker's message after its own sync, and the flusher's own timer while rows wait.
 */
export function installTriggers(flusher: Flusher): () => void {
  const soon = debounced(() => void flusher.flush(), 150);
  const becameDue = () => void makeAllDue().then(soon);

  // Back online as the app sees it (src/session/online.ts): also when the browser fired no `online` event.
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

  // Installed to the home screen: the install offer goes, and kept storage is asked for again.
  const onInstalled = () => {
    const state = installState();
    state.offer = null;
    state.installed = true;
    state.changed?.();
    void requestPersistence(true);
  };

  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('appinstalled', onInstalled);
  soon(); // app start

  return () => {
    unsubscribe();
    stopReconnect();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('appinstalled', onInstalled);
    flusher.stop();
  };
}
