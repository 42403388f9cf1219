#!/usr/bin/env node
// `npm run data:check`: the pack-refresh check of the civic data (docs/civic-data.md). It validates every pack in
// src/data/packs/ with its schema (src/data/schemas.ts), checks the shape of every URL in every entry, and lists
// what a refresh should look at: terms that have ended or end within 30 days, entries checked longer ago than the
// app's STALE_AFTER_DAYS, and entries marked unverified — judged by the app's own term logic
// (src/features/civic/tenure.ts), loaded from TypeScript through Vite's module runner (no build, no network).
// A term that ends within SUCCESSION_NOTICE_DAYS (or has ended) without saying what follows (a seatElection
// with a resultsUrl) fails the run. `--online` also requests each distinct source and image. Rules and exit codes: scripts/data-check/lib.mjs, USAGE.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { runnerImport } from 'vite';
import {
  ENDING_SOON_DAYS,
  SUCCESSION_NOTICE_DAYS,
  USAGE,
  checkPackUrls,
  countsOf,
  exitCodeOf,
  formatIssuePath,
  formatText,
  parseArgs,
  refreshLists,
  successionGaps,
  useColor,
} from './data-check/lib.mjs';
import { checkOnline } from './data-check/online.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let PACK_DIR = path.join(ROOT, 'src/data/packs');
/** Pack name → its schema's export in src/data/schemas.ts; also the order of the report. */
const SCHEMA_OF = {
  executive: 'ExecutivePackSchema',
  cabinet: 'CabinetPackSchema',
  governors: 'GovernorsPackSchema',
  michigan: 'MichiganPackSchema',
  court: 'CourtPackSchema',
};
/** Fields requested by --online (official-site links are not: they are checked for shape only). */
const ONLINE_FIELDS = new Set(['source', 'imageUrl']);

function fail(message) {
  process.stderr.write(`data-check: ${message}\n`);
  process.exit(2);
}

async function loadTs(file) {
  const { module } = await runnerImport(path.join(ROOT, file), { root: ROOT, logLevel: 'silent' });
  return module;
}

/** The pack files, known packs first in SCHEMA_OF order, then any other *.json (reported as having no schema). */
function packNames(only) {
  let listing;
  try {
    listing = readdirSync(PACK_DIR);
  } catch (err) {
    fail(`cannot read the pack directory: ${err.message}`);
  }
  const files = listing.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const order = Object.keys(SCHEMA_OF);
  const names = files.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
  if (!only) return names;
  const unknown = only.filter((n) => !names.includes(n));
  if (unknown.length) fail(`no pack named ${unknown.join(', ')} in ${path.relative(ROOT, PACK_DIR) || '.'} (have: ${names.join(', ')})`);
  return names.filter((n) => only.includes(n));
}

/** Reads and validates one pack: { pack, file, data, version, asOf, entries, valid, issues }. */
function validatePack(name, schemas) {
  const abs = path.join(PACK_DIR, `${name}.json`);
  const out = { pack: name, file: path.relative(ROOT, abs), data: undefined, valid: false, issues: [] };
  try {
    out.data = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (err) {
    out.issues.push({ path: '', message: `cannot read as JSON: ${err.message}` });
    return out;
  }
  out.version = out.data?.version;
  out.asOf = out.data?.asOf;
  out.entries = Array.isArray(out.data?.entries) ? out.data.entries.length : 0;
  const schema = schemas[SCHEMA_OF[name]];
  if (!schema) {
    out.issues.push({ path: '', message: `no schema for pack "${name}" in src/data/schemas.ts (known: ${Object.keys(SCHEMA_OF).join(', ')})` });
    return out;
  }
  const result = v.safeParse(schema, out.data);
  out.valid = result.success;
  for (const issue of result.issues ?? []) {
    const p = issue.path ?? [];
    const index = p[0]?.key === 'entries' && typeof p[1]?.key === 'number' ? p[1].key : undefined;
    const id = index === undefined ? undefined : out.data.entries[index]?.id;
    out.issues.push({ path: formatIssuePath(p), message: issue.message, ...(typeof id === 'string' ? { id } : {}) });
  }
  // Name the repeated ids, which the pack-level schema check cannot.
  const dup = duplicateIds(out.data?.entries);
  const uniqueIssue = out.issues.find((i) => i.path === '' && /unique/i.test(i.message));
  if (uniqueIssue && dup.length) uniqueIssue.id = dup.join(', ');
  return out;
}

function duplicateIds(entries) {
  const seen = new Set();
  const dup = new Set();
  for (const e of Array.isArray(entries) ? entries : []) (seen.has(e?.id) ? dup : seen).add(e?.id);
  return [...dup].map(String);
}

/** Distinct source and imageUrl values, each with the entries that use it. */
function onlineTargets(packs) {
  const byUrl = new Map();
  for (const { pack, data } of packs) {
    for (const entry of Array.isArray(data?.entries) ? data.entries : []) {
      for (const field of ONLINE_FIELDS) {
        const url = entry?.[field];
        if (typeof url !== 'string' || !url.startsWith('https://')) continue;
        if (!byUrl.has(url)) byUrl.set(url, { url, refs: [] });
        byUrl.get(url).refs.push(`${pack}/${entry.id} ${field}`);
      }
    }
  }
  return [...byUrl.values()];
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    fail(`${err.message}\n\n${USAGE}`);
  }
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (opts.dir) PACK_DIR = path.resolve(opts.dir);

  let schemas;
  let tenure;
  try {
    [schemas, tenure] = await Promise.all([loadTs('src/data/schemas.ts'), loadTs('src/features/civic/tenure.ts')]);
  } catch (err) {
    fail(`cannot load the schemas or the term logic: ${err.stack ?? err}`);
  }
  const today = opts.today ?? tenure.todayIso();

  const packs = packNames(opts.packs).map((name) => validatePack(name, schemas));
  const report = {
    tool: 'data-check',
    today,
    strict: opts.strict,
    staleAfterDays: tenure.STALE_AFTER_DAYS,
    endingSoonDays: ENDING_SOON_DAYS,
    successionNoticeDays: SUCCESSION_NOTICE_DAYS,
    packs: packs.map((p) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'data'))),
    urls: checkPackUrls(packs),
    lists: refreshLists(packs, today, { tenureOf: tenure.tenureOf, daysBetween: tenure.daysBetween }),
    // Terms ending within SUCCESSION_NOTICE_DAYS (or ended) that say nothing of what follows: these fail the run.
    succession: successionGaps(packs, today, { tenureOf: tenure.tenureOf, daysBetween: tenure.daysBetween }),
    online: null,
    counts: undefined,
    exitCode: 0,
  };

  if (opts.online) {
    const targets = onlineTargets(packs);
    if (!opts.json) process.stderr.write(`Checking ${targets.length} distinct links online (HEAD then GET, 10 s timeout, 6 at a time)…\n`);
    report.online = await checkOnline(targets);
  }

  report.exitCode = exitCodeOf(report, opts.strict);
  report.counts = countsOf(report);
  const text = opts.json
    ? JSON.stringify(report, null, 2)
    : formatText(report, { color: useColor(process.stdout.isTTY, process.env) });
  return { code: report.exitCode, text };
}

main().then(
  (result) => {
    if (typeof result === 'number') process.exit(result);
    // Exit once the report is flushed (an open keep-alive socket from --online must not hold the process);
    // a closed pipe (`| head`) is not an error of the check.
    process.stdout.on('error', () => process.exit(result.code));
    process.stdout.write(`${result.text}\n`, () => process.exit(result.code));
  },
  (err) => fail(err?.stack ?? String(err)),
);
