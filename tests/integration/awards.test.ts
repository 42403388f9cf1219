// Awards + account against the real emulators: org-info read and cached in Dexie, feedback through the
// outbox into the realtime database, and the two live listeners (prefs, user details) following changes.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/seed.mjs';
import { TownSquareDB } from '../../src/db';
import { FEEDBACK_DRAFT_ID, saveDraft, submitFeedback } from '../../src/features/account/feedback';
import { parsePref, parseUserDetails, prefsPath, userDetailsPath, watchLiveDoc, type LiveState } from '../../src/features/account/liveDoc';
import { ORG_INFO_IDS, refreshOrgInfo, storiesFrom } from '../../src/features/awards/orgInfo';
import { fetchOrgInfoDoc, loadFirestore, loadLive, loadRealtime } from '../../src/remote';
import { WRITE_KINDS } from '../../src/features/outbox/writeKinds';
import { createBackend } from '../../src/remote/backend';
import { Flusher } from '../../src/sync/flusher';
import { parsePayload } from '../../src/sync/kinds';
import { feedback } from '../../src/features/account/mutations/feedback';
import { memoryLocks } from '../../src/sync/lock';
import { emulatorConfig, rtdbGet } from './env';

// The rules let a visitor read only their own prefs/users documents: watch as the seeded demo visitor.
const ME = 'demo-visitor';
const cfg = { ...emulatorConfig(), identity: ME };
const run = Date.now().toString(36);
let db: TownSquareDB;
const stops: (() => void)[] = [];

/** Writes a document with the owner token (bypasses rules), as an admin or another device would. */
async function adminSet(path: string, fields: Record<string, string>): Promise<void> {
  const { host, port } = cfg.emulators!.firestore;
  const body = { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { stringValue: v }])) };
  const res = await fetch(`http://${host}:${port}/v1/projects/${cfg.firebase.projectId}/databases/(default)/documents/${path}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`admin set ${path}: ${res.status}`);
}

async function adminDelete(path: string): Promise<void> {
  const { host, port } = cfg.emulators!.firestore;
  await fetch(`http://${host}:${port}/v1/projects/${cfg.firebase.projectId}/databases/(default)/documents/${path}`, { method: 'DELETE', headers: { Authorization: 'Bearer owner' } });
}

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function watch<T>(path: string, parse: (raw: unknown) => T): LiveState<T>[] {
  const states: LiveState<T>[] = [];
  stops.push(watchLiveDoc({ path, parse, source: () => loadLive(cfg), database: db }, (s) => states.push(s)));
  return states;
}

const lastReady = <T,>(states: LiveState<T>[], ok: (d: T) => boolean): T | undefined => {
  const s = states[states.length - 1];
  return s?.status === 'ready' && ok(s.data) ? s.data : undefined;
};

beforeAll(async () => {
  await seed({ firestoreHost: process.env.FIRESTORE_EMULATOR_HOST!, projectId: cfg.firebase.projectId });
  db = new TownSquareDB(`awards-it-${run}`);
  await db.open();
});

afterAll(async () => {
  for (const stop of stops) stop();
  await db?.delete();
});

describe('organisation info', () => {
  it('reads org-info/detroitchoiceawards and org-info/20 from Firestore and caches them in Dexie', async () => {
    const result = await refreshOrgInfo((id) => fetchOrgInfoDoc(id, cfg), db, 1000);
    expect(result.failed).toEqual([]);
    expect(result.updated.sort()).toEqual([...ORG_INFO_IDS].sort());

    const rows = await db.orgInfo.bulkGet([...ORG_INFO_IDS]);
    expect(rows.every((r) => r?.fetchedAt === 1000)).toBe(true);
    const stories = storiesFrom(rows);
    expect(stories.slice(0, 4).map((s) => s.name)).toEqual(['Marisol Fenwick', 'Dorian Achterberg', 'Keziah Vantreese', 'Rosalind Marchbanks']);
    expect(stories.some((s) => s.id === 'org20-story-1')).toBe(true);
    expect(stories[0]).toMatchObject({ id: 'story-1', smallImg: '/demo/honoree-1.svg', insta: 'https://www.instagram.com/example' });
  });

  it('a failing network keeps the cached copy', async () => {
    const result = await refreshOrgInfo(() => Promise.reject(new Error('offline')), db, 2000);
    expect(result.failed).toHaveLength(2);
    expect((await db.orgInfo.get('detroitchoiceawards'))?.fetchedAt).toBe(1000);
  });
});

describe('feedback through the outbox', () => {
  it('lands once in the realtime database at feedbacks/{pushKey}', async () => {
    const text = `Integration feedback ${run}`;
    await saveDraft(text, db);
    const pushKey = await submitFeedback(text, 'it-visitor', { database: db });
    expect(await db.drafts.get(FEEDBACK_DRAFT_ID)).toBeUndefined();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'feedback', key: `feedbacks/${pushKey}` });

    const backend = createBackend({ firestore: () => loadFirestore(cfg), realtime: () => loadRealtime(cfg) });
    const flusher = new Flusher({ backend: async () => backend, kinds: WRITE_KINDS, database: db, locks: memoryLocks(), isOnline: () => true, setTimer: () => null, clearTimer: () => undefined });
    const report = await flusher.flush();
    flusher.stop();
    expect(report).toMatchObject({ delivered: 1, failed: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.feedback.get(pushKey))?.sentAt).toEqual(expect.any(Number));
    expect(await rtdbGet(`feedbacks/${pushKey}`)).toEqual({ feedback: text, uid: ME });

    // A replay after a lost acknowledgement lands on the same key: still exactly one entry with this text.
    await feedback.push(backend, parsePayload(feedback, row?.payload)!);
    const all = (await rtdbGet('feedbacks')) as Record<string, { feedback: string }>;
    expect(Object.values(all).filter((f) => f.feedback === text)).toHaveLength(1);
  });
});

describe('live listeners', () => {
  it('users/{uid}/user_details/info: the seeded demo visitor', async () => {
    const states = watch(userDetailsPath('demo-visitor')!, parseUserDetails);
    expect(states[0]).toEqual({ status: 'loading' });
    const data = await until(() => lastReady(states, (d) => d.email !== ''), 'the demo visitor');
    expect(data).toEqual({ email: 'demo.visitor@example.com', fName: 'Dana', lName: 'Demo', state: 'MI', zip: '48226' });
  });

  it('user details follow a change to the document', async () => {
    const path = userDetailsPath(ME)!;
    await adminSet(path, { email: 'first@example.com', fName: 'Fi', lName: 'Rst', state: 'MI', zip: '48201' });
    const states = watch(path, parseUserDetails);
    await until(() => lastReady(states, (d) => d.email === 'first@example.com'), 'the first snapshot');
    await adminSet(path, { email: 'second@example.com', fName: 'Se', lName: 'Cond', state: 'OH', zip: '43004' });
    const data = await until(() => lastReady(states, (d) => d.email === 'second@example.com'), 'the changed snapshot');
    expect(data).toEqual({ email: 'second@example.com', fName: 'Se', lName: 'Cond', state: 'OH', zip: '43004' });
  });

  it('prefs/{uid} follows a change, and the last value is kept on the device', async () => {
    const path = prefsPath(ME)!;
    await adminSet(path, { pref: 'fashion' });
    const states: LiveState<string | null>[] = [];
    stops.push(watchLiveDoc({ path, parse: parsePref, cacheId: `live:${path}`, source: () => loadLive(cfg), database: db }, (s) => states.push(s)));
    await until(() => lastReady(states, (p) => p === 'fashion'), 'pref fashion');
    await adminSet(path, { pref: 'polo' });
    await until(() => lastReady(states, (p) => p === 'polo'), 'pref polo');
    const saved = await (async () => {
      for (let i = 0; i < 40; i++) {
        const row = await db.drafts.get(`live:${path}`);
        if ((row?.value as { pref?: string } | undefined)?.pref === 'polo') return row;
        await new Promise((r) => setTimeout(r, 50));
      }
      return undefined;
    })();
    expect(saved?.value).toMatchObject({ pref: 'polo' });
  });

  it('a missing user document is reported as missing', async () => {
    await adminDelete(userDetailsPath(ME)!);
    const states = watch(userDetailsPath(ME)!, parseUserDetails);
    await until(() => (states[states.length - 1]?.status === 'missing' ? true : undefined), 'missing');
  });
});
