// Section 2: Lighthouse 12 (Node API, default = mobile preset with simulated throttling) on four pages of
// the production build, against the seeded emulators.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROME_FLAGS, CHROMIUM } from './browser.mjs';
import { ms } from './util.mjs';

export const SECTION = '2. Lighthouse (mobile preset)';

// The pages of issue #56's goal: the landing, /vote, the civic hub, a governor's profile and the award ballot.
export const PAGES = ['/', '/vote', '/local', '/onegovernor?q=Gretchen%20Whitmer', '/poll?id=dfca-2025-fashion'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// Performance as the median of the runs (issue #56: the same build read 94 one hour and 99 the next, so a goal of
// 98 on one run was a verdict this machine could not give); LCP the median of the runs too.
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const LCP_GOAL_MS = 2000;

function lighthouseVersion() {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')).version;
}

/** What most likely causes a failing audit in this app (a starting point for the fix, not a proof). */
function likelyCause(id, detail, emulatorOrigin) {
  const local = detail.includes(emulatorOrigin);
  switch (id) {
    case 'errors-in-console':
      return /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(detail) && /https:\/\//.test(detail)
        ? 'A portrait hot-linked from an official site failed to load: this machine has no internet, so the name does not resolve and Chromium logs the failed image (the Avatar falls back to a monogram). Self-hosting the portraits would make the page independent of those hosts.'
        : 'An error was logged while the page loaded; see the item.';
    case 'uses-text-compression':
      return local ? 'Responses of the local Firestore emulator are not gzipped; production Firestore compresses them. An artefact of the local setup.' : 'A response was served without compression.';
    case 'uses-rel-preconnect':
      return local ? 'The Firestore origin is contacted late. Prerendered pages preconnect to the data server their screen reads while rendering (scripts/prerender-node.mjs); this page was not given one.' : 'A required origin is connected late.';
    case 'render-blocking-resources':
    case 'render-blocking-insight':
      return /index-[\w-]+\.css/.test(detail) ? 'The app stylesheet blocks the first render: this page is not a prerendered one (those inline their screen\'s rules and load the stylesheet with media=print).' : 'A stylesheet blocks the first render.';
    case 'unused-javascript':
      return /index-[\w-]+\.js/.test(detail) ? 'The entry chunk carries code the first route does not run (route tree, schemas, outbox start-up); see section 1.' : 'A lazily loaded chunk is only partly used on this page.';
    case 'prioritize-lcp-image':
    case 'lcp-discovery-insight':
      return 'The LCP element is an image (the first carousel banner on /) that the browser discovers only after the JS renders it; preload it or give the first slide fetchpriority="high" (and no loading="lazy").';
    case 'largest-contentful-paint':
    case 'largest-contentful-paint-element':
    case 'network-dependency-tree-insight':
    case 'interactive':
      return /polls-panel|poll-card/.test(detail)
        ? 'The largest paint is a poll card, which needs the list from Firestore and React to draw it. The list is a preloaded REST GET that downloads with the JS; what is left is the framework JS every screen needs (~133 kB gzip, section 1) under simulated slow 4G and 4× CPU. Every other part of the page is in its HTML.'
        : 'The main content waits for the JS: entry → route chunk (→ data). Prerendered pages carry the screen in their HTML (scripts/prerender-node.mjs); the remaining wait is the part React draws from IndexedDB or the network.';
    case 'cumulative-layout-shift':
    case 'layout-shifts':
    case 'cls-culprits-insight':
      return 'Something moved after the first paint: a placeholder replaced by taller content, or the prerendered copy swapped for a React screen that differs from it (src/app/prerender.ts waits for React\'s screen to match).';
    default:
      return '';
  }
}

/** Audits of a category that pull its score down (id, title, score, a short detail). */
function failingAudits(lhr, categoryId, emulatorOrigin) {
  const category = lhr.categories[categoryId];
  const threshold = categoryId === 'performance' ? 0.9 : 1;
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= threshold) continue;
    if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
    if (categoryId !== 'performance' && ref.weight === 0) continue;
    // A 'list' detail (e.g. largest-contentful-paint-element) holds tables; look inside them.
    const raw = audit.details?.items ?? [];
    const items = audit.details?.type === 'list' ? raw.flatMap((t) => t.items ?? []) : raw;
    const firstNode = items.find((i) => i.node?.selector || i.node?.snippet)?.node;
    const detail = [
      audit.displayValue,
      raw.length ? `${raw.length} item(s)` : null,
      firstNode ? `e.g. ${firstNode.selector ?? firstNode.snippet}` : null,
      items[0]?.url ?? items[0]?.sourceLocation?.url ? `e.g. ${items[0].url ?? items[0].sourceLocation.url}` : null,
      items[0]?.description ? `e.g. ${String(items[0].description).slice(0, 120)}` : null,
    ].filter(Boolean).join('; ');
    out.push({ id: ref.id, title: audit.title, score: audit.score, detail, cause: likelyCause(ref.id, detail, emulatorOrigin) });
  }
  return out;
}

/** One Lighthouse run in a fresh Chromium with an empty profile (a true first visit). */
async function audit(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'ts-bench-lh-'));
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROME_FLAGS.filter((f) => f !== '--headless'), '--headless=new'],
      userDataDir,
      logLevel: 'silent',
    });
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    // BENCH_LHR_DIR=dir keeps each full report (open it in the Lighthouse viewer to see traces and audits).
    if (process.env.BENCH_LHR_DIR) {
      mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      // One file per run (page + its start time), so the runs of a median can be compared.
      writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    return result.lhr;
  } finally {
    await chrome?.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Runs per page; the run with the median performance score is reported (Lighthouse's own advice for variance). */
// 5 since 2026-11-26 (3 before): single runs of the same build ranged from 78 to 99 on this 2-core machine.
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));
/** BENCH_LH_PAGES=/vote,/local audits only those paths (for A/B runs by hand; a partial run writes no docs). */
const ONLY = process.env.BENCH_LH_PAGES?.split(',').map((p) => p.trim());

export async function runLighthouse(report, { baseUrl, firestoreHost }) {
  report.note(SECTION, `Lighthouse ${lighthouseVersion()} Node API with chrome-launcher, default config (mobile form factor, simulated slow 4G and 4× CPU slowdown), categories performance / accessibility / best practices / SEO; a fresh Chromium profile per run (a first visit). Chromium flags as in environment.md plus --headless=new. Served by \`vite preview\` from dist-bench with the seeded emulators running. Each page is audited ${RUNS} times and the run with the median performance score is reported (all scores in brackets): single runs move by several points on this shared 2-core machine, mostly through TBT.`);
  for (const page of ONLY ? PAGES.filter((p) => ONLY.includes(p.split('?')[0])) : PAGES) {
    const label = decodeURIComponent(page);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      try {
        runs.push(await audit(`${baseUrl}${page}`));
      } catch (err) {
        report.error(`${SECTION} ${label} (run ${i + 1})`, err);
      }
    }
    if (runs.length === 0) continue;
    const perf = (r) => r.categories.performance?.score ?? 0;
    const sorted = [...runs].sort((a, b) => perf(a) - perf(b));
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
    const allPerf = runs.map((r) => Math.round(perf(r) * 100)).join(', ');
    if (lhr.runtimeError) report.note(SECTION, `${label}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const w of lhr.runWarnings ?? []) report.note(SECTION, `${label}: Lighthouse warning: ${String(w).slice(0, 200)}`);
    const score = (c) => (typeof lhr.categories[c]?.score === 'number' ? Math.round(lhr.categories[c].score * 100) : NaN);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)]));
    const lcps = runs.map((r) => r.audits['largest-contentful-paint']?.numericValue).filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    const lcp = lcps.length ? lcps[Math.floor((lcps.length - 1) / 2)] : undefined;
    const tbt = lhr.audits['total-blocking-time']?.numericValue;
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
    const missed = CATEGORIES.filter((c) => !(scores[c] >= GOALS[c]));
    const lcpMissed = !(lcp <= LCP_GOAL_MS);
    report.add({
      section: SECTION,
      name: `Lighthouse ${label}`,
      figure: `perf ${scores.performance} (median)${runs.length > 1 ? ` [runs: ${allPerf}]` : ''} · a11y ${scores.accessibility} · best practices ${scores['best-practices']} · SEO ${scores.seo} · LCP ${ms(lcp)} (median${lcps.length > 1 ? ` of ${lcps.map((v) => ms(v)).join(', ')}` : ''}) · TBT ${ms(tbt)} · CLS ${Number.isFinite(cls) ? cls.toFixed(3) : 'n/a'}`,
      ratio: `perf ${scores.performance}/${GOALS.performance}`,
      goal: `perf ≥ ${GOALS.performance} and LCP ≤ ${ms(LCP_GOAL_MS)} (medians of ${RUNS}), a11y 100, BP 100, SEO 100`,
      verdict: missed.length || lcpMissed ? 'MISS' : 'PASS',
    });
    for (const c of missed) {
      const audits = failingAudits(lhr, c, `http://${firestoreHost}`);
      for (const a of audits) {
        report.failingAudits.push({ page: label, category: c, ...a });
        console.log(`[bench]   ${label} ${c} ${scores[c]}: ${a.id} — ${a.title} (score ${a.score})${a.detail ? ` — ${a.detail}` : ''}`);
      }
      if (audits.length === 0) console.log(`[bench]   ${label} ${c} ${scores[c]}: no single audit below the threshold`);
    }
  }
}
