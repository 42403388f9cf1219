/**
 * Loads the static civic packs (src/data/packs/*.json) into IndexedDB, so every profile, list and search
 * reads from the device and works offline.
 *
 * - The JSON is fetched with dynamic import(): each pack is its own chunk, never part of the entry chunk,
 *   and the service worker precaches those chunks like any other.
 * - A pack is (re)written only when its `version` is newer than the one recorded in the `packs` table (or the
 *   same version lost rows). The
 *   rewrite deletes every row of that pack and inserts the new ones in ONE transaction, so a reader never
 *   sees a half-loaded pack, a renamed or removed person never lingers, and loading twice adds nothing.
 * - Each pack is validated with its schema first; a pack that fails keeps whatever was stored before,
 *   because stale-but-sourced data is better than a blank screen.
 */
import * as v from 'valibot';
import { db as appDb, type PersonEntries, type PersonKind, type PersonRow, type TownSquareDB } from '../db';
import {
  CabinetPackSchema, CourtPackSchema, ExecutivePackSchema, GovernorsPackSchema, MichiganPackSchema,
  type CabinetPack, type CourtPack, type ExecutivePack, type GovernorsPack, type MichiganPack,
} from './schemas';

export type PackName = 'executive' | 'cabinet' | 'governors' | 'michigan' | 'court';
export const PACK_NAMES: readonly PackName[] = ['executive', 'cabinet', 'governors', 'michigan', 'court'];

/** The `kind` of the people rows each pack owns (the pack's rows are exactly the rows of that kind). */
export const PACK_KIND = {
  executive: 'executive',
  cabinet: 'cabinet',
  governors: 'governor',
  michigan: 'michigan',
  court: 'court',
} as const satisfies Readonly<Record<PackName, PersonKind>>;

type ValidPack = ExecutivePack | CabinetPack | GovernorsPack | MichiganPack | CourtPack;

function parsePack(name: PackName, raw: unknown) {
  switch (name) {
    case 'executive': return v.safeParse(ExecutivePackSchema, raw);
    case 'cabinet': return v.safeParse(CabinetPackSchema, raw);
    case 'governors': return v.safeParse(GovernorsPackSchema, raw);
    case 'michigan': return v.safeParse(MichiganPackSchema, raw);
    case 'court': return v.safeParse(CourtPackSchema, raw);
  }
}

export type PackImporters = Readonly<Record<PackName, () => Promise<unknown>>>;

// One literal import() per pack so the bundler can split each JSON file into its own chunk.
const IMPORTERS: PackImporters = {
  executive: () => import('./packs/executive.json').then((m) => m.default),
  cabinet: () => import('./packs/cabinet.json').then((m) => m.default),
  governors: () => import('./packs/governors.json').then((m) => m.default),
  michigan: () => import('./packs/michigan.json').then((m) => m.default),
  court: () => import('./packs/court.json').then((m) => m.default),
};

function rowOf<K extends PersonKind>(kind: K, entry: PersonEntries[K]): { id: string; kind: K; name: string; entry: PersonEntries[K] } {
  return { id: `${kind}:${entry.id}`, kind, name: entry.name, entry };
}

/** The people rows a validated pack turns into. Pure, so it is unit-tested on its own. */
export function rowsForPack(pack: ValidPack): PersonRow[] {
  // `packOrder` keeps the pack's own order (the cabinet by precedence, Michigan officials by office),
  // which the primary key (`kind:id`, alphabetical) would lose.
  switch (pack.pack) {
    case 'executive': return pack.entries.map((e, packOrder) => rowOf(PACK_KIND.executive, { ...e, packOrder }));
    case 'cabinet': return pack.entries.map((e, packOrder) => rowOf(PACK_KIND.cabinet, { ...e, packOrder }));
    case 'governors': return pack.entries.map((e, packOrder) => rowOf(PACK_KIND.governors, { ...e, packOrder }));
    case 'michigan': return pack.entries.map((e, packOrder) => rowOf(PACK_KIND.michigan, { ...e, packOrder }));
    case 'court': {
      // Court rows also carry the election they belong to, so a card can say "2024 election: Won" on its own.
      const races = new Map(pack.elections.map((race) => [race.year, race]));
      // Never undefined: CourtPackSchema checks that every candidate names an election of the pack.
      return pack.entries.map((e, packOrder) => rowOf(PACK_KIND.court, { ...e, packOrder, election: races.get(e.electionYear)! }));
    }
  }
}

export type PackOutcome = 'loaded' | 'current' | 'invalid' | 'failed';
export interface PackReport {
  name: PackName;
  outcome: PackOutcome;
  version?: number;
  error?: string;
}

/**
 * Writes one validated pack unless the stored copy is already this version. The check happens inside the
 * write transaction, so two tabs loading at once cannot interleave a delete with the other's insert.
 */
export async function applyPack(database: TownSquareDB, pack: ValidPack): Promise<'loaded' | 'current'> {
  const kind = PACK_KIND[pack.pack];
  const rows = rowsForPack(pack);
  // Same version and the same number of rows: nothing to do. (The count guards against rows lost to an
  // interrupted manual clean-up; it costs one index count.)
  // A newer copy stored (a correction published after this build, src/features/civic/published.ts) stays: the
  // built-in pack is only the first-install default.
  const isCurrent = async (): Promise<boolean> => {
    const stored = (await database.packs.get(pack.pack))?.version;
    if (stored !== undefined && stored > pack.version) return true;
    return stored === pack.version && (await database.people.where('kind').equals(kind).count()) === rows.length;
  };
  // The usual case, checked read-only first: a read-write transaction would queue every screen's reads of
  // `people` behind it on each app start.
  if (await database.transaction('r', database.people, database.packs, isCurrent)) return 'current';
  return database.transaction('rw', database.people, database.packs, async () => {
    if (await isCurrent()) return 'current'; // another tab got here first
    await database.people.where('kind').equals(kind).delete();
    await database.people.bulkPut(rows);
    await database.packs.put({ name: pack.pack, version: pack.version, asOf: pack.asOf });
    return 'loaded';
  });
}

/** Validates and applies one raw pack (as parsed from its JSON). */
export async function loadPack(database: TownSquareDB, name: PackName, raw: unknown): Promise<PackReport> {
  const parsed = parsePack(name, raw);
  if (!parsed.success) {
    const first = parsed.issues[0] as v.BaseIssue<unknown> | undefined;
    const error = first ? `${v.getDotPath(first) ?? '(root)'}: ${first.message}` : 'invalid pack';
    console.warn(`civic pack "${name}" failed validation; keeping the stored copy.`, error);
    return { name, outcome: 'invalid', error };
  }
  const outcome = await applyPack(database, parsed.output);
  return { name, outcome, version: parsed.output.version };
}

/** Loads every pack that is missing or out of date. Each pack stands alone: one failure spoils no other. */
export async function loadAllPacks(database: TownSquareDB = appDb, importers: PackImporters = IMPORTERS): Promise<PackReport[]> {
  return Promise.all(
    PACK_NAMES.map(async (name): Promise<PackReport> => {
      try {
        return await loadPack(database, name, await importers[name]());
      } catch (err) {
        // Typically: offline before the pack chunk was ever cached, or storage full.
        return { name, outcome: 'failed', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
      }
    }),
  );
}

const inFlight = new WeakMap<TownSquareDB, Promise<PackReport[]>>();

/**
 * The once-per-session entry point: every civic screen calls it, only the first call does the work. A run
 * with failures is forgotten so the next screen (e.g. after the connection returns) tries again.
 */
export function ensurePacks(database: TownSquareDB = appDb, importers: PackImporters = IMPORTERS): Promise<PackReport[]> {
  const existing = inFlight.get(database);
  if (existing) return existing;
  const run = loadAllPacks(database, importers).then((reports) => {
    if (reports.some((r) => r.outcome === 'failed')) inFlight.delete(database);
    return reports;
  });
  inFlight.set(database, run);
  return run;
}
