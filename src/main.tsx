import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
// Before the router: it takes a language link's `?lang=` out of the address (the router keeps the one it finds).
import { initLocale, startingLocale } from './lib/locale';
import { router } from './app/router';
import { adoptSignedInUid, initVisitorId, onReconnect, reachability, requestedVisitorId, visitorId } from './session';
import { startVitals } from './app/vitals';
import { fullStyles, prepareTakeover } from './app/prerender';
import { captureInstallPrompt } from './lib/installPrompt';
// Not the index: that would bring src/remote/config and its schema library into the entry chunk.
import { onSignedIn, setRemoteIdentity } from './remote/identity';
import './app/styles.css';

initVisitorId();
// At once: the browser's install offer comes once per page load (src/lib/installPrompt.ts).
captureInstallPrompt();
// Who Firebase Auth signs in as (src/remote/auth.ts): anonymously, or on the emulators the identity a `?uid=`
// link asked for. Whoever is signed in becomes the visitor id (docs/security.md, "Identity").
setRemoteIdentity(requestedVisitorId());
onSignedIn((uid) => {
  const provisional = visitorId();
  adoptSignedInUid(uid);
  if (provisional !== uid) void import('./features/polls/data').then((m) => m.reassignOwnPolls(provisional, uid));
});

/** Longest the first render over a prerendered screen waits for the router to have loaded the screen's chunk. */
const ROUTE_WAIT_MAX_MS = 1000;

/** Resolves once the app shows its own screen (at once where no prerendered screen is showing). */
let tookOver: () => void = () => undefined;
const takenOver = new Promise<void>((resolve) => (tookOver = resolve));

const root = document.getElementById('root');
if (!root) tookOver();
else {
  const tree = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // A prerendered page has painted its screen before this module ran (src/boot.ts loads it after the first paint);
  // React renders into the hidden #root once the app stylesheet is there, and takes over when it matches.
  // That first render is a transition there: React yields to the browser every few milliseconds instead of
  // one long task, so a tap or scroll on the prerendered screen is not held up by it (Lighthouse's TBT on a
  // 4x slower CPU). Without a prerendered screen nothing else is shown, so it renders at once.
  // A prerendered copy in another language than the visit's goes at once, and the app draws its screen in the
  // visit's language (the service worker serves such a visitor the empty shell instead, so this is a first visit's
  // case) — unless the page is in that language (the doors in Spanish and Arabic, issue #56: <html lang>) or its
  // screen is (the award ballot's island draws in the visitor's language), which stays until the app's copy
  // replaces it, as an English page does for an English visit.
  const locale = startingLocale();
  const inLanguage = locale === document.documentElement.lang || document.querySelector(`#prerender main .page[lang="${locale}"]`) !== null;
  const prerendered = inLanguage ? prepareTakeover(root, document, tookOver) : (document.getElementById('prerender')?.remove(), false);
  if (!prerendered) tookOver();
  // Where a prerendered screen shows, the router resolves the address and loads its screen's chunk before React
  // renders, in a task of its own (not in this module's evaluation). Why: mounted with nothing resolved, TanStack
  // Router's Transitioner loads the address with `sync: true`, and that store update turns the transition above
  // into one synchronous render — measured at 4× CPU, a 110–150 ms task at the takeover (docs/benchmark-notes.md).
  // A failed load is the route's own error (its error view), never a reason not to render; a slow one (its chunk
  // still on the way after ROUTE_WAIT_MAX_MS) renders as before, the screen suspended until it comes — the
  // takeover's time limit (src/app/prerender.ts) must find React's shell in #root, not nothing.
  const routed = prerendered
    ? new Promise<void>((resolve) => setTimeout(resolve)).then(() =>
        Promise.race([router.load().catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ROUTE_WAIT_MAX_MS))]),
      )
    : undefined;
  void Promise.all([fullStyles(), initLocale(locale), routed]).then(() => {
    const r = createRoot(root);
    if (prerendered) startTransition(() => r.render(tree));
    else r.render(tree);
  });
}

// Off the critical path: the first paint never waits for the worker or the outbox.
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
/**
 * A chunk that could not be fetched — the connection dropped before it came, on a visit the service worker does
 * not yet serve (a first visit) — is asked for again when the connection returns: without the outbox's code a
 * vote cast meanwhile would wait for the next visit.
 */
function retryWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        void reachability.check(); // perhaps offline: the flag says so, and says when it is back
        const stop = onReconnect(() => {
          stop();
          void retryWhenOnline(load).then(resolve);
        });
      }),
  );
}
/** After the load event, then a quiet moment (WARM_UP_DELAY_MS later, at idle). */
const WARM_UP_DELAY_MS = 2000;
const afterLoad = (fn: () => void) => {
  const later = () => setTimeout(() => idle(fn), WARM_UP_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
};
// Not before the app has taken over a prerendered screen (src/app/prerender.ts does so within a few seconds in any
// case): on a first visit the main thread is idle while the screen's files download, and the worker's and the
// outbox's files would share the network with them (on venue Wi-Fi the landing became usable ~1 s later).
void takenOver.then(() =>
  idle(() => {
    // Both are dynamic imports: workbox-window and the flusher stay out of the entry chunk.
    void retryWhenOnline(() => import('./app/swRegistration')).then((m) => m.registerServiceWorker());
    void retryWhenOnline(() => Promise.all([import('./sync/engine'), import('./features/outbox/writeKinds')])).then(([engine, kinds]) => engine.startSync(kinds.WRITE_KINDS));
    // Every award ballot and the honorees into IndexedDB, so they open offline later (also on each reconnect) —
    // once the page has loaded and settled: these downloads must not compete with the screen's own.
    afterLoad(() => void import('./app/warmUp').then((m) => m.warmUp()));
    startVitals();
  }),
);
