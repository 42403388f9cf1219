/// <reference lib="webworker" />
// The outbox flusher for the service worker's Background Sync, as a script of its own
// (assets/sw-sync-[hash].js, built by build/swSync.ts). Why not part of sw.js: it carries Dexie and the
// Firebase clients (docs/architecture.md gives its size), and sw.js is parsed and run at every worker start —
// including the start that an offline visit waits for before it gets its page. sw.ts imports this only
// when a 'sync' event needs it.
// The worker's composition root, like main.tsx for the page: the flusher with every kind of write.
import { WRITE_KINDS } from '../src/features/outbox/writeKinds';
import { flushFromWorker } from '../src/sync/worker';

declare const self: ServiceWorkerGlobalScope & { townSquareFlushOutbox?: () => ReturnType<typeof flushFromWorker> };

self.townSquareFlushOutbox = () => flushFromWorker(WRITE_KINDS);
