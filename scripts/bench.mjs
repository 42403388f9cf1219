#!/usr/bin/env node
// Benchmark suite (issue #8): prints figures and ratios and writes docs/benchmarks.md. Not a test suite —
// a MISS is a finding to act on, not a failure; the exit code is non-zero only when something could not
// be measured.
//
//   npm run bench          every section
//   npm run bench:sync     only the sync throughput (node scripts/bench.mjs --only=sync)
//   node scripts/bench.mjs --only=search   only the civic search timing (no emulators, no app build)
//
// It starts its own emulators (Firestore 8581 behind a gzip proxy on 8580, Realtime Database 9500, with the repo's rules files unless
// EMULATOR_RULES=off), builds dist-bench/ against them, seeds the demo data, serves dist-bench with
// `vite preview` on 127.0.0.1:4191, drives Debian's Chromium, and stops everything it started — also on
// failure and on Ctrl-C. BENCH_ONLY=size,lighthouse,… picks sections; BENCH_SKIP_BUILD=1 reuses dist-bench/.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { EmulatorMissingError, ROOT, repoRulesFiles, startEmulators } from './emulators.mjs';
import { seed } from './seed.mjs';
import { admin as adminClient } from './bench/firestore-admin.mjs';
import { chromiumVersion, CHROMIUM, launch } from './bench/browser.mjs';
import { Report } from './bench/report.mjs';
import { run, waitForHttp } from './bench/util.mjs';
import { startGzipProxy } from './bench/gzipProxy.mjs';
import { runSize, SECTION as SIZE } from './bench/size.mjs';
import { runLighthouse, SECTION as LIGHTHOUSE } from './bench/lighthouse.mjs';
import { runOffline, SECTION as OFFLINE } from './bench/offline.mjs';
import { durabilityDocs, runDurability, SECTION as DURABILITY } from './bench/durability.mjs';
import { runSync, syncDocs, SECTION as SYNC } from './bench/sync.mjs';
import { runAnalytics, SECTION as ANALYTICS } from './bench/analytics.mjs';
import { FIRST_VISIT_FILES, runFirstVisit, ticketedDocs, SECTION as FIRST_VISIT } from './bench/firstVisit.mjs';
import { startShaper } from './bench/netShaper.mjs';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS } from './lib/chromium.mjs';
import { runSearch, SECTION as SEARCH } from './bench/search.mjs';
import { runEventNight, SECTION as EVENT_NIGHT } from './bench/eventNight.mjs';

const FIRESTORE_PORT = Number(process.env.BENCH_FIRESTORE_PORT ?? 8580); // what the app and every client talk to: the gzip proxy (bench/gzipProxy.mjs)
const EMULATOR_PORT = FIRESTORE_PORT + 1; // the Firestore emulator itself, behind it
const DATABASE_PORT = Number(process.env.BENCH_DATABASE_PORT ?? 9500);
const AUTH_PORT = DATABASE_PORT + 99;
// Not 4190: that is on the Fetch standard's list of blocked ports ("sieve"), so neither Chromium nor
// Node's fetch will connect to it (net::ERR_UNSAFE_PORT / "bad port").
const PREVIEW_PORT = Number(process.env.BENCH_PORT ?? 4191);
const OUT_DIR = 'dist-bench';
// The first visit with connection set-up counted (section 7): the build a real project gets, served at an https
// name of its own through the shaping proxy (scripts/bench/netShaper.mjs).
const TLS_OUT_DIR = 'dist-bench-tls';
const TLS_PREVIEW_PORT = PREVIEW_PORT + 1;
const TLS_APP_HOST = 'app.town-square.test';
const DIST = path.join(ROOT, OUT_DIR);
const BASE_URL = `http://127.0.0.1:${PREVIEW_PORT}`;
const DOC = path.join(ROOT, 'docs', 'benchmarks.md');

const ALL = ['size', 'lighthouse', 'offline', 'durability', 'sync', 'analytics', 'firstvisit', 'night', 'search'];
// Sections that run on their own, without the emulators, the app build or the preview server.
const STANDALONE = ['search'];
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY;
const selected = onlyArg ? onlyArg.split(',').map((s) => s.trim()).filter(Boolean) : ALL;
for (const s of selected) {
  if (!ALL.includes(s)) {
    console.error(`bench: unknown section "${s}" (choose from ${ALL.join(', ')})`);
    process.exit(2);
  }
}
const command = onlyArg ? (selected.join(',') === 'sync' ? 'npm run bench:sync' : `BENCH_ONLY=${selected.join(',')} node scripts/bench.mjs`) : 'npm run bench';

const started = Date.now();
const report = new Report();
let emu = null;
let preview = null;
let browser = null;
let proxy = null;
let cleaningUp = null;
/** Section 7's second method: its preview server, shaper and proxied browser. */
let tlsPreview = null;
let shaper = null;
let tlsBrowser = null;

function portBusy(port) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function stopPreview(server = preview) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => {
      try {
        server.kill('SIGKILL');
      } catch {
        // gone
      }
    }, 3000);
    server.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

function cleanup() {
  cleaningUp ??= (async () => {
    await browser?.close().catch(() => undefined);
    await tlsBrowser?.close().catch(() => undefined);
    await shaper?.stop().catch(() => undefined);
    await stopPreview(tlsPreview);
    await stopPreview();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve()));
    await emu?.stop().catch(() => undefined);
    if (process.env.BENCH_KEEP !== '1') {
      for (const f of ['bench-sdk', 'bench-sdk.html', 'bench-static-home.html', 'bench-static-governor.html', ...FIRST_VISIT_FILES]) {
        rmSync(path.join(DIST, f), { recursive: true, force: true });
        rmSync(path.join(ROOT, TLS_OUT_DIR, f), { force: true });
      }
    }
  })();
  return cleaningUp;
}

// Our own signal handling (emulators.mjs defers to it): clean up, then leave.
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(sig, () => {
    console.error(`\nbench: ${sig} — stopping everything it started…`);
    void cleanup().finally(() => process.exit(code));
  });
}
process.on('exit', () => {
  // Last resort if we are exiting without cleanup(): never leave the preview server behind.
  if (preview && preview.exitCode === null) preview.kill('SIGKILL');
  if (tlsPreview && tlsPreview.exitCode === null) tlsPreview.kill('SIGKILL');
});

async function section(name, title, fn) {
  if (!selected.includes(name)) return;
  const t0 = Date.now();
  console.log(`\n[bench] ── ${title}`);
  try {
    await fn();
  } catch (err) {
    report.error(title, err);
    if (process.env.BENCH_DEBUG) console.error(err);
  }
  console.log(`[bench]    (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  if (selected.some((s) => !STANDALONE.includes(s))) await appSections();
  if (selected.includes('search')) browser ??= await launch();
  await section('search', SEARCH, () => runSearch(report, { root: ROOT, browser }));
}

/** Every section that needs the built app: emulators, dist-bench/, demo data, the preview server. */
async function appSections() {
  for (const port of [FIRESTORE_PORT, EMULATOR_PORT, DATABASE_PORT, AUTH_PORT, PREVIEW_PORT]) {
    if (await portBusy(port)) throw new Error(`port ${port} is busy on 127.0.0.1 — is another benchmark running? (ss -ltnp | grep :${port})`);
  }

  const rules = process.env.EMULATOR_RULES === 'off' ? {} : repoRulesFiles();
  const rulesOn = Boolean(rules.firestoreRules);
  console.log(`[bench] emulators: Firestore ${EMULATOR_PORT} behind a gzip proxy on ${FIRESTORE_PORT} (production compresses), Realtime Database ${DATABASE_PORT}, rules ${rulesOn ? 'from the repo' : 'off'}`);
  emu = await startEmulators({ firestorePort: EMULATOR_PORT, databasePort: DATABASE_PORT, authPort: AUTH_PORT, ...rules, quiet: true });
  proxy = await startGzipProxy({ port: FIRESTORE_PORT, target: emu.firestoreHost });
  const firestoreHost = `127.0.0.1:${FIRESTORE_PORT}`;
  const admin = adminClient({ firestoreHost, projectId: emu.projectId });

  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync(path.join(DIST, 'index.html'))) {
    console.log(`[bench] reusing ${OUT_DIR}/ (BENCH_SKIP_BUILD=1)`);
  } else {
    console.log(`[bench] building ${OUT_DIR}/ against the emulators…`);
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', OUT_DIR, '--logLevel', 'warn'], {
      cwd: ROOT,
      quiet: true,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        VITE_FIRESTORE_EMULATOR_HOST: firestoreHost,
        VITE_DATABASE_EMULATOR_HOST: emu.databaseHost,
        VITE_AUTH_EMULATOR_HOST: emu.authHost,
        VITE_FIREBASE_PROJECT_ID: emu.projectId,
        VITE_FIREBASE_API_KEY: '', // never a real project, whatever .env.local says
      },
    });
  }

  const seeded = await seed({ firestoreHost, projectId: emu.projectId });
  await admin.writeMany([...durabilityDocs(), ...syncDocs(), ...ticketedDocs()]);
  console.log(`[bench] seeded ${seeded.documents} demo documents + bench polls`);

  preview = await startPreview(OUT_DIR, PREVIEW_PORT);
  console.log(`[bench] serving ${OUT_DIR}/ at ${BASE_URL}`);

  const ctx = { root: ROOT, distDir: DIST, baseUrl: BASE_URL, admin, firestoreHost, projectId: emu.projectId, rulesOn };

  await section('size', SIZE, () => runSize(report, ctx));
  await section('lighthouse', LIGHTHOUSE, () => runLighthouse(report, ctx));
  if (selected.some((s) => ['offline', 'durability', 'sync', 'analytics', 'firstvisit', 'night'].includes(s))) browser = await launch();
  await section('offline', OFFLINE, () => runOffline(report, { ...ctx, browser }));
  await section('durability', DURABILITY, () => runDurability(report, { ...ctx, browser }));
  await section('sync', SYNC, () => runSync(report, { ...ctx, browser }));
  await section('analytics', ANALYTICS, () => runAnalytics(report, { ...ctx, browser }));
  await section('firstvisit', FIRST_VISIT, async () => runFirstVisit(report, { ...ctx, browser, tls: await setUpCounted(emu) }));
  await section('night', EVENT_NIGHT, () => runEventNight(report, { ...ctx, browser, authHost: emu.authHost, emulatorHost: emu.firestoreHost }));
}

/**
 * Starts a `vite preview` of `outDir` on `port` and resolves once it answers; a server that never answers is
 * stopped before the error (with its stderr) is thrown, so nothing is left behind.
 */
async function startPreview(outDir, port) {
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  server.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, 30_000);
  } catch (e) {
    await stopPreview(server);
    throw new Error(`${e.message}\n${err}`);
  }
  return server;
}

/**
 * Section 7's second method (issue #33): the app built as for a real project (an API key set, so it talks to
 * https://firestore.googleapis.com and Google's auth hosts), every host name behind a TLS front on this machine,
 * Chromium through the shaping proxy — DNS, TCP and TLS paid per host, as a phone pays them.
 */
async function setUpCounted(emulators) {
  if (await portBusy(TLS_PREVIEW_PORT)) throw new Error(`port ${TLS_PREVIEW_PORT} is busy on 127.0.0.1`);
  console.log(`[bench] building ${TLS_OUT_DIR}/ as for a real project (connection set-up counted)…`);
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', TLS_OUT_DIR, '--logLevel', 'warn'], {
    cwd: ROOT,
    quiet: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      VITE_FIREBASE_API_KEY: 'bench-key', // any key: the names below lead to the emulators
      VITE_FIREBASE_PROJECT_ID: emulators.projectId,
      VITE_FIRESTORE_EMULATOR_HOST: '',
      VITE_DATABASE_EMULATOR_HOST: '',
      VITE_AUTH_EMULATOR_HOST: '',
    },
  });
  tlsPreview = await startPreview(TLS_OUT_DIR, TLS_PREVIEW_PORT);
  const [authHost, authPort] = emulators.authHost.split(':');
  shaper = await startShaper({
    [TLS_APP_HOST]: { host: '127.0.0.1', port: TLS_PREVIEW_PORT },
    'firestore.googleapis.com': { host: '127.0.0.1', port: FIRESTORE_PORT },
    'identitytoolkit.googleapis.com': { host: authHost, port: Number(authPort), prefix: '/identitytoolkit.googleapis.com' },
    'securetoken.googleapis.com': { host: authHost, port: Number(authPort), prefix: '/securetoken.googleapis.com' },
  });
  tlsBrowser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROME_FLAGS, '--ignore-certificate-errors'], proxy: { server: shaper.proxy } });
  console.log(`[bench] serving ${TLS_OUT_DIR}/ at https://${TLS_APP_HOST} through the shaping proxy ${shaper.proxy}`);
  return { browser: tlsBrowser, baseUrl: `https://${TLS_APP_HOST}`, distDir: path.join(ROOT, TLS_OUT_DIR), shaper };
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  exitCode = 1;
  if (err instanceof EmulatorMissingError) {
    console.error('SKIPPED: no Firestore emulator on this machine');
    console.error(`Reason: ${err.message}`);
  } else {
    console.error(`bench: ${err instanceof Error ? err.stack ?? err.message : err}`);
  }
  report.error('setup', err);
} finally {
  await cleanup();
}

const durationMs = Date.now() - started;
const s = report.summary();
console.log(`\n[bench] ${s.pass} PASS, ${s.miss} MISS, ${s.info} informational, ${s.errors} not measured — ${(durationMs / 1000).toFixed(0)} s`);
if (selected.length === ALL.length && !process.env.BENCH_LH_PAGES) {
  mkdirSync(path.dirname(DOC), { recursive: true });
  report.write(DOC, { command, chromium: chromiumVersion(), durationMs });
  console.log(`[bench] wrote ${path.relative(ROOT, DOC)}`);
} else {
  console.log('[bench] partial run: docs/benchmarks.md left as it is (npm run bench rewrites it)');
}
process.exit(exitCode || (s.errors ? 1 : 0));
