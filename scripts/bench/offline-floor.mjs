// What a minimal offline-first worker reaches with the app's own pages: the floor for section 3's offline rows.
//
//   node scripts/bench/offline-floor.mjs [distDir]        (default dist-bench; build it as scripts/bench.mjs does)
//   env: FLOOR_RATES=1,4  FLOOR_ROUNDS=11  FLOOR_PAGES=landing,governor
//
// Why: section 3 compares the app offline with its screen's text as plain HTML. Issue #33 notes that a minimal PWA
// reaches 1.27× that here. This script tells apart what the app's worker costs from what the page itself costs: in
// turns, one browser, every round measures
//   - the app, installed and offline (worker running; worker stopped first), as section 3 does;
//   - a five-line worker (precache at install, answer cache-first) on an origin of its own, serving the very page the
//     app's worker serves (captured from it, its boot script taken out so nothing starts after the paint), running
//     and stopped;
//   - the same five-line worker serving the static twin (the issue's "minimal PWA");
//   - the static twin from the network with no worker (section 3's denominator).
// Same probe, visits and figure as section 3 (scripts/bench/offline.mjs): the main content's Element Timing.
// Needs no emulators: every measured visit is offline.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, phoneContext, waitForController } from './browser.mjs';
import { fromBlank, installProbe, measureOnce, PAGES, prepareSide, TARGETS } from './offline.mjs';
import { median, ms, ratio, waitForHttp } from './util.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist-bench'));
const RATES = (process.env.FLOOR_RATES ?? '1,4').split(',').map(Number);
const ROUNDS = Number(process.env.FLOOR_ROUNDS ?? 11);
const WANTED = (process.env.FLOOR_PAGES ?? 'landing,governor').split(',');
const APP_PORT = 4295;
const MIN_PORT = 4296;

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript', svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp', webmanifest: 'application/manifest+json', json: 'application/json', css: 'text/css' };

// The whole worker: everything it will serve is stored at install; every request is answered from that store.
const MINIMAL_WORKER = (files) => `const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request))));
`;

/** Serves `dir` first, then the build (pictures, icons), on the minimal worker's own origin. */
function serveMinimal(dir) {
  const server = createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    const name = p === '/' ? 'index.html' : p.slice(1);
    // Only files inside the two folders (path.join has already resolved any `..`).
    const file = [dir, DIST].map((d) => path.join(d, name)).find((f, i) => f.startsWith([dir, DIST][i] + path.sep) && existsSync(f) && statSync(f).isFile());
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(MIN_PORT, '127.0.0.1', () => resolve(server)));
}

/** The page the app's worker answers for `url` (online, installed), as the browser received it. */
async function servedPage(page, url, target) {
  const response = await page.goto(url);
  const html = (await response?.text()) ?? '';
  if (!response?.fromServiceWorker() || !html.includes('<!--prerender-->') || (target.text && !html.includes(target.text))) {
    throw new Error(`offline-floor: ${url} did not come from the app's worker with its content`);
  }
  // Without the app's boot script: the five-line worker serves the page only, so nothing starts after the paint.
  return html.replace(/<script type="module"[^>]*src="\/assets\/boot-[^"]+"[^>]*><\/script>/, '');
}

const pagesWanted = PAGES.filter((p) => WANTED.some((w) => p.key === w || p.name.startsWith(w)));
if (pagesWanted.length === 0) throw new Error(`FLOOR_PAGES names no page of section 3: ${WANTED.join(',')} (landing, governor)`);
if (!existsSync(path.join(DIST, 'sw.js'))) throw new Error(`offline-floor: no build in ${DIST}`);

const appUrl = `http://127.0.0.1:${APP_PORT}`;
const minUrl = `http://127.0.0.1:${MIN_PORT}`;
const dir = mkdtempSync(path.join(tmpdir(), 'offline-floor-'));
const preview = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(APP_PORT), '--strictPort', '--outDir', DIST], { cwd: ROOT, stdio: 'ignore' });
let minServer = null;
let browser = null;
let appSide = null;
try {
  await waitForHttp(`${appUrl}/`, 30_000);
  browser = await launch();
  const pages = pagesWanted.map((p) => ({ ...p, url: `${appUrl}${p.path}` }));
  appSide = await prepareSide(browser, { baseUrl: appUrl, distDir: DIST, pages });

  // The minimal worker's files: each page as the app's worker serves it, and its static twin (written into the build
  // by prepareSide), plus every same-origin picture and icon those pages ask for.
  const capture = await phoneContext(browser);
  const cp = await capture.newPage();
  await cp.goto(`${appUrl}/`);
  await waitForController(cp);
  const files = new Set();
  for (const p of pages) {
    const html = await servedPage(cp, p.url, TARGETS[p.key]);
    writeFileSync(path.join(dir, `floor-${p.key}.html`), html);
    writeFileSync(path.join(dir, `floor-static-${p.key}.html`), readFileSync(path.join(DIST, p.file)));
    files.add(`/floor-${p.key}.html`).add(`/floor-static-${p.key}.html`);
    for (const m of html.matchAll(/(?:src|href)="(\/(?:awards|icons|pictures|people)\/[^"?#]+)"/g)) if (existsSync(path.join(DIST, m[1]))) files.add(m[1]);
  }
  await capture.close();
  writeFileSync(path.join(dir, 'sw.js'), MINIMAL_WORKER([...files]));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>floor</title><script type="module">navigator.serviceWorker.register("/sw.js")</script>');
  minServer = await serveMinimal(dir);

  const minContext = await phoneContext(browser);
  await minContext.addInitScript(installProbe, TARGETS);
  const min = await minContext.newPage();
  await min.goto(`${minUrl}/`);
  await waitForController(min);
  for (const f of files) if (f.endsWith('.html')) await min.goto(`${minUrl}${f}`); // a first visit of each, online
  await minContext.setOffline(true);
  const minCdp = await minContext.newCDPSession(min);
  await minCdp.send('ServiceWorker.enable');

  const minimalRound = async (p) => {
    const r = {};
    for (const [name, file, key, stop] of [
      ['pageRunning', `floor-${p.key}.html`, p.key, false],
      ['pageStopped', `floor-${p.key}.html`, p.key, true],
      ['twinRunning', `floor-static-${p.key}.html`, 'static', false],
      ['twinStopped', `floor-static-${p.key}.html`, 'static', true],
    ]) {
      await fromBlank(min, minCdp, { stop });
      r[name] = await measureOnce(min, `${minUrl}/${file}`, key, { takeover: false });
    }
    return r;
  };

  console.log(`offline-floor: ${DIST}, medians of ${ROUNDS} rounds; figure = the main content's paint, ratio to the static twin from the network`);
  for (const rate of RATES) {
    await appSide.throttle(rate);
    await minCdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (const p of pages) {
      await appSide.warmUp(p);
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        // Who goes first alternates, so neither side always follows the other's start-up.
        if (i % 2 === 0) rounds.push({ ...(await appSide.round(p)), ...(await minimalRound(p)) });
        else rounds.push({ ...(await minimalRound(p)), ...(await appSide.round(p)) });
      }
      const fig = (k) => median(rounds.map((x) => x[k].content));
      const base = fig('static');
      console.log(`\n${p.name}${rate > 1 ? `, CPU ${rate}× slower` : ''}:`);
      for (const [k, label] of [
        ['running', 'app, worker running'],
        ['stopped', 'app, worker stopped first'],
        ['pageRunning', 'five-line worker, the same page, running'],
        ['pageStopped', 'five-line worker, the same page, stopped first'],
        ['twinRunning', 'five-line worker, the static twin, running'],
        ['twinStopped', 'five-line worker, the static twin, stopped first'],
        ['static', 'static twin from the network, no worker'],
      ]) console.log(`  ${label.padEnd(50)} ${ms(fig(k)).padStart(7)}  ${ratio(fig(k) / base)}`);
    }
  }
  await minContext.close();
} finally {
  await appSide?.close(); // also removes the static twins written into the build's folder
  await browser?.close().catch(() => undefined);
  minServer?.close();
  preview.kill();
  rmSync(dir, { recursive: true, force: true });
}
