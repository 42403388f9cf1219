#!/usr/bin/env node
// `npm run data:publish [-- --packs=cabinet,governors] [--dir=DIR]`: publishes civic packs as data, so a
// correction reaches every device at its next online moment without a new build (issue #34; the app side is
// src/features/civic/published.ts).
//
// 1. Runs `npm run data:check` on the same packs (same --dir/--packs); anything it rejects is not published.
// 2. Writes civic-packs/{name} = {version, asOf, checksum (SHA-256 of the text), pack (the pack's JSON text)}
//    and civic-packs/index.versions.{name} = version, in one commit — as the project's owner: the rules let no
//    client write civic-packs.
// Where: FIRESTORE_EMULATOR_HOST set → that emulator (project GCLOUD_PROJECT / VITE_FIREBASE_PROJECT_ID,
// default demo-town-square), as its owner. Otherwise the real project VITE_FIREBASE_PROJECT_ID, with an OAuth
// access token of an account that may administer it in GOOGLE_OAUTH_ACCESS_TOKEN (e.g. `gcloud auth
// print-access-token`): Firestore's REST API with administrator credentials, which is what the Admin SDK sends.
// A published version must be newer than the one devices have (bump the pack's `version` when correcting it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dir = path.resolve(arg('dir') ?? path.join(ROOT, 'src/data/packs'));
const names = (arg('packs') ?? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).join(',')).split(',').filter(Boolean);

const check = spawnSync(process.execPath, [path.join(ROOT, 'scripts/data-check.mjs'), `--dir=${dir}`, `--packs=${names.join(',')}`], { stdio: 'inherit' });
if (check.status !== 0) {
  console.error(`data:publish: data:check failed (exit ${check.status}); nothing was published.`);
  process.exit(1);
}

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.env.GCLOUD_PROJECT ?? process.env.VITE_FIREBASE_PROJECT_ID ?? (emulator ? 'demo-town-square' : undefined);
const token = emulator ? 'owner' : process.env.GOOGLE_OAUTH_ACCESS_TOKEN;
if (!projectId || !token) {
  console.error('data:publish: set FIRESTORE_EMULATOR_HOST (local), or VITE_FIREBASE_PROJECT_ID and GOOGLE_OAUTH_ACCESS_TOKEN (a real project).');
  process.exit(2);
}
const root = `projects/${projectId}/databases/(default)/documents`;
const base = emulator ? `http://${emulator}/v1` : 'https://firestore.googleapis.com/v1';

const writes = [];
const published = {};
for (const name of names) {
  const pack = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
  const text = JSON.stringify(pack);
  const checksum = createHash('sha256').update(text).digest('hex');
  published[name] = pack.version;
  writes.push({
    update: {
      name: `${root}/civic-packs/${name}`,
      fields: { version: { integerValue: String(pack.version) }, asOf: { stringValue: String(pack.asOf) }, checksum: { stringValue: checksum }, pack: { stringValue: text } },
    },
  });
}
writes.push({
  update: { name: `${root}/civic-packs/index`, fields: { versions: { mapValue: { fields: Object.fromEntries(Object.entries(published).map(([n, v]) => [n, { integerValue: String(v) }])) } } } },
  updateMask: { fieldPaths: Object.keys(published).map((n) => `versions.${n}`) },
});
const res = await fetch(`${base}/${root}:commit`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }) });
if (!res.ok) {
  console.error(`data:publish: the commit was refused: HTTP ${res.status} ${await res.text()}`);
  process.exit(1);
}
console.log(`data:publish: published ${Object.entries(published).map(([n, v]) => `${n} v${v}`).join(', ')} to ${emulator ? `the emulator ${emulator}` : 'Firestore'} (project ${projectId}).`);
