/// <reference lib="webworker" />
// Service worker: precache the whole build, open any deep link offline, cache images, and flush the
// outbox on Background Sync (Chromium) even when no page is open.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { SYNC_TAG } from '../src/sync/constants';
import type { FlushReport } from '../src/sync/flusher';
import { PAGES_CACHE_PREFIX, pagePath, pagesCacheName, servedPage } from './page';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  /** Set by the flusher's script (sw/sync.ts) once it has run in this worker. */
  townSquareFlushOutbox?: () => Promise<FlushReport>;
};

const manifest = self.__WB_MANIFEST;
// Our own controller rather than precacheAndRoute(): the install step below must run after the precache is
// filled, which only the controller's install() promise tells.
const precache = new PrecacheController();
precache.addToCacheList(manifest);
const matchPrecache = (url: string) => precache.matchPrecache(url);

// Any in-app URL opens offline, and with its content already in the HTML (scripts/prerender.mjs): the
// screen's prerendered page (/local → local.html), a profile stitched into its route's frame
// (/onegovernor?q=… from prerender/people.json), or app.html — the shell with nothing prerendered.
// Registered before the precache route, which would otherwise answer / and /local itself (Workbox maps
// them to index.html and local.html) with the page exactly as stored, skipping servedPage().
registerRoute(new NavigationRoute(({ url }) => pageFor(url), { denylist: [/^\/__/, /\/[^/?]+\.[^/]+$/] }));
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

// A page without a query needs nothing from the request: its served copy is stored once per build, and
// where the browser has static routing (Chromium 123+) a navigation to it is answered from that cache by
// the browser itself, without starting this worker or running its fetch handler. Measured offline on
// 2026-11-26 (two copies of the build side by side, worker stopped first, medians of 15): the landing's
// response started 7 ms after navigation instead of 17 (with 4x slower CPU: 6 instead of 23) and its heading
// painted at 52 instead of 60 ms. Everything else — a query, ?uid=, an unknown path — still comes to pageFor().
// The copies cost ~340 kB of Cache Storage beside the precache.
const PAGES_CACHE = pagesCacheName(manifest);
const PAGES = manifest.flatMap((e) => {
  const url = typeof e === 'string' ? e : e.url;
  const path = pagePath(url);
  return path === undefined ? [] : [{ url, path }];
});

async function storePages(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  for (const { url, path } of PAGES) {
    const page = await matchPrecache(url);
    if (page) await cache.put(new URL(path, self.location.origin).href, await served(page, []));
  }
}

/** The stored page as this worker serves it, for pageFor() and for the pages cache alike. */
async function served(page: Response, query: readonly string[], fragment?: string): Promise<Response> {
  const headers = new Headers(page.headers);
  headers.delete('content-length'); // the body changed
  // From the pages cache the browser itself looks the page up: with the server's Vary (vite preview sends
  // Vary: Origin) it would compare request headers this worker never saw, and miss.
  headers.delete('vary');
  return new Response(servedPage(await page.text(), query, fragment), { status: page.status, headers });
}

// Not in TypeScript's lib yet: URLPattern (in workers since Chromium 95) and what InstallEvent.addRoutes()
// takes — only the parts used here.
declare const URLPattern: (new (init: { pathname: string; search: string }) => object) | undefined;
interface RouterRule {
  condition: { urlPattern: object; requestMode?: RequestMode };
  source: { cacheName: string };
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

function addPageRoutes(event: InstallEventWithRoutes): void {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  // search '' keeps every URL with a query (and ?uid=) on the fetch handler. A rejected rule set only means
  // the fetch handler answers these too, as in every other browser.
  event
    .addRoutes(PAGES.map(({ path }) => ({ condition: { urlPattern: new URLPattern({ pathname: path, search: '' }), requestMode: 'navigate' }, source: { cacheName: PAGES_CACHE } })))
    .catch(() => undefined);
}

let people: Promise<Record<string, string>> | null = null;

function peopleFragments(): Promise<Record<string, string>> {
  // Read once per worker lifetime: ~90 profiles, parsed in a few milliseconds.
  people ??= matchPrecache('/prerender/people.json')
    .then((r) => (r ? (r.json() as Promise<Record<string, string>>) : {}))
    .catch(() => ({}));
  return people;
}

async function pageFor(url: URL): Promise<Response> {
  const file = url.pathname === '/' ? '/index.html' : `${url.pathname}.html`;
  const page = (await matchPrecache(file)) ?? (await matchPrecache('/app.html')) ?? (await matchPrecache('/index.html'));
  if (!page) return Response.error();
  const keys: string[] = [];
  url.searchParams.forEach((_value, key) => {
    if (key !== 'uid') keys.push(key);
  });
  const q = url.searchParams.get('q');
  const fragment = keys.length === 1 && q !== null ? (await peopleFragments())[`${url.pathname}?q=${q}`] : undefined;
  return served(page, keys, fragment);
}

// Portraits and honoree photos: cache-first with a bound, so an offline visit still shows faces.
registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    // Casts: Workbox's plugin classes declare optional callbacks in a way exactOptionalPropertyTypes rejects.
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }) as WorkboxPlugin,
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }) as WorkboxPlugin,
    ],
  }),
);

// The outbox flusher (Dexie + the Firebase clients, ~460 kB) is a script of its own, by its hashed name
// in this build's precache list: this file is parsed and run at every worker start, and an offline
// visit waits for that start before it gets its page; only a Background Sync needs the flusher.
const SYNC_SCRIPT = manifest.map((e) => (typeof e === 'string' ? e : e.url)).find((u) => /(^|\/)assets\/sw-sync-[\w-]+\.js$/.test(u));

function outboxFlusher(): () => Promise<FlushReport> {
  // A worker may call importScripts() after it is installed only for scripts it imported while
  // installing (they are stored with the worker): the install handler below did that.
  if (!self.townSquareFlushOutbox && SYNC_SCRIPT) importScripts(SYNC_SCRIPT);
  if (!self.townSquareFlushOutbox) throw new Error('outbox flusher script missing from this build');
  return self.townSquareFlushOutbox;
}

self.addEventListener('install', (event) => {
  // The pages cache is filled from the precache, so after it; a failure fails the install (and the browser
  // keeps the previous worker), like a precache failure does.
  event.waitUntil(precache.install(event).then(storePages));
  addPageRoutes(event);
  // Fetched and stored with this worker now, while it is allowed; run only when a 'sync' event needs it.
  if (SYNC_SCRIPT) importScripts(SYNC_SCRIPT);
  // First install: take over at once so the very first visit is controlled (and works offline after it).
  // Updates wait for the user's "Reload" so we never swap code under their feet.
  if (!self.registration.active) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    precache.activate(event).then(async () => {
      // The previous worker's routes pointed at its own pages cache; it is gone now.
      for (const name of await caches.keys()) if (name.startsWith(PAGES_CACHE_PREFIX) && name !== PAGES_CACHE) await caches.delete(name);
    }),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    // A failure to load the flusher rejects too: the browser fires the sync again later, and an open
    // page flushes on its own when it is back online.
    Promise.resolve()
      .then(() => outboxFlusher()())
      .then(async (report) => {
        const clients = await self.clients.matchAll({ type: 'window' });
        for (const c of clients) c.postMessage({ type: 'outbox-flushed', ...report });
        // Rejecting asks the browser to fire the sync again later with its own backoff.
        if (report.stalled) throw new Error('outbox not drained yet');
      }),
  );
}) as EventListener);
