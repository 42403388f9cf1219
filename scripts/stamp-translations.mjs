#!/usr/bin/env node
// Stamps each translation of an official's texts (src/data/packs/i18n/<lang>/<pack>.json) with `of`, the
// fingerprint of the English it was made from (src/data/englishStamp.mjs, the app's own copy). Run it after
// translating a changed English text, and only then: a stamp says "this translation says what the English says now".
//   node scripts/stamp-translations.mjs [--only=<lang>/<pack>:<id>,...]   (default: every entry)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { englishFingerprint } from '../src/data/englishStamp.mjs';

const ROOT = new URL('../src/data/packs/', import.meta.url).pathname;

function main() {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',').filter(Boolean);
  let stamped = 0;
  for (const lang of readdirSync(join(ROOT, 'i18n'))) {
    for (const file of readdirSync(join(ROOT, 'i18n', lang)).filter((f) => f.endsWith('.json'))) {
      const pack = file.replace(/\.json$/, '');
      const english = new Map(JSON.parse(readFileSync(join(ROOT, `${pack}.json`), 'utf8')).entries.map((e) => [e.id, e]));
      const path = join(ROOT, 'i18n', lang, file);
      const doc = JSON.parse(readFileSync(path, 'utf8'));
      for (const [id, texts] of Object.entries(doc.entries)) {
        if (only && !only.includes(`${lang}/${pack}:${id}`)) continue;
        const en = english.get(id);
        if (!en) {
          console.warn(`${lang}/${pack}: ${id} is not in the English pack (left unstamped)`);
          continue;
        }
        const of = englishFingerprint(pack, en);
        // `of` first, then the fields in their order: a stable file for review.
        doc.entries[id] = { of, ...Object.fromEntries(Object.entries(texts).filter(([k]) => k !== 'of')) };
        stamped++;
      }
      writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
    }
  }
  console.log(`stamped ${stamped} translation(s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
