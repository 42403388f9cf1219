#!/usr/bin/env node
// `npm test`: every check, in order, each failure counted; exits non-zero if anything failed.
// Ends with the line `N passed, N failed` summing all suites (checks count as one test each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const node = process.execPath;
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
mkdirSync('test-results', { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
/** Each phase's wall time, printed together at the end (issue #21: where the suite's minutes go). */
const phases = [];
const started = Date.now();

function run(label, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const res = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - t0) / 1000;
  phases.push({ label, seconds, ok: res.status === 0 });
  console.log(`--- ${label}: ${res.status === 0 ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${seconds.toFixed(1)} s`);
  return res.status === 0;
}

function check(label, args, env) {
  if (run(label, args, env)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

/** Runs vitest projects and adds their test counts (from the JSON report) to the totals. */
function suite(label, args, reportFile, env) {
  rmSync(reportFile, { force: true });
  const ok = run(label, args, env);
  if (!existsSync(reportFile)) {
    failed++;
    failures.push(`${label} (no report: the suite did not run)`);
    return;
  }
  const r = JSON.parse(readFileSync(reportFile, 'utf8'));
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

check('typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
check('typecheck (service worker)', ['node_modules/typescript/bin/tsc', '-p', 'sw/tsconfig.json']);
check('lint', ['node_modules/eslint/bin/eslint.js', '.']);
suite('unit tests', [...vitest, '--project', 'unit', ...json('test-results/unit.json')], 'test-results/unit.json');
// The e2e suites below serve this build: it calls the API stand-in scripts/with-emulators.mjs starts (same API_PORT).
check('production build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { VITE_API_BASE: `http://127.0.0.1:${process.env.API_PORT ?? 8787}` });
check('size budget', ['scripts/check-size.mjs']);
suite(
  'integration + end-to-end (real emulators, real Chromium)',
  ['scripts/with-emulators.mjs', node, ...vitest, '--project', 'integration', '--project', 'e2e', ...json('test-results/emulated.json')],
  'test-results/emulated.json',
);

console.log('\nSeconds per phase:');
for (const p of phases) console.log(`  ${p.seconds.toFixed(1).padStart(7)}  ${p.label}${p.ok ? '' : '  (FAILED)'}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}  in all`);
console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
