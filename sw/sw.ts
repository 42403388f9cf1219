/// <reference lib="webworker" />
// Service worker: precache the whole build, open any deep link offline, cache images, and flush the
// outbox on Background Sync (Chromium) even when no page is open.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { flushFromWorker, SYNC_TAG } from '../src/sync/worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any in-app URL (/profile?q=…, /poll?id=…) opens offline from the cached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/__/, /\/[^/?]+\.[^/]+$/] }));

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

self.addEventListener('install', () => {
  // First install: take over at once so the very first visit is controlled (and works offline after it).
  // Updates wait for the user's "Reload" so we never swap code under their feet.
  if (!self.registration.active) void self.skipWaiting();
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
    flushFromWorker().then(async (report) => {
      const clients = await self.clients.matchAll({ type: 'window' });
      for (const c of clients) c.postMessage({ type: 'outbox-flushed', ...report });
      // Rejecting asks the browser to fire the sync again later with its own backoff.
      if (report.stalled) throw new Error('outbox not drained yet');
    }),
  );
}) as EventListener);
