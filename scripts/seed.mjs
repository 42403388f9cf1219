#!/usr/bin/env node
// Writes the demo data in scripts/demo-data/*.json into the Firestore emulator through its REST API.
//
// Each JSON file maps a document path (relative to .../documents/) to that document's data, e.g.
//   { "polls/dfca-2025-fashion": { "demo": true, "title": "...", ... } }
// Values of the form {"__timestamp": "<ISO date>"} become Firestore timestamps.
// Documents are written with PATCH (no update mask = full replace), so seeding is idempotent.
// `Authorization: Bearer owner` makes the emulator bypass security rules.
//
// CLI: node scripts/seed.mjs   (FIRESTORE_EMULATOR_HOST / FIRESTORE_PORT, DATABASE_EMULATOR_HOST /
//      DATABASE_PORT and VITE_FIREBASE_PROJECT_ID are honoured; defaults 127.0.0.1:8080 / 127.0.0.1:9000)

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEMO_DATA_DIR = path.join(HERE, 'demo-data');

/** Convert one plain JSON value into a Firestore REST `Value`. */
export function toFirestoreValue(value) {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return { integerValue: String(value) };
    return { doubleValue: value };
  }
  if (typeof value === 'bigint') return { integerValue: value.toString() };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) {
    return value.length ? { arrayValue: { values: value.map(toFirestoreValue) } } : { arrayValue: {} };
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '__timestamp') {
      const date = new Date(value.__timestamp);
      if (Number.isNaN(date.getTime())) throw new Error(`Invalid __timestamp: ${JSON.stringify(value.__timestamp)}`);
      return { timestampValue: date.toISOString() };
    }
    return { mapValue: { fields: toFirestoreFields(value) } };
  }
  throw new Error(`Cannot convert ${typeof value} to a Firestore value`);
}

/** Convert a plain JSON object into a Firestore REST `fields` map. */
export function toFirestoreFields(obj) {
  const fields = {};
  for (const [key, val] of Object.entries(obj)) {
    if (val === undefined) continue;
    fields[key] = toFirestoreValue(val);
  }
  return fields;
}

/** Read every scripts/demo-data/*.json file into [[docPath, data], ...] (sorted, validated). */
export function loadDemoDocuments(dir = DEMO_DATA_DIR) {
  const docs = [];
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const content = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    for (const [docPath, data] of Object.entries(content)) {
      const segments = docPath.split('/');
      if (segments.length % 2 !== 0 || segments.some((s) => !s)) {
        throw new Error(`${file}: "${docPath}" is not a document path (collection/doc[/collection/doc...])`);
      }
      if (!data || typeof data !== 'object' || data.demo !== true) {
        throw new Error(`${file}: document "${docPath}" must carry "demo": true`);
      }
      docs.push([docPath, data]);
    }
  }
  return docs;
}

async function writeDocument(firestoreHost, projectId, docPath, data) {
  const encodedPath = docPath.split('/').map(encodeURIComponent).join('/');
  const url = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/${encodedPath}`;
  const res = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: toFirestoreFields(data) }),
  });
  if (!res.ok) throw new Error(`PATCH ${docPath} -> HTTP ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

/**
 * Write the demo data. `databaseHost` is accepted for symmetry; no demo data lives in the
 * Realtime Database (feedback is write-only).
 * @returns {Promise<{documents: number, collections: Record<string, number>}>}
 */
export async function seed({
  firestoreHost = '127.0.0.1:8080',
  projectId = process.env.VITE_FIREBASE_PROJECT_ID || 'demo-town-square',
} = {}) {
  const docs = loadDemoDocuments();
  const collections = {};
  // Small batches in parallel: fast, without flooding the emulator.
  for (let i = 0; i < docs.length; i += 8) {
    await Promise.all(docs.slice(i, i + 8).map(([p, d]) => writeDocument(firestoreHost, projectId, p, d)));
  }
  for (const [docPath] of docs) {
    const parts = docPath.split('/');
    const collection = parts.length > 2 ? parts.filter((_, idx) => idx % 2 === 0).join('/*/') : parts[0];
    collections[collection] = (collections[collection] ?? 0) + 1;
  }
  return { documents: docs.length, collections };
}

export function formatSummary({ documents, collections }, firestoreHost, projectId) {
  const parts = Object.entries(collections).map(([c, n]) => `${c}: ${n}`);
  return `Seeded ${documents} demo documents into Firestore ${firestoreHost} (project ${projectId}) - ${parts.join(', ')}`;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const firestoreHost =
    process.env.FIRESTORE_EMULATOR_HOST || `127.0.0.1:${process.env.FIRESTORE_PORT ?? 8080}`;
  const databaseHost = process.env.DATABASE_EMULATOR_HOST || `127.0.0.1:${process.env.DATABASE_PORT ?? 9000}`;
  const projectId = process.env.VITE_FIREBASE_PROJECT_ID || 'demo-town-square';
  try {
    const result = await seed({ firestoreHost, databaseHost, projectId });
    console.log(formatSummary(result, firestoreHost, projectId));
  } catch (err) {
    const hint =
      err?.cause?.code === 'ECONNREFUSED'
        ? ` (nothing is listening on ${firestoreHost}; start the emulators with "npm run emulators")`
        : '';
    console.error(`Seeding failed: ${err.message}${hint}`);
    process.exit(1);
  }
}
