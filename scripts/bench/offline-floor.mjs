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
//     app's worker serves, running and stopped (prepareFloor in offline.mjs; section 3 reports these two as INFO);
//   - the same five-line worker serving the static twin (the issue's "minimal PWA");
//   - the static twin from the network with no worker (section 3's denominator).
// Same probe, visits and figure as section 3: the main content's Element Timing. Needs no emulators.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launch } from './browser.mjs';
import { PAGES, prepareFloor, prepareSide } from './offline.mjs';
import { median, ms, ratio, waitForHttp } from './util.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist-bench'));
const RATES = (process.env.FLOOR_RATES ?? '1,4').split(',').map(Number);
const ROUNDS = Number(process.env.FLOOR_ROUNDS ?? 11);
const WANTED = (process.env.FLOOR_PAGES ?? 'landing,governor').split(',');
const APP_PORT = 4295;

const pagesWanted = PAGES.filter((p) => WANTED.some((w) => p.key === w || p.name.startsWith(w)));
if (pagesWanted.length === 0) throw new Error(`FLOOR_PAGES names no page of section 3: ${WANTED.join(',')} (landing, governor)`);
if (!existsSync(path.join(DIST, 'sw.js'))) throw new Error(`offline-floor: no build in ${DIST}`);

const appUrl = `http://127.0.0.1:${APP_PORT}`;
const preview = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(APP_PORT), '--strictPort', '--outDir', DIST], { cwd: ROOT, stdio: 'ignore' });
let browser = null;
let side = null;
let floor = null;
try {
  await waitForHttp(`${appUrl}/`, 30_000);
  browser = await launch();
  const pages = pagesWanted.map((p) => ({ ...p, url: `${appUrl}${p.path}` }));
  side = await prepareSide(browser, { baseUrl: appUrl, distDir: DIST, pages });
  floor = await prepareFloor(browser, { baseUrl: appUrl, distDir: DIST, pages });

  console.log(`offline-floor: ${DIST}, medians of ${ROUNDS} rounds; figure = the main content's paint, ratio to the static twin from the network`);
  for (const rate of RATES) {
    await side.throttle(rate);
    await floor.throttle(rate);
    for (const p of pages) {
      await side.warmUp(p);
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        // Who goes first alternates, so neither side always follows the other's start-up.
        if (i % 2 === 0) rounds.push({ ...(await side.round(p)), ...(await floor.round(p)) });
        else rounds.push({ ...(await floor.round(p)), ...(await side.round(p)) });
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
} finally {
  await floor?.close();
  await side?.close(); // also removes the static twins written into the build's folder
  await browser?.close().catch(() => undefined);
  preview.kill();
}
