#!/usr/bin/env node
// `npm test`: every check, each failure counted; exits non-zero if anything failed.
// Ends with the line `N passed, N failed` summing all suites (checks count as one test each).
//
// Two stages, to keep a 2-core machine busy (issue #21):
// 1. Side by side: the emulators and the API stand-in start, while two queues run — the build in one, the
//    typechecks, lint and unit tests in the other (each of those is mostly one core). A phase's output is
//    printed whole when it ends, so the log reads in order.
//    The integration suites follow the build in its queue, against the emulators (no browser, no build needed).
// 2. The size budget, then the end-to-end suites alone against the running emulators (the e2e files themselves run
//    side by side in lanes: tests/e2e/lanes.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startApiStandin, DEFAULT_API_PORT } from './api-standin.mjs';
import { EmulatorMissingError, emulatorEnv, repoRulesFiles, startEmulators } from './emulators.mjs';

const node = process.execPath;
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
mkdirSync('test-results', { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
/** Tests that failed and then passed on their retry (vitest.config.ts: e2e only), listed at the end. */
const flaky = [];
const failedTests = [];
/** Each phase's wall time, printed together at the end: where the suite's minutes go. */
const phases = [];
const started = Date.now();

/**
 * Runs one phase. A phase that runs beside others has its output held and printed when it ends; one that runs
 * alone (`live`) prints as it goes. Resolves to whether it exited 0.
 */
function run(label, args, env = process.env, live = false) {
  const t0 = Date.now();
  if (live) console.log(`\n=== ${label} ===`);
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(node, args, { env, stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`could not start: ${err.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      phases.push({ label, seconds, ok });
      if (!live) process.stdout.write(`\n=== ${label} ===\n${Buffer.concat(chunks).toString()}`);
      console.log(`--- ${label}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    });
  });
}

async function check(label, args, env, live) {
  if (await run(label, args, env, live)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

/** Runs vitest projects and adds their test counts (from the JSON report) to the totals. */
async function suite(label, args, reportFile, env, live) {
  rmSync(reportFile, { force: true });
  const ok = await run(label, args, env, live);
  if (!existsSync(reportFile)) {
    failed++;
    failures.push(`${label} (no report: the suite did not run)`);
    return;
  }
  const r = JSON.parse(readFileSync(reportFile, 'utf8'));
  // A test that passed with failure messages passed on a retry: counted as passed, never silent.
  for (const file of r.testResults ?? []) {
    // A file that failed to load has no test results, only a message.
    if (file.status === 'failed' && !(file.assertionResults ?? []).length) failedTests.push({ where: file.name.replace(`${process.cwd()}/`, ''), why: String(file.message ?? '').split('\n').slice(0, 12).join('\n') });
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failedTests.push({ where: `${file.name.replace(`${process.cwd()}/`, '')} > ${t.fullName}`, why: String(t.failureMessages?.[0] ?? '').split('\n').slice(0, 12).join('\n') });
      if (t.status === 'passed' && t.failureMessages?.length) flaky.push(`${file.name.replace(`${process.cwd()}/`, '')} > ${t.fullName}: ${String(t.failureMessages[0]).split('\n')[0]}`);
    }
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (r.numTotalTests === 0) {
    failed++;
    failures.push(`${label} ran no test`);
  }
  if (!ok || r.numFailedTests > 0 || r.numFailedTestSuites > 0) {
    if (r.numFailedTests === 0) failed++; // a crashed file or hook with no failed test still fails
    failures.push(label);
  }
}

const json = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

// The API stand-in first (in this process; a taken port fails at once): the build bakes in its address.
const api = await startApiStandin({ port: Number(process.env.API_PORT ?? DEFAULT_API_PORT) }).catch((err) => {
  console.error(`npm test: could not start the API stand-in: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
const emulatorsStarting = startEmulators({ ...repoRulesFiles(), quiet: process.env.EMULATORS_VERBOSE !== '1' }).then(
  (emu) => ({ emu }),
  (error) => ({ error }),
);

// Stage 1: two queues side by side, with the emulators starting beside them.
// CHROMIUM_PATH points nowhere for the build: it must not need a browser (issue #32: the pages are rendered by React
// in Node, scripts/prerender-node.mjs). Only the e2e suites below open Chromium.
// The integration suites need the emulators but neither the build nor a browser: they run in the build's queue once
// the build is done (the build takes ~25 s, the other queue ~4 min on CI). Beside the e2e lanes, as they ran until
// 2026-12-04, they took 882–912 s on CI (76 s alone) and the browsers lost their share of the two cores to them.
const buildEnv = { ...process.env, VITE_API_BASE: api.url, CHROMIUM_PATH: '/nonexistent/chromium-not-needed-for-the-build' };
let emulators = null;
let emulatorError = null;
await Promise.all([
  (async () => {
    await check('production build (no browser)', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], buildEnv);
    ({ emu: emulators, error: emulatorError } = await emulatorsStarting);
    if (emulatorError) return;
    // Under a project id of its own, so no e2e lane can clear or count its data (nor it theirs).
    const integrationProject = `${emulators.projectId}-integration`;
    const env = emulatorEnv(emulators, api);
    await suite('integration (real emulators)', [...vitest, '--project', 'integration', ...json('test-results/integration.json')], 'test-results/integration.json', { ...env, VITE_FIREBASE_PROJECT_ID: integrationProject, GCLOUD_PROJECT: integrationProject });
  })(),
  (async () => {
    await check('typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
    await check('typecheck (service worker)', ['node_modules/typescript/bin/tsc', '-p', 'sw/tsconfig.json']);
    await check('lint', ['node_modules/eslint/bin/eslint.js', '.']);
    await suite('unit tests', [...vitest, '--project', 'unit', ...json('test-results/unit.json')], 'test-results/unit.json');
  })(),
]);
await check('size budget', ['scripts/check-size.mjs']);

// Stage 2: the end-to-end suites against the build above and the running emulators, alone on the machine (the
// e2e files themselves run side by side in lanes: tests/e2e/lanes.ts).
if (emulatorError) {
  failed++;
  failures.push(`integration and end-to-end suites (${emulatorError instanceof EmulatorMissingError ? 'SKIPPED: no Firestore emulator on this machine' : 'the emulators did not start'})`);
  console.error(`\nThe emulators did not start: ${emulatorError.message}`);
} else {
  const emu = emulators;
  console.log(`\nEmulators: Firestore ${emu.firestoreHost}, Realtime DB ${emu.databaseHost}, Auth ${emu.authHost}, project ${emu.projectId}; API stand-in ${api.url}`);
  await suite('end-to-end (real Chromium, production build, real emulators)', [...vitest, '--project', 'e2e', ...json('test-results/e2e.json')], 'test-results/e2e.json', emulatorEnv(emu, api), true);
  await emu.stop();
}
await api.stop();

console.log('\nSeconds per phase (stage 1 ran side by side, so its phases overlap):');
for (const p of phases) console.log(`  ${p.seconds.toFixed(1).padStart(7)}  ${p.label}${p.ok ? '' : '  (FAILED)'}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}  in all`);
console.log('');
if (flaky.length) {
  console.log(`Passed only on a second attempt (${flaky.length}; each is a flake to find and fix — docs/testing.md, "Known flakes"):`);
  for (const f of flaky) console.log(`  ${f}`);
}
// Repeated last, because CI keeps only the tail of this output: which tests failed and the first lines of why.
if (failedTests.length) {
  console.log(`Failed tests (${failedTests.length}):`);
  for (const f of failedTests.slice(0, 12)) console.log(`- ${f.where}\n    ${f.why.replace(/\n/g, '\n    ')}`);
}
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
