// Section 8: the civic search (src/features/civic/search.ts, MiniSearch) on a phone-class CPU. The goal is the
// issue's "results under 50 ms for any query over all packs on a phone (4× CPU)". Needs no emulator and no app
// build: search.ts, the real loader's rowsForPack and the five packs are bundled on their own (Vite's build API,
// lib mode, IIFE, into a temp dir) and run in Debian's Chromium with CDP CPU throttling.
//
// Unlike the other sections a MISS here also fails the run (non-zero exit): a query slower than the budget
// is a bug in the search, not a finding about the machine — once it is over budget in ATTEMPTS fresh pages
// running (one descheduled sample on a busy machine is not). Run it alone: `node scripts/bench.mjs --only=search`.
/* global window -- functions passed to page.evaluate run in the browser */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, ms, percentile, ratio } from './util.mjs';

export const SECTION = '8. Civic search (MiniSearch), 4× CPU';

const BUDGET_MS = 50;
const CPU_RATE = 4;
const ROUNDS = 5; // every query this many times (the first round: the first run of each query)
const BUILDS = 5; // index builds: the first cold, then again for a median
const ATTEMPTS = 3; // fresh pages tried before a run over budget counts (see runSearch)

/** What people type: phrases, codes, abbreviations, typos, prefixes while typing, single letters, nonsense. */
export const QUERIES = [
  'governor of michigan', 'Governor of Michigan', 'lt. gov', 'lieutenant governor', 'secretary of state', 'attorney general',
  'supreme court', 'new hampshire', 'NH', 'mi', 'mi gov', 'mich', 'calif', 'whitmer', 'whitmr', 'gretchin whitmr', 'gre whit',
  'g', 'e', 'a', 's', 'sec', 'secretary o', 'gov', 'governor', 'republican governor', 'democratic', 'gonzález-colón', "o'grady",
  'j.d. vance', 'zzzzqx', 'the governor of the state of new york', 'michigan supreme court candidate justice',
];

/** Bundles search.ts + the real rows of the five packs into one IIFE exposing `window.SearchBench`. */
async function bundle(root) {
  const { build } = await import('vite');
  const dir = mkdtempSync(path.join(tmpdir(), 'ts-bench-search-'));
  const src = (p) => JSON.stringify(path.join(root, 'src', p));
  const packs = ['executive', 'cabinet', 'governors', 'michigan', 'court'];
  writeFileSync(
    path.join(dir, 'entry.ts'),
    [
      `import { buildPeopleIndex, searchIndex, warmUp } from ${src('features/civic/search.ts')};`,
      `import { rowsForPack } from ${src('data/loader.ts')};`,
      ...packs.map((p) => `import ${p} from ${src(`data/packs/${p}.json`)};`),
      // The rows exactly as the loader writes them to IndexedDB (a fresh copy per call, like a read).
      `export const rows = () => structuredClone([${packs.join(', ')}].flatMap((p) => rowsForPack(p as never)));`,
      'export { buildPeopleIndex, searchIndex, warmUp };',
    ].join('\n'),
  );
  await build({
    configFile: false,
    root: dir,
    mode: 'production',
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The app's build options (vite.config.ts): es2022, minified.
    build: {
      target: 'es2022', sourcemap: false, outDir: path.join(dir, 'out'), emptyOutDir: true,
      lib: { entry: path.join(dir, 'entry.ts'), formats: ['iife'], name: 'SearchBench', fileName: () => 'search.js' },
    },
  });
  return { dir, code: readFileSync(path.join(dir, 'out', 'search.js'), 'utf8') };
}

/** One measurement in a fresh page (cold code, cold index), CPU throttled. */
async function measure(browser, code) {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><meta charset="utf-8"><title>search bench</title>');
    await page.addScriptTag({ content: code });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    return await page.evaluate(
      ({ queries, rounds, builds }) => {
        const { rows, buildPeopleIndex, searchIndex, warmUp } = window.SearchBench;
        const input = rows();
        const buildMs = [];
        let index;
        let warmUpMs;
        for (let i = 0; i < builds; i++) {
          const t0 = performance.now();
          index = buildPeopleIndex(input);
          buildMs.push(performance.now() - t0);
          // What the hub does at idle time after the build: one search, so the code is compiled before the
          // first keystroke. Timed once, cold: what a search typed before that idle moment also pays.
          if (i === 0) {
            const t1 = performance.now();
            warmUp(index);
            warmUpMs = performance.now() - t1;
          }
        }
        const samples = [];
        for (let round = 0; round < rounds; round++) {
          for (const q of queries) {
            const t0 = performance.now();
            const found = searchIndex(index, q);
            samples.push({ q, round, ms: performance.now() - t0, n: found.length, top: found[0]?.name ?? null });
          }
        }
        return { rows: input.length, buildMs, warmUpMs, samples };
      },
      { queries: QUERIES, rounds: ROUNDS, builds: BUILDS },
    );
  } finally {
    await page.close().catch(() => undefined);
  }
}

const maxOf = (run) => run.samples.reduce((a, b) => (b.ms > a.ms ? b : a));

export async function runSearch(report, { root, browser }) {
  const { dir, code } = await bundle(root);
  try {
    // A wall-clock sample also counts the time the OS gave the CPU to something else: on a shared 2-core
    // machine one search in a few hundred now and then shows 100–200 ms. A search really over budget is over
    // it every time, so an attempt over budget is repeated (fresh page, cold again), up to ATTEMPTS in all.
    const attempts = [];
    let run;
    do {
      run = await measure(browser, code);
      attempts.push(maxOf(run).ms);
    } while (maxOf(run).ms > BUDGET_MS && attempts.length < ATTEMPTS);

    const all = run.samples.map((s) => s.ms);
    const firstRound = run.samples.filter((s) => s.round === 0);
    const slowest = maxOf(run);
    const max = slowest.ms;
    const firstKeystroke = run.buildMs[0] + run.warmUpMs;
    report.note(SECTION, `search.ts + the real loader's rowsForPack over the five packs (${run.rows} rows), bundled alone with Vite's build API (lib mode, es2022, minified) and run in about:blank with CDP Emulation.setCPUThrottlingRate ${CPU_RATE}. ${QUERIES.length} queries (phrases, postal codes and abbreviations, typos, prefixes as typed, single letters, nonsense, long sentences) × ${ROUNDS} rounds; the index built ${BUILDS} times, the first cold. As in the hub (src/features/civic/CivicHubScreen.tsx), the index is built when the browser is next idle after the rows load (requestIdleCallback) and warmed up with one search (warmUp in search.ts), so the timed searches, like a user's keystrokes, run on compiled code; someone typing before that idle moment pays the cold build + cold first search once (last row). performance.now() in the page (100 µs resolution).`);
    report.add({
      section: SECTION,
      name: `query time over ${all.length} searches (p50 / p95 / max)`,
      figure: `${ms(median(all))} / ${ms(percentile(all, 95))} / ${ms(max)} (slowest: "${slowest.q}", round ${slowest.round + 1}, ${slowest.n} results)`,
      ratio: ratio(max / BUDGET_MS),
      goal: `max ≤ ${BUDGET_MS} ms`,
      verdict: max <= BUDGET_MS ? 'PASS' : 'MISS',
    });
    report.add({
      section: SECTION,
      name: 'first round only (first run of each query; p50 / p95 / max)',
      figure: `${ms(median(firstRound.map((s) => s.ms)))} / ${ms(percentile(firstRound.map((s) => s.ms), 95))} / ${ms(Math.max(...firstRound.map((s) => s.ms)))}`,
    });
    report.add({
      section: SECTION,
      name: 'index build (cold / median of the rest)',
      figure: `${ms(run.buildMs[0])} / ${ms(median(run.buildMs.slice(1)))} for ${run.rows} rows`,
    });
    report.add({
      section: SECTION,
      name: 'search typed before the idle build: cold build + cold first search',
      figure: `${ms(firstKeystroke)} (build ${ms(run.buildMs[0])} + first search ${ms(run.warmUpMs)})`,
    });
    const tops = firstRound.filter((s) => ['governor of michigan', 'whitmr', 'lt. gov', 'NH', 'zzzzqx'].includes(s.q)).map((s) => `"${s.q}" → ${s.top ?? 'nothing'}`);
    report.note(SECTION, `Sanity check of what was timed (top hits): ${tops.join('; ')}.`);
    if (attempts.length > 1) report.note(SECTION, `Attempts (slowest search of each, fresh page each): ${attempts.map((a) => ms(a)).join(', ')}; the figures above are from the last.`);
    if (max > BUDGET_MS) {
      throw new Error(`civic search over budget in ${attempts.length} attempts: slowest query ${ms(max)} ("${slowest.q}"), budget ${BUDGET_MS} ms at ${CPU_RATE}× CPU`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
