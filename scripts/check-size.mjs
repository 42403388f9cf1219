#!/usr/bin/env node
// Deterministic budget check of the production build (issue 8 keeps the timed benchmarks elsewhere):
// the entry chunk's gzip size, and no Firebase code in anything the first page load fetches; the pages'
// islands (the /vote polls preview, the award ballot) and the ballot's page: size and contents.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { COMPILE_HINT, EAGER_CHUNKS, STAGED_CHUNKS } from './lib/chunkNames.mjs';
import { pageScripts } from './lib/pageScripts.mjs';

const DIST = process.argv[2] ?? 'dist';
// Framework floor (react-dom + router + dexie + zustand, built alone): 121.2 kB gz (docs/benchmarks.md); the
// benchmark's goal is that floor × 1.10. Since 2026-11-28 the entry is 103.4 kB: Dexie is a chunk of its own that
// the lazy outbox strip imports once the app runs (every page still preloads it: docs/benchmark-notes.md). The budget is that figure plus
// ~5 kB of room, so Dexie (~30 kB) coming back into the entry through some new static import fails here.
const ENTRY_BUDGET_KB = Number(process.env.ENTRY_BUDGET_KB ?? 108);

// What the landing loads up front (scripts/lib/pageScripts.mjs): the entry, and its own route chunks, which are not
// the entry; those are checked for Firebase below like the entry, since the first page load fetches them too.
const landing = pageScripts(readFileSync(path.join(DIST, 'index.html'), 'utf8'));

// Follow static imports (modulepreload + `import … from "./x.js"`) to get everything that loads up front.
function withImports(files) {
  const found = new Set(files);
  const queue = [...found];
  while (queue.length) {
    const file = queue.pop();
    const code = readFileSync(path.join(DIST, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      const dep = `assets/${m[1]}`;
      if (!found.has(dep)) {
        found.add(dep);
        queue.push(dep);
      }
    }
  }
  return found;
}
const initial = withImports(landing.entry);
// The entry reached through a boot tag: a landing that names no entry would measure nothing and pass.
if (![...initial].some((f) => /\/index-[^/]+\.js$/.test(f))) throw new Error('check-size: the landing names no app entry (index-*.js), neither as a script nor on its boot tag');

let total = 0;
const problems = [];
// The framework's chunks, evaluated one task each by src/boot.ts (data-app-stages), and V8's compile hint on them
// and on Dexie's chunk (scripts/lib/chunkNames.mjs): a renamed chunk would lose either silently.
for (const name of STAGED_CHUNKS) {
  if (!landing.stages.some((f) => f.startsWith(`assets/${name}-`))) problems.push(`the landing's boot tag does not stage the ${name} chunk (data-app-stages)`);
}
const assets = readdirSync(path.join(DIST, 'assets'));
for (const name of EAGER_CHUNKS) {
  const file = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  if (!file) problems.push(`no ${name}-*.js chunk (vite.config.ts codeSplitting / EAGER_CHUNKS)`);
  else if (!readFileSync(path.join(DIST, 'assets', file), 'utf8').startsWith(`${COMPILE_HINT}\n`)) problems.push(`assets/${file} lacks V8's compile hint on its first line`);
}
for (const file of initial) {
  const code = readFileSync(path.join(DIST, file));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  console.log(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(1)} kB gz`);
  if (/@firebase|firebase\/firestore|FirebaseError|firestore\.googleapis\.com/.test(code.toString())) problems.push(`${file} contains Firebase code`);
}
const routeFiles = landing.preloads.filter((f) => !initial.has(f));
let routeTotal = 0;
for (const file of routeFiles) {
  const code = readFileSync(path.join(DIST, file));
  routeTotal += gzipSync(code, { level: 9 }).length;
  if (/@firebase|firebase\/firestore|FirebaseError|firestore\.googleapis\.com/.test(code.toString())) problems.push(`${file} (preloaded by the landing) contains Firebase code`);
}
console.log(`landing route chunks preloaded with it: ${routeFiles.length} file(s), ${(routeTotal / 1024).toFixed(1)} kB gz (not in the entry budget)`);
const all = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
console.log(`initial JS: ${initial.size} file(s), ${(total / 1024).toFixed(1)} kB gz (budget ${ENTRY_BUDGET_KB} kB); ${all.length} chunks in all`);
// The pages' islands draw their screen's data before the ~130 kB of framework code: each must stay small, one
// file (every extra chunk is another request on a first visit) or carried inline by its page (build/prerender.ts
// INLINE_ISLANDS: the award ballot's, no request at all), and free of the framework and of the Firebase SDK (REST
// only). The award ballot's whole first visit is held to a budget too (issue #17: usable one round trip after its
// HTML on venue Wi-Fi; docs/benchmarks.md section 7 measures it). The ballot's page carries the app's ballot
// components in the three languages as templates (issue #32, src/features/polls/BallotParts.tsx): 2.8 kB gz of
// the page, against 0.5 kB less island and 0.1 kB less inline CSS — a Spanish or Arabic first visit gets its
// ballot in its language before the app, instead of an English one. Its page budget counts its island.
const ISLANDS = [
  { page: 'vote.html', what: 'the /vote polls preview', budgetKb: 8 },
  { page: 'poll.html', what: 'the award ballot island', budgetKb: 8, pageBudgetKb: 14 },
];
const INLINE_MODULE = /<script type="module">([\s\S]*?)<\/script>/g;
for (const { page: file, what, budgetKb, pageBudgetKb } of ISLANDS) {
  const pagePath = path.join(DIST, file);
  if (!existsSync(pagePath)) continue;
  const html = readFileSync(pagePath, 'utf8');
  const islands = [...html.matchAll(/<script type="module" async[^>]*src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const inline = [...html.matchAll(INLINE_MODULE)].map((m, i) => ({ name: `${file} inline script ${i + 1}`, code: Buffer.from(m[1]) }));
  if (islands.length + inline.length === 0) problems.push(`${file} has no island script (${what})`);
  const files = withImports(islands);
  const scripts = [...[...files].map((f) => ({ name: f, code: readFileSync(path.join(DIST, f)) })), ...inline];
  if (scripts.length > 1) problems.push(`${what} is ${scripts.length} scripts; it must be one (build/prerender.ts)`);
  let islandTotal = 0;
  for (const { name, code } of scripts) {
    islandTotal += gzipSync(code, { level: 9 }).length;
    if (/@firebase|FirebaseError/.test(code.toString())) problems.push(`${name} (${what}) contains Firebase SDK code`);
    if (/react\.(?:transitional\.)?element|__reactFiber|dexie/i.test(code.toString())) problems.push(`${name} (${what}) contains React or Dexie`);
  }
  console.log(`${what}: ${scripts.length} script(s)${inline.length ? ' (inline)' : ''}, ${(islandTotal / 1024).toFixed(1)} kB gz (budget ${budgetKb} kB)`);
  if (islandTotal / 1024 > budgetKb) problems.push(`${what} is ${(islandTotal / 1024).toFixed(1)} kB gz, over its ${budgetKb} kB budget`);
  if (pageBudgetKb) {
    const pageKb = gzipSync(html, { level: 9 }).length / 1024;
    // The page's own markup, without the code it carries (which names links it makes later).
    const markup = html.replace(INLINE_MODULE, '');
    console.log(`  ${file}: ${pageKb.toFixed(1)} kB gz with its island (budget ${pageBudgetKb} kB); no module preloads: ${!/rel="modulepreload"/.test(markup)}`);
    if (pageKb > pageBudgetKb) problems.push(`${file} is ${pageKb.toFixed(1)} kB gz, over its ${pageBudgetKb} kB budget`);
    // Its first visit must not download the framework before the ballot is usable.
    if (/rel="modulepreload"|rel="stylesheet"/.test(markup)) problems.push(`${file} asks for the app's code or stylesheet before its ballot is usable`);
  }
}
// The service worker runs from scratch at each worker start, which an offline visit waits for before it
// gets its page: it stays small, and the outbox flusher (Dexie + Firebase) is its own script that sw.js
// imports only for a Background Sync (sw/sync.ts).
const SW_BUDGET_KB = 16;
const swFile = path.join(DIST, 'sw.js');
if (existsSync(swFile)) {
  const sw = readFileSync(swFile, 'utf8');
  const swGz = gzipSync(sw, { level: 9 }).length / 1024;
  console.log(`service worker: sw.js ${swGz.toFixed(1)} kB gz (budget ${SW_BUDGET_KB} kB)`);
  if (swGz > SW_BUDGET_KB) problems.push(`sw.js is ${swGz.toFixed(1)} kB gz, over its ${SW_BUDGET_KB} kB budget`);
  if (/@firebase|FirebaseError|Dexie/.test(sw)) problems.push('sw.js contains Firebase or Dexie code (they belong in the flusher script it imports on demand)');
  const flusher = /assets\/sw-sync-[\w-]+\.js/.exec(sw)?.[0];
  if (!flusher || !existsSync(path.join(DIST, flusher))) problems.push('sw.js does not list the outbox flusher script (assets/sw-sync-*.js) that it imports for Background Sync');
}
if (total / 1024 > ENTRY_BUDGET_KB) problems.push(`initial JS ${(total / 1024).toFixed(1)} kB gz exceeds the ${ENTRY_BUDGET_KB} kB budget`);
if (problems.length) {
  for (const p of problems) console.error(`size check FAILED: ${p}`);
  process.exit(1);
}
console.log('size check passed');
