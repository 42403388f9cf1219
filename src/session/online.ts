// The app's one online flag (reachability.ts keeps it): in the entry chunk, read by every screen through
// useOnline() and by the flusher through isOnline() (observe.ts), so no two parts of the app disagree about the
// connection. In the session rather than in src/sync: screens read it without reaching into the sync engine.
import { useEffect } from 'react';
import { create } from 'zustand';
import { reachability as watch } from './reachability';

const inBrowser = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
const browserOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** The flag itself (a store, so React screens re-render when it changes). */
export const useOnlineFlag = create<{ online: boolean }>(() => ({ online: browserOnline() }));

/** How long a probe may take before it counts as no answer (a captive portal can hold a request for minutes). */
const PROBE_DEADLINE_MS = 5_000;

/**
 * One HEAD request to our own origin. HEAD, because the service worker's routes answer GET only: it always goes
 * to the network, and the query keeps any HTTP cache out of it. Any status is an answer; a redirect to another
 * origin (a captive portal's login page) fails as a CORS error, which is right: nothing of ours is reachable.
 */
function probe(): Promise<boolean> {
  // Outside a page (unit tests, Node) there is no origin to ask: the flag stays as the platform says.
  if (!inBrowser || !browserOnline()) return Promise.resolve(browserOnline());
  const abort = new AbortController();
  setTimeout(() => abort.abort(), PROBE_DEADLINE_MS); // aborting a finished request does nothing
  return fetch(`/?reachable=${Date.now()}`, { method: 'HEAD', cache: 'no-store', signal: abort.signal }).then(
    () => true,
    () => false,
  );
}

/** The online flag's keeper (reachability.ts); observe.ts tells it what requests observed. */
export const reachability = watch(probe, (online) => useOnlineFlag.setState({ online }), browserOnline());

if (inBrowser) {
  window.addEventListener('online', () => void reachability.restart());
  window.addEventListener('offline', () => reachability.lost());
  // A page the network served (no service worker in between) is itself an answer.
  if (browserOnline() && !navigator.serviceWorker?.controller) reachability.answered();
}

/** The app's online flag, for screens. Opening one checks the connection again if the last evidence is old. */
export function useOnline(): boolean {
  useEffect(() => reachability.checkIfStale(), []);
  return useOnlineFlag((s) => s.online);
}

/**
 * Calls `fn` each time the app goes from offline to online — also when the browser fires no `online` event
 * (the probe noticed). Returns the unsubscribe.
 */
export function onReconnect(fn: () => void): () => void {
  return useOnlineFlag.subscribe((s, prev) => {
    if (s.online && !prev.online) fn();
  });
}
