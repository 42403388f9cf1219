// Two builds' offline repeat visits, measured in turns (section 3's method, scripts/bench/offline.mjs).
//
//   node scripts/bench/offline-ab.mjs <label>=<distDir>[@<repoRoot>] <label>=<distDir>[@<repoRoot>]
//   env: AB_RATES=1,4  AB_ROUNDS=15  AB_PAGES=landing,governor
//
// Why: section 3's rows move by ±0.3× between runs of the same build on this 2-core machine, so two full runs an
// hour apart cannot tell a 60 ms change from the machine's mood. Here both builds run in one browser and every round
// measures each build once, the one going first alternating, so what the machine does to one it does to the other.
// Printed per row: each build's median and ratio to its own static twin, the median of the paired differences
// A − B (the figure to read), and the same for the largest contentful paint. Each build is served by `vite preview`
// from its own repository (its own preview rewrites). Build both first with the same VITE_* settings (the bench's
// are in scripts/bench.mjs) and an outDir inside each repository (the prerender's server build goes beside it), e.g.
// for the commit before a change:
//   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npx vite build --outDir dist-ab)
// Needs no emulators: every measured visit is offline.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { launch } from './browser.mjs';
import { PAGES, prepareSide } from './offline.mjs';
import { median, ms, ratio, waitForHttp } from './util.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RATES = (process.env.AB_RATES ?? '1,4').split(',').map(Number);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 15);
const WANTED = (process.env.AB_PAGES ?? 'landing,governor').split(',');
const PORT = 4290;

const builds = process.argv.slice(2).map((arg, i) => {
  const m = /^([^=]+)=([^@]+)(?:@(.+))?$/.exec(arg);
  if (!m) throw new Error(`expected <label>=<distDir>[@<repoRoot>], got ${arg}`);
  return { label: m[1], distDir: path.resolve(m[2]), root: path.resolve(m[3] ?? ROOT), baseUrl: `http://127.0.0.1:${PORT + i}` };
});
if (builds.length !== 2) throw new Error('give exactly two builds: A=<distDir>[@<repoRoot>] B=<distDir>[@<repoRoot>]');

const servers = [];
const sides = [];
let browser = null;
try {
  for (const b of builds) {
    const port = new URL(b.baseUrl).port;
    const server = spawn(process.execPath, [path.join(b.root, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort', '--outDir', b.distDir], { cwd: b.root, stdio: 'ignore' });
    servers.push(server);
    await waitForHttp(`${b.baseUrl}/`, 30_000);
  }
  browser = await launch();
  const wanted = PAGES.filter((p) => WANTED.some((w) => p.key === w || p.name.startsWith(w)));
  if (wanted.length === 0) throw new Error(`AB_PAGES names no page of section 3: ${WANTED.join(',')} (landing, governor)`);
  for (const b of builds) {
    const pages = wanted.map((p) => ({ ...p, url: `${b.baseUrl}${p.path}` }));
    sides.push({ pages, side: await prepareSide(browser, { baseUrl: b.baseUrl, distDir: b.distDir, pages }) });
  }

  for (const rate of RATES) {
    for (let pi = 0; pi < sides[0].pages.length; pi++) {
      const runs = sides.map(() => []);
      for (const s of sides) {
        await s.side.throttle(rate);
        await s.side.warmUp(s.pages[pi]);
      }
      for (let r = 0; r < ROUNDS; r++) {
        // Alternate who goes first, so neither build always follows the other's worker start-up.
        const order = r % 2 === 0 ? [0, 1] : [1, 0];
        for (const i of order) runs[i].push(await sides[i].side.round(sides[i].pages[pi]));
      }
      const name = `${sides[0].pages[pi].name}${rate > 1 ? `, CPU ${rate}× slower` : ''}`;
      for (const kind of ['running', 'stopped']) {
        const fig = (i) => {
          const am = median(runs[i].map((x) => x[kind].content));
          const sm = median(runs[i].map((x) => x.static.content));
          return `${builds[i].label} ${ms(am)} (${ratio(am / sm)} of its static ${ms(sm)})`;
        };
        const paired = (field) => {
          const d = median(runs[0].map((x, r) => x[kind][field] - runs[1][r][kind][field]));
          return `${d >= 0 ? '+' : '−'}${ms(Math.abs(d))}`;
        };
        // And the largest contentful paint: a change that paints the heading sooner by showing the rest of the
        // screen later (tried on 2026-11-29: docs/benchmark-notes.md) moves the two apart.
        const lcp = (i) => `${builds[i].label} ${ms(median(runs[i].map((x) => x[kind].lcp)))}`;
        console.log(`${name}, worker ${kind === 'running' ? 'running' : 'stopped first'}: ${fig(0)} · ${fig(1)} · paired ${builds[0].label} − ${builds[1].label} ${paired('content')}; LCP ${lcp(0)} · ${lcp(1)} · paired ${paired('lcp')}`);
      }
    }
  }
} finally {
  for (const s of sides) await s.side.close(); // also removes the static twins written into each build's folder
  await browser?.close().catch(() => undefined);
  for (const s of servers) s.kill();
}
