// Shared by the integration suites: the emulator hosts come from scripts/with-emulators.mjs.
import { appendFileSync } from 'node:fs';
import { readConfig, type RemoteConfig } from '../../src/remote/config';

export function emulatorConfig(): RemoteConfig {
  const fs = process.env.FIRESTORE_EMULATOR_HOST;
  const rt = process.env.DATABASE_EMULATOR_HOST;
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!fs || !rt || !auth) throw new Error('Run integration tests through scripts/with-emulators.mjs (npm run test:integration): no emulator hosts in the environment.');
  return readConfig({ VITE_FIRESTORE_EMULATOR_HOST: fs, VITE_DATABASE_EMULATOR_HOST: rt, VITE_AUTH_EMULATOR_HOST: auth, VITE_FIREBASE_PROJECT_ID: process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square' });
}

/** Reads a document with the emulator's owner token (bypasses rules): what the server really holds. */
export async function adminGet(path: string): Promise<Record<string, unknown> | null> {
  const cfg = emulatorConfig();
  const { host, port } = cfg.emulators!.firestore;
  const res = await fetch(`http://${host}:${port}/v1/projects/${cfg.firebase.projectId}/databases/(default)/documents/${path}`, { headers: { Authorization: 'Bearer owner' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`admin read ${path}: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Lists a collection with the owner token; returns document names. */
export async function adminList(collection: string): Promise<string[]> {
  const cfg = emulatorConfig();
  const { host, port } = cfg.emulators!.firestore;
  const names: string[] = [];
  let pageToken = '';
  do {
    const res = await fetch(`http://${host}:${port}/v1/projects/${cfg.firebase.projectId}/databases/(default)/documents/${collection}?pageSize=1000${pageToken ? `&pageToken=${pageToken}` : ''}`, { headers: { Authorization: 'Bearer owner' } });
    const body = (await res.json()) as { documents?: { name: string }[]; nextPageToken?: string };
    for (const d of body.documents ?? []) names.push(d.name.split('/').pop()!);
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  return names;
}

/** Reads a realtime-database path over REST as the administrator (no token: scripts/rtdb-server.mjs). */
export async function rtdbGet(path: string): Promise<unknown> {
  const cfg = emulatorConfig();
  const { host, port } = cfg.emulators!.database;
  const res = await fetch(`http://${host}:${port}/${path}.json?ns=${cfg.firebase.projectId}`);
  return res.json();
}

type FsValue = { stringValue: string } | { integerValue: string } | { timestampValue: string } | { mapValue: { fields: Record<string, FsValue> } } | { arrayValue: { values: FsValue[] } } | { booleanValue: boolean } | { nullValue: null };

/** Plain JSON → Firestore REST value (Date → timestamp). */
export function toValue(v: unknown): FsValue {
  if (v === null || v === undefined) return { nullValue: null };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'number') return { integerValue: String(Math.trunc(v)) };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  return { mapValue: { fields: Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, toValue(x)])) } };
}

/** Writes many documents with the owner token, 500 per commit (fast seeding for scale tests). */
export async function adminWriteMany(docs: { path: string; data: Record<string, unknown> }[]): Promise<void> {
  const cfg = emulatorConfig();
  const { host, port } = cfg.emulators!.firestore;
  const root = `projects/${cfg.firebase.projectId}/databases/(default)/documents`;
  for (let i = 0; i < docs.length; i += 500) {
    const writes = docs.slice(i, i + 500).map((d) => ({ update: { name: `${root}/${d.path}`, fields: (toValue(d.data) as { mapValue: { fields: Record<string, FsValue> } }).mapValue.fields } }));
    const res = await fetch(`http://${host}:${port}/v1/${root}:commit`, { method: 'POST', headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }) });
    if (!res.ok) throw new Error(`admin commit: ${res.status} ${await res.text()}`);
  }
}

/** Deletes every document in the emulator (between scenarios that count documents). */
export async function adminClear(): Promise<void> {
  const cfg = emulatorConfig();
  const { host, port } = cfg.emulators!.firestore;
  // In an e2e run, each clear goes into the lanes' log (tests/e2e/laneSetup.ts): which project, by whom, when.
  const log = process.env.E2E_LANE_LOG;
  if (log) appendFileSync(log, `${new Date().toISOString()} pid ${process.pid} clears project ${cfg.firebase.projectId}\n`);
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${cfg.firebase.projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`admin clear of ${cfg.firebase.projectId}: ${res.status} ${await res.text()}`);
}
