#!/usr/bin/env node
// The message catalogs' checks (issue #22), run by `npm test` through tests/unit/lib/catalogs.test.ts and by
// hand with `node scripts/i18n-check.mjs` (prints each language's size too):
// - every language has exactly English's ids, namespace by namespace (no missing, no extra);
// - every message compiles, and a translation uses the same placeholders as its English;
// - a plural in a translation has every category its language needs (Arabic: zero, one, two, few, many, other);
// - every English id is used in the source (as a quoted literal), so no catalog keeps dead messages;
// - each other language's catalogs together stay within 12 kB gzip.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { OWN_CHUNK_NAMESPACES } from './lib/catalogChunks.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const LOCALES_DIR = join(ROOT, 'src/locales');
export const SOURCE = 'en';
export const TARGETS = ['es', 'ar'];
/** Budget per extra language: its one chunk, every message without ids (build/catalogs.ts), gzip -9. */
export const LOCALE_BUDGET_BYTES = 12 * 1024;
/** Budget of a namespace with a chunk of its own (scripts/lib/catalogChunks.mjs), per language. */
export const OWN_CHUNK_BUDGET_BYTES = 6 * 1024;

/** Plural categories a language must spell out ('other' is always required). */
const requiredPlurals = (locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((c) => locale === 'ar' || c !== 'many');

export function readCatalogs(dir = LOCALES_DIR) {
  const out = {};
  for (const locale of readdirSync(dir)) {
    out[locale] = {};
    for (const file of readdirSync(join(dir, locale)).filter((f) => f.endsWith('.json'))) {
      out[locale][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, locale, file), 'utf8'));
    }
  }
  return out;
}

/** Argument names and plural/select nodes of a compiled message. */
function scan(tokens, found = { args: new Set(), plurals: [] }) {
  for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
    if (typeof token === 'string') continue;
    const [name, kind, cases] = token;
    found.args.add(name);
    if (cases && typeof cases === 'object') {
      if (kind === 'plural' || kind === 'selectordinal') found.plurals.push(Object.keys(cases));
      for (const value of Object.values(cases)) if (Array.isArray(value)) scan(value, found);
    }
  }
  return found;
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== LOCALES_DIR) sourceFiles(path, out);
    } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(path);
  }
  return out;
}

export function checkCatalogs({ catalogs = readCatalogs(), sources = sourceFiles(join(ROOT, 'src')).map((f) => readFileSync(f, 'utf8')) } = {}) {
  const problems = [];
  const english = catalogs[SOURCE] ?? {};
  const sizes = {};
  for (const locale of TARGETS) {
    const namespaces = catalogs[locale] ?? {};
    const chunk = [];
    const own = Object.fromEntries(OWN_CHUNK_NAMESPACES.map((ns) => [ns, []]));
    for (const ns of new Set([...Object.keys(english), ...Object.keys(namespaces)])) {
      const en = english[ns];
      const tr = namespaces[ns];
      if (!en) {
        problems.push(`${locale}/${ns}.json: no English catalog of that name`);
        continue;
      }
      if (!tr) {
        problems.push(`${locale}/${ns}.json: missing`);
        continue;
      }
      for (const id of Object.keys(en)) if (!(id in tr)) problems.push(`${locale}/${ns}.json: missing "${id}"`);
      for (const [id, message] of Object.entries(tr)) {
        if (!(id in en)) {
          problems.push(`${locale}/${ns}.json: "${id}" is not in English`);
          continue;
        }
        if (typeof message !== 'string' || message.trim() === '') {
          problems.push(`${locale}/${ns}.json: "${id}" is empty`);
          continue;
        }
        let tokens;
        try {
          tokens = compileMessage(message);
        } catch (err) {
          problems.push(`${locale}/${ns}.json: "${id}" does not compile: ${err.message}`);
          continue;
        }
        (own[ns] ?? chunk).push(tokens);
        const mine = scan(tokens);
        const theirs = scan(compileMessage(en[id]));
        const a = [...mine.args].sort().join(',');
        const b = [...theirs.args].sort().join(',');
        if (a !== b) problems.push(`${locale}/${ns}.json: "${id}" has placeholders {${a}}, English has {${b}}`);
        for (const cases of mine.plurals) {
          const lacking = requiredPlurals(locale).filter((c) => !cases.includes(c));
          if (lacking.length > 0) problems.push(`${locale}/${ns}.json: "${id}" plural lacks ${lacking.join(', ')}`);
        }
      }
    }
    const bytes = gzipSync(`export default ${JSON.stringify(chunk)};`, { level: 9 }).length;
    sizes[locale] = bytes;
    if (bytes > LOCALE_BUDGET_BYTES) problems.push(`${locale}: ${(bytes / 1024).toFixed(1)} kB gz, over the ${LOCALE_BUDGET_BYTES / 1024} kB budget`);
    for (const [ns, tokens] of Object.entries(own)) {
      const nsBytes = gzipSync(`export default ${JSON.stringify(tokens)};`, { level: 9 }).length;
      sizes[`${locale}/${ns}`] = nsBytes;
      if (nsBytes > OWN_CHUNK_BUDGET_BYTES) problems.push(`${locale}/${ns}: ${(nsBytes / 1024).toFixed(1)} kB gz, over its own chunk's ${OWN_CHUNK_BUDGET_BYTES / 1024} kB budget`);
    }
  }
  for (const [ns, messages] of Object.entries(english)) {
    for (const [id, message] of Object.entries(messages)) {
      if (!id.startsWith(`${ns}.`)) problems.push(`en/${ns}.json: "${id}" should start with "${ns}."`);
      try {
        compileMessage(message);
      } catch (err) {
        problems.push(`en/${ns}.json: "${id}" does not compile: ${err.message}`);
      }
      if (!sources.some((text) => text.includes(`'${id}'`) || text.includes(`"${id}"`))) problems.push(`en/${ns}.json: "${id}" is not used in src`);
    }
  }
  return { problems, sizes };
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const { problems, sizes } = checkCatalogs();
  for (const [locale, bytes] of Object.entries(sizes)) console.log(`${locale}: ${(bytes / 1024).toFixed(1)} kB gz (budget ${(locale.includes('/') ? OWN_CHUNK_BUDGET_BYTES : LOCALE_BUDGET_BYTES) / 1024} kB)`);
  for (const p of problems) console.log(`✗ ${p}`);
  console.log(problems.length === 0 ? 'catalogs: all checks passed' : `catalogs: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
