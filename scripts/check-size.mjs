#!/usr/bin/env node
// Deterministic budget check of the production build (issue 8 keeps the timed benchmarks elsewhere):
// the entry chunk's gzip size, and no Firebase code in anything the first page load fetches.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const DIST = process.argv[2] ?? 'dist';
// Framework floor (react-dom + router + dexie + zustand, built alone): 121.2 kB gz (docs/benchmarks.md);
// the budget is that floor × 1.10 plus 1.4 kB of slack for hash and minifier noise.
const ENTRY_BUDGET_KB = Number(process.env.ENTRY_BUDGET_KB ?? 134.7);

const page = readFileSync(path.join(DIST, 'index.html'), 'utf8');
// The landing's own route chunks, preloaded by scripts/prerender.mjs between these markers, are not the entry;
// they are checked for Firebase below like the entry, since the first page load fetches them too.
const PRELOADS = /<!--preloads-->([\s\S]*?)<!--\/preloads-->/;
const html = page.replace(PRELOADS, '');
const jsIn = (text) => [...text.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const initial = new Set(jsIn(html));

// Follow static imports of the entry (modulepreload + `import … from "./x.js"`) to get everything that loads up front.
const queue = [...initial];
while (queue.length) {
  const file = queue.pop();
  const code = readFileSync(path.join(DIST, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `assets/${m[1]}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}

let total = 0;
const problems = [];
for (const file of initial) {
  const code = readFileSync(path.join(DIST, file));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  console.log(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(1)} kB gz`);
  if (/@firebase|firebase\/firestore|FirebaseError|firestore\.googleapis\.com/.test(code.toString())) problems.push(`${file} contains Firebase code`);
}
const routeFiles = jsIn(PRELOADS.exec(page)?.[1] ?? '').filter((f) => !initial.has(f));
let routeTotal = 0;
for (const file of routeFiles) {
  const code = readFileSync(path.join(DIST, file));
  routeTotal += gzipSync(code, { level: 9 }).length;
  if (/@firebase|firebase\/firestore|FirebaseError|firestore\.googleapis\.com/.test(code.toString())) problems.push(`${file} (preloaded by the landing) contains Firebase code`);
}
console.log(`landing route chunks preloaded with it: ${routeFiles.length} file(s), ${(routeTotal / 1024).toFixed(1)} kB gz (not in the entry budget)`);
const all = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
console.log(`initial JS: ${initial.size} file(s), ${(total / 1024).toFixed(1)} kB gz (budget ${ENTRY_BUDGET_KB} kB); ${all.length} chunks in all`);
if (total / 1024 > ENTRY_BUDGET_KB) problems.push(`initial JS ${(total / 1024).toFixed(1)} kB gz exceeds the ${ENTRY_BUDGET_KB} kB budget`);
if (problems.length) {
  for (const p of problems) console.error(`size check FAILED: ${p}`);
  process.exit(1);
}
console.log('size check passed');
