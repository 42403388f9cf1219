// Section 5: sync throughput — 1,000 poll responses queued offline, then online: how long until the
// emulator holds all of them, for our outbox and for the Firestore SDK's own offline queue.
/* global window, indexedDB -- functions passed to page.evaluate / addInitScript run in the browser */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { phoneContext, storeCount, waitForController, waitForStore } from './browser.mjs';
import { ms, ratio, until } from './util.mjs';

export const SECTION = '5. Sync throughput (1,000 queued writes)';

const N = Number(process.env.BENCH_SYNC_N ?? 1000);
const OURS = 'bench-sync-ours';
const THEIRS = 'bench-sync-sdk';
const OURS_HOME = 'bench-sync-ours-home';
const TIMEOUT_MS = 240_000;

/**
 * Each vote in a poll of its own (`<prefix>~<i>`): since issue #52 a device casts one ballot a poll by default, and a
 * device's votes in one poll go one commit after another (its count is one document). A phone with 1,000 votes in
 * one poll is a kiosk, not a visitor; 1,000 queued writes that can travel together are what this section measures.
 * The 3,000 polls exist only while the section runs (runSync adds and removes them): the other sections' pages
 * list the award polls, and a ballot's first visit reads the first page of them.
 */
const pollOf = (prefix, i) => `${prefix}~${String(i).padStart(4, '0')}`;

function syncPolls() {
  const questions = [{ id: 'q1', question: 'Best look?', options: ['Alpha', 'Beta', 'Gamma'] }];
  return [OURS, THEIRS, OURS_HOME].flatMap((prefix) => Array.from({ length: N }, (_, i) => {
    const id = pollOf(prefix, i);
    return { path: `polls/${id}`, data: { id, title: `Bench ${prefix}`, questions } };
  }));
}

/** Seeded with the rest of the bench's data: nothing (the section brings its polls, above). */
export function syncDocs() {
  return [];
}

/** The same 1,000 poll-response documents for both queues (different poll ids, so each is counted apart). */
function writes(prefix) {
  const at = new Date().toISOString();
  return Array.from({ length: N }, (_, i) => ({
    docId: `${pollOf(prefix, i)}_v`,
    data: { pollId: pollOf(prefix, i), responseId: `${prefix}-r${i}`, answers: { q1: ['Alpha', 'Beta', 'Gamma'][i % 3] }, timestamp: at, user: `sync-${i}@example.com` },
  }));
}

/** Bundles tests/bench/sdk-queue.ts (full firebase/firestore) and serves it as /bench-sdk.html. */
async function buildSdkPage(root, distDir) {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(tmpdir(), 'ts-bench-sdk-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      build: {
        target: 'es2022',
        sourcemap: false,
        outDir,
        emptyOutDir: true,
        lib: { entry: path.join(root, 'tests', 'bench', 'sdk-queue.ts'), formats: ['es'], fileName: () => 'sdk-queue.js' },
      },
    });
    cpSync(outDir, path.join(distDir, 'bench-sdk'), { recursive: true });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  writeFileSync(
    path.join(distDir, 'bench-sdk.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>SDK queue bench</title>\n<script type="module" src="/bench-sdk/sdk-queue.js"></script></head><body><h1>Firestore SDK offline queue</h1></body></html>\n',
  );
  return [path.join(distDir, 'bench-sdk'), path.join(distDir, 'bench-sdk.html')];
}

/** Writes outbox rows with the app's exact row shape straight into its IndexedDB (one transaction). */
function writeOutboxRows(rows) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const open = indexedDB.open('town-square');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      const now = Date.now();
      for (const r of rows) {
        store.add({ key: `poll-responses/${r.docId}`, kind: 'poll-response', payload: { docId: r.docId, data: r.data }, createdAt: now, attempts: 0, nextAttemptAt: 0, state: 'queued', lastError: null });
      }
      tx.oncomplete = () => {
        db.close();
        resolve(performance.now() - t0);
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/**
 * Our outbox: rows written offline straight into IndexedDB, the page reloaded (offline, from the service
 * worker), then online; timed until the emulator holds them all.
 */
async function ours(context, { baseUrl, admin }, pagePath, pollId) {
  const app = await context.newPage();
  try {
    app.on('dialog', (d) => void d.accept());
    await app.goto(`${baseUrl}${pagePath}?uid=bench-sync`);
    await waitForController(app);
    await waitForStore(app, 'outbox');
    await context.setOffline(true);
    const enqueueMs = await app.evaluate(writeOutboxRows, writes(pollId));
    await app.reload(); // offline: from the service worker; the badge and the queue screen see the rows
    const sendNow = app.getByRole('button', { name: 'Send now' });
    if (pagePath === '/outbox') await sendNow.waitFor();
    if ((await storeCount(app, 'outbox')) !== N) throw new Error('the outbox does not hold the rows written');
    await context.setOffline(false);
    const t0 = Date.now();
    // Going online already triggers a flush (the app's 'online' trigger); then the button reads "Sending…"
    // and is disabled. Click it when it is there to click.
    const clicked = pagePath === '/outbox' ? await sendNow.click({ timeout: 1000 }).then(() => true, () => false) : false;
    await until(async () => (await admin.countPrefix('poll-responses', 'pollId', `${pollId}~`)) >= N, { timeoutMs: TIMEOUT_MS, intervalMs: 100, what: `${N} outbox writes on the emulator` });
    const serverMs = Date.now() - t0;
    await until(async () => (await storeCount(app, 'outbox')) === 0, { timeoutMs: 30_000, what: 'outbox drained' });
    return { enqueueMs, serverMs, drainedMs: Date.now() - t0, clicked };
  } finally {
    await app.close();
  }
}

/** The full SDK's persistent offline queue, in a page of the same browser session. */
async function theirs(context, { baseUrl, admin, firestoreHost, projectId }, pollId) {
  const sdk = await context.newPage();
  try {
    await sdk.goto(`${baseUrl}/bench-sdk.html`);
    await sdk.waitForFunction(() => Boolean(window.benchSdk));
    const [host, port] = firestoreHost.split(':');
    await sdk.evaluate((cfg) => window.benchSdk.init(cfg), { host, port: Number(port), projectId, uid: 'bench-sdk', warmupPath: `polls/${pollOf(pollId, 0)}` });
    await context.setOffline(true);
    const enqueueMs = await sdk.evaluate((w) => window.benchSdk.enqueue(w), writes(pollId));
    await context.setOffline(false);
    const t0 = Date.now();
    const acked = sdk.evaluate(() => window.benchSdk.acknowledged());
    acked.catch(() => undefined); // if the count below times out, the page closes under it: that error is the timeout's
    await until(async () => (await admin.countPrefix('poll-responses', 'pollId', `${pollId}~`)) >= N, { timeoutMs: TIMEOUT_MS, intervalMs: 100, what: `the SDK's ${N} writes on the emulator` });
    const serverMs = Date.now() - t0;
    await acked;
    return { enqueueMs, serverMs, ackedMs: Date.now() - t0, failures: await sdk.evaluate(() => window.benchSdk.failures()) };
  } finally {
    await sdk.close();
  }
}

const rate = (t) => `${Math.round((N / t) * 1000)}/s`;

export async function runSync(report, ctx) {
  const { browser, root, distDir, rulesOn, admin } = ctx;
  const cleanup = await buildSdkPage(root, distDir);
  const polls = syncPolls();
  await admin.writeMany(polls);
  const context = await phoneContext(browser);
  try {
    const a = await ours(context, ctx, '/outbox', OURS);
    const b = await theirs(context, ctx, THEIRS);
    if (b.failures.length) report.note(SECTION, `SDK write failures: ${b.failures.length} (first: ${b.failures[0]})`);
    const r = a.serverMs / b.serverMs;
    report.add({
      section: SECTION,
      name: `sync throughput, ${N} queued writes → emulator`,
      figure: `ours ${ms(a.serverMs)} (${rate(a.serverMs)}; outbox empty after ${ms(a.drainedMs)}) vs Firestore SDK queue ${ms(b.serverMs)} (${rate(b.serverMs)}; all acknowledged after ${ms(b.ackedMs)})`,
      ratio: ratio(r),
      goal: '≤ 1.0×',
      verdict: r <= 1 ? 'PASS' : 'MISS',
    });
    report.note(SECTION, `For this benchmark our ${N} rows are enqueued by direct IndexedDB writes (the app's exact outbox row shape, one transaction, ${ms(a.enqueueMs)}) into the app's 'town-square' DB while offline, because casting ${N} votes through the UI is too slow; then the page is reloaded offline and the context goes online on /outbox (${a.clicked ? '"Send now" was clicked right after' : 'the app\'s online trigger had already started the flush, so "Send now" was disabled and not clicked'}). The SDK side (tests/bench/sdk-queue.ts: full firebase/firestore with persistentLocalCache, bundled with Vite's build API and served as /bench-sdk.html in the same browser context) queued the same documents with setDoc while offline (${ms(b.enqueueMs)} until all were in its local cache). Both timed from \`setOffline(false)\` until a server-side count (\`:runAggregationQuery\`, owner token, every 100 ms) reached ${N}.`);
    report.note(SECTION, rulesOn
      ? 'Both wrote through the repo\'s firestore.rules (each create checks the poll with exists()/get()); the app as "bench-sync" (signed in through the Auth emulator, as in production), the SDK as "bench-sdk" (the emulator’s mock token; it writes the same author hash).'
      : 'The emulator ran without security rules (no firestore.rules, or EMULATOR_RULES=off).');

    if (process.env.BENCH_SYNC_HOME !== '0') {
      // Diagnostic: the same flush with the app on / (only the header badge watches the outbox).
      const c = await ours(context, ctx, '/', OURS_HOME);
      report.add({
        section: SECTION,
        name: 'sync throughput, same flush with the app on / instead of /outbox (diagnostic)',
        figure: `ours ${ms(c.serverMs)} (${rate(c.serverMs)})`,
        ratio: `${ratio(c.serverMs / b.serverMs)} of the SDK`,
      });
      report.note(SECTION, 'Diagnostic run: the only difference from the first figure is the screen that is open while the outbox drains. The queue screen (/outbox) and the header badge both use useOutbox(), a live query that re-reads every outbox row after each change, and /outbox re-renders the whole list each time — work that grows with the square of the queue length.');
    }
  } finally {
    await context.close().catch(() => undefined);
    for (const p of cleanup) rmSync(p, { recursive: true, force: true });
    await admin.deleteMany(polls.map((d) => d.path)).catch((err) => console.error(`[bench] could not remove the sync polls: ${err.message}`));
  }
}
