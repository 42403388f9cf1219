import { afterEach, describe, expect, it } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { ensurePacks, loadAllPacks, loadPack, PACK_NAMES, type PackImporters } from '../../../src/data/loader';
import executive from '../../../src/data/packs/executive.json';
import cabinet from '../../../src/data/packs/cabinet.json';
import governors from '../../../src/data/packs/governors.json';
import michigan from '../../../src/data/packs/michigan.json';
import court from '../../../src/data/packs/court.json';

const RAW = { executive, cabinet, governors, michigan, court } as const;
const TOTAL = executive.entries.length + cabinet.entries.length + governors.entries.length + michigan.entries.length + court.entries.length;

let n = 0;
const open: TownSquareDB[] = [];
function freshDb(): TownSquareDB {
  const d = new TownSquareDB(`civic-loader-${n++}`);
  open.push(d);
  return d;
}
afterEach(async () => {
  for (const d of open.splice(0)) await d.delete();
});

/** Importers that count how often each pack was fetched. */
function countingImporters(overrides: Partial<Record<keyof typeof RAW, unknown>> = {}): { importers: PackImporters; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const make = (name: keyof typeof RAW) => async () => {
    calls[name] = (calls[name] ?? 0) + 1;
    return structuredClone(overrides[name] ?? RAW[name]);
  };
  return { importers: { executive: make('executive'), cabinet: make('cabinet'), governors: make('governors'), michigan: make('michigan'), court: make('court') }, calls };
}

describe('civic pack loader', () => {
  it('loads every pack into people, records each version, and a second load changes nothing', async () => {
    const db = freshDb();
    const first = await loadAllPacks(db);
    expect(first.map((r) => r.outcome)).toEqual(PACK_NAMES.map(() => 'loaded'));
    expect(await db.people.count()).toBe(TOTAL);
    expect((await db.packs.toArray()).map((p) => [p.name, p.version]).sort()).toEqual(PACK_NAMES.map((p) => [p, RAW[p].version]).sort());

    const before = await db.people.toArray();
    const second = await loadAllPacks(db);
    expect(second.map((r) => r.outcome)).toEqual(PACK_NAMES.map(() => 'current'));
    expect(await db.people.count()).toBe(TOTAL);
    expect(await db.people.toArray()).toEqual(before);
    // No duplicate ids, and each governor exactly once.
    const ids = before.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await db.people.where('kind').equals('governor').count()).toBe(55);
  });

  it('replaces every row of a pack whose version changed: removed people are gone, renamed ones updated', async () => {
    const db = freshDb();
    await loadAllPacks(db);
    const next = structuredClone(governors);
    next.version += 1;
    next.entries = next.entries.filter((g) => g.state !== 'alaska');
    const ohio = next.entries.find((g) => g.state === 'ohio')!;
    ohio.name = 'Test Person';

    const report = await loadPack(db, 'governors', next);
    expect(report).toMatchObject({ outcome: 'loaded', version: governors.version + 1 });
    expect(await db.people.get('governor:alaska')).toBeUndefined();
    expect((await db.people.get('governor:ohio'))?.name).toBe('Test Person');
    expect(await db.people.where('kind').equals('governor').count()).toBe(54);
    // The stale name is gone from the rows search indexes; the new one is there.
    expect(await db.people.where('name').equals('Mike DeWine').count()).toBe(0);
    expect(await db.people.where('name').equals('Test Person').count()).toBe(1);
    expect((await db.packs.get('governors'))?.version).toBe(governors.version + 1);
    // Other packs were not touched.
    expect(await db.people.where('kind').equals('cabinet').count()).toBe(cabinet.entries.length);
  });

  it('keeps a newer stored copy over an older built-in one (a correction published after this build, issue #34)', async () => {
    // Versions only go up: a rollback is published as the old content under a higher version.
    const db = freshDb();
    const published = structuredClone(michigan);
    published.version += 5;
    published.entries[0]!.name = `${published.entries[0]!.name} (corrected)`;
    await loadPack(db, 'michigan', published);
    expect((await loadPack(db, 'michigan', michigan)).outcome).toBe('current');
    expect((await db.packs.get('michigan'))?.version).toBe(published.version);
    expect((await db.people.get(`michigan:${published.entries[0]!.id}`))?.name).toMatch(/\(corrected\)$/);
  });

  it('keeps the stored copy when a new pack fails validation', async () => {
    const db = freshDb();
    await loadAllPacks(db);
    const broken = structuredClone(court) as unknown as { version: number; entries: { source: string }[] };
    broken.version += 1;
    broken.entries[0]!.source = 'http://not-https.example';
    const report = await loadPack(db, 'court', broken);
    expect(report.outcome).toBe('invalid');
    expect(report.error).toMatch(/https/);
    expect(await db.people.where('kind').equals('court').count()).toBe(court.entries.length);
    expect((await db.packs.get('court'))?.version).toBe(court.version);
  });

  it('heals a pack whose rows went missing although its version is current', async () => {
    const db = freshDb();
    await loadAllPacks(db);
    await db.people.delete('cabinet:marco-rubio');
    expect((await loadPack(db, 'cabinet', cabinet)).outcome).toBe('loaded');
    expect(await db.people.get('cabinet:marco-rubio')).toBeDefined();
  });

  it('gives court rows their election and keeps each pack’s order', async () => {
    const db = freshDb();
    await loadAllPacks(db);
    const thomas = await db.people.get(`court:${court.entries[0]!.id}`);
    expect(thomas?.kind).toBe('court');
    if (thomas?.kind !== 'court') return;
    expect(thomas.entry.election).toEqual(court.elections.find((e) => e.year === court.entries[0]!.electionYear));
    expect(thomas.entry.packOrder).toBe(0);
  });

  it('one failing pack spoils no other, and ensurePacks retries after a failure but not after success', async () => {
    const db = freshDb();
    const failing = countingImporters();
    const importers: PackImporters = { ...failing.importers, court: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) };
    const reports = await ensurePacks(db, importers);
    expect(reports.find((r) => r.name === 'court')?.outcome).toBe('failed');
    expect(await db.people.where('kind').equals('governor').count()).toBe(55);

    const ok = countingImporters();
    const again = await ensurePacks(db, ok.importers);
    expect(again.find((r) => r.name === 'court')?.outcome).toBe('loaded');
    // A successful run is shared: later callers get the same result without importing again.
    const third = countingImporters();
    const shared = await Promise.all([ensurePacks(db, third.importers), ensurePacks(db, third.importers)]);
    expect(shared[0]).toBe(again);
    expect(shared[1]).toBe(again);
    expect(third.calls).toEqual({});
  });
});
