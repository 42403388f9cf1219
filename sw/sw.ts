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
import { aliasOf, asPageManifest, PAGES_CACHE_PREFIX, PEOPLE_STORED_URL, pagePath, pagesCacheName, personUrl, pickPage, stitch, type PageManifest } from './pageManifest';

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

// Any in-app URL opens offline, and with its content already in the HTML (scripts/prerender-node.mjs): the
// screen's prerendered page (/local → prerender/local.html), a profile stitched into its route's frame
// (/onegovernor?q=… from prerender/people.json), or the shell (prerender/app.html) with nothing prerendered.
// The build wrote each of them as this worker serves it and listed them in prerender/pages.json: here a file
// is picked and, at most, a fragment put between two offsets. Registered before the precache route, which
// would otherwise answer some of these URLs itself.
registerRoute(new NavigationRoute(({ url }) => pageFor(url), { denylist: [/^\/__/, /\/[^/?]+\.[^/]+$/] }));
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

// A page without a query needs nothing from the request: where the browser has static routing (Chromium 123+)
// a navigation to it is answered from a cache of the pages by the browser itself, without starting this worker
// or running its fetch handler (measured: docs/benchmarks.md). Everything else — a query, ?uid=, an unknown
// path — still comes to pageFor(). The copies cost ~340 kB of Cache Storage beside the precache.
const PAGES_CACHE = pagesCacheName(manifest);
const PAGES = manifest.flatMap((e) => {
  const path = pagePath(typeof e === 'string' ? e : e.url);
  return path === undefined ? [] : [path];
});

// The visitor's language (issue #22), which the app tells this worker (src/app/swRegistration.ts). The
// prerendered pages are English: in another language every page is the shell, which the app fills in that
// language from the cache — so a visitor who chose Arabic never sees an English page first, online or off.
// Kept in a cache of its own, as the worker's memory goes when it stops.
const PREFS_CACHE = 'town-square-prefs';
const LOCALE_URL = '/__town-square/locale';
let locale: Promise<string> | null = null;
const readLocale = (): Promise<string> =>
  (locale ??= caches
    .open(PREFS_CACHE)
    .then((c) => c.match(LOCALE_URL))
    .then((r) => (r ? r.text() : 'en'))
    .catch(() => 'en'));

// Each copy is what the fetch handler answers for the path with no query (a page with variants without their
// templates, the shell in another language), so the two ways a page is served never differ.
async function storePages(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  for (const path of PAGES) {
    const url = new URL(path, self.location.origin);
    const page = await pageFor(url);
    if (page.ok) await cache.put(url.href, page);
  }
}

// Each profile as an entry of its own (~490 kB beside the precache's people.json): a visitor coming back later to a
// profile's address waits for this worker to start, and then for it to read and parse every profile to find one
// — 53 ms from fetch to response offline, 8 ms with the profiles already in memory (docs/benchmark-notes.md).
async function storePeople(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  for (const [key, html] of Object.entries(await allPeople())) {
    if (typeof html === 'string') await cache.put(personUrl(key), new Response(html, { headers: { 'content-type': 'text/html;charset=utf-8' } }));
  }
  await cache.put(PEOPLE_STORED_URL, new Response(''));
}

/** Every profile, read and parsed once per worker lifetime. */
const allPeople = (): Promise<Record<string, string>> =>
  (people ??= pageManifest()
    .then((m) => (m ? readJson(m.people) : null))
    .then((p) => (p && typeof p === 'object' ? (p as Record<string, string>) : {})));

/** The profile fragment for `key`, or undefined when the build made none. */
async function personFor(key: string): Promise<string | undefined> {
  if (!people) {
    const cache = await caches.open(PAGES_CACHE);
    const hit = await cache.match(personUrl(key));
    if (hit) return hit.text();
    if (await cache.match(PEOPLE_STORED_URL)) return undefined;
  }
  // Not stored (yet), or already in memory (the worker that stored them).
  const all = await allPeople();
  return Object.hasOwn(all, key) ? all[key] : undefined;
}

async function setLocale(next: string): Promise<void> {
  if (!/^[a-z]{2,8}$/.test(next) || next === (await readLocale())) return;
  locale = Promise.resolve(next);
  await (await caches.open(PREFS_CACHE)).put(LOCALE_URL, new Response(next));
  await storePages();
}

/** A page's response with `body`, for pageFor() and for the pages cache alike. */
function served(page: Response, body: string): Response {
  const headers = new Headers(page.headers);
  headers.delete('content-length'); // a stitched body has another length
  // From the pages cache the browser itself looks the page up: with the server's Vary (vite preview sends
  // Vary: Origin) it would compare request headers this worker never saw, and miss.
  headers.delete('vary');
  return new Response(body, { status: page.status, headers });
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
    .addRoutes(PAGES.map((path) => ({ condition: { urlPattern: new URLPattern({ pathname: path, search: '' }), requestMode: 'navigate' }, source: { cacheName: PAGES_CACHE } })))
    .catch(() => undefined);
}

// Read once per worker lifetime: the manifest (~2 kB) and, only if the profiles are not stored one by one (storePeople),
// all ~90 of them.
let pages: Promise<PageManifest | null> | null = null;
let people: Promise<Record<string, string>> | null = null;

const readJson = (url: string): Promise<unknown> =>
  matchPrecache(url)
    .then((r) => (r ? r.json() : null))
    .catch(() => null);

const pageManifest = (): Promise<PageManifest | null> => (pages ??= readJson('/prerender/pages.json').then(asPageManifest));

async function pageFor(url: URL): Promise<Response> {
  const keys: string[] = [];
  url.searchParams.forEach((_value, key) => {
    if (key !== 'uid') keys.push(key);
  });
  const q = url.searchParams.get('q');
  // The reads a page may need go to Cache Storage side by side: a worker that has just started has none in memory.
  const [m, english, person] = await Promise.all([
    pageManifest(),
    readLocale().then((l) => l === 'en'),
    keys.length === 1 && q !== null ? personFor(`${url.pathname}?q=${q}`) : undefined,
  ]);
  if (!m) return Response.error(); // no manifest: the build is broken, and the browser says so
  // A person's own path, or a door's page in Spanish or Arabic (the pages a first visit reaches before the worker
  // exists): the app lives at the spec's address (with ?lang= for a language), the visit's own query kept.
  const alias = aliasOf(m, url.pathname);
  if (alias) {
    const target = new URL(alias, url.origin);
    url.searchParams.forEach((value, key) => {
      if (!target.searchParams.has(key)) target.searchParams.append(key, value);
    });
    return Response.redirect(target.href, 302);
  }
  const pick = english ? pickPage(m, url.pathname, keys, person) : { file: m.shell };
  const page = (await matchPrecache(pick.file)) ?? (await matchPrecache(m.shell));
  if (!page) return Response.error();
  const body = await page.text();
  return served(page, pick.stitch ? stitch(body, pick.stitch.slot, pick.stitch.fragment) : body);
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
  event.waitUntil(precache.install(event).then(storePages).then(storePeople));
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
  const data = event.data as { type?: string; locale?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'LOCALE' && typeof data.locale === 'string') event.waitUntil(setLocale(data.locale));
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
