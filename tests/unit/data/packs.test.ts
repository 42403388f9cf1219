import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import executive from '../../../src/data/packs/executive.json';
import cabinet from '../../../src/data/packs/cabinet.json';
import governors from '../../../src/data/packs/governors.json';
import michigan from '../../../src/data/packs/michigan.json';
import court from '../../../src/data/packs/court.json';
import {
  CabinetPackSchema,
  CourtPackSchema,
  ExecutivePackSchema,
  GovernorsPackSchema,
  MichiganPackSchema,
  PROFILE_KEYS,
  stateSlug,
} from '../../../src/data/schemas';

/** The day each pack was last reviewed as a whole. */
const AS_OF: Readonly<Record<string, string>> = {
  executive: '2026-11-26',
  cabinet: '2026-11-27',
  governors: '2026-11-27',
  michigan: '2026-11-27',
  court: '2026-11-27',
};

interface RawEntry {
  readonly id: string;
  readonly source: string;
  readonly verifiedOn: string;
}
interface RawPack {
  readonly pack: string;
  readonly asOf: string;
  readonly entries: readonly RawEntry[];
}

const packs: ReadonlyArray<readonly [string, RawPack, v.GenericSchema]> = [
  ['executive', executive, ExecutivePackSchema],
  ['cabinet', cabinet, CabinetPackSchema],
  ['governors', governors, GovernorsPackSchema],
  ['michigan', michigan, MichiganPackSchema],
  ['court', court, CourtPackSchema],
];

/** Parses with the schema and fails with readable issues. */
function expectValid(name: string, schema: v.GenericSchema, data: unknown): void {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    console.error(`${name} pack is invalid:\n${lines.join('\n')}`);
  }
  expect(result.success, `${name} pack should match its schema`).toBe(true);
}

const FIFTY_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware',
  'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky',
  'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi',
  'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico',
  'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania',
  'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont',
  'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming',
] as const;

const TERRITORY_SLUGS = [
  'american-samoa',
  'guam',
  'northern-mariana-islands',
  'puerto-rico',
  'us-virgin-islands',
] as const;

describe('civic data packs', () => {
  describe.each(packs)('%s pack', (name, data, schema) => {
    it('parses with its schema', () => {
      expectValid(name, schema, data);
    });

    it('has the expected header', () => {
      expect(data.pack).toBe(name);
      expect(data.asOf).toBe(AS_OF[name]);
      expect(data.entries.length).toBeGreaterThan(0);
    });

    it('has unique ids', () => {
      const ids = data.entries.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('gives every entry an https source and a real verifiedOn date not after asOf', () => {
      for (const e of data.entries) {
        expect(e.source, e.id).toMatch(/^https:\/\//);
        expect(() => new URL(e.source), e.id).not.toThrow();
        expect(e.verifiedOn, e.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(`${e.verifiedOn}T00:00:00Z`)), e.id).toBe(false);
        expect(e.verifiedOn <= data.asOf, `${e.id} verifiedOn ${e.verifiedOn}`).toBe(true);
      }
    });
  });

  describe('executive', () => {
    it('has exactly the three profile keys', () => {
      const keys = executive.entries.map((e) => e.key).sort();
      expect(keys).toEqual([...PROFILE_KEYS].sort());
    });

    it('gives a closing quote only together with its attribution', () => {
      for (const e of executive.entries) {
        expect('end' in e, e.id).toBe('endDesc' in e);
      }
    });
  });

  describe('governors', () => {
    const entries = governors.entries;
    const slugs = entries.map((g) => g.state);

    it('has exactly 55 entries (50 states + 5 territories)', () => {
      expect(entries).toHaveLength(55);
    });

    it('has unique state slugs', () => {
      expect(new Set(slugs).size).toBe(slugs.length);
    });

    it('refuses a governor without a termEnd date (or with "until-successor")', () => {
      const texas = entries.find((g) => g.id === 'texas')!;
      const { termEnd: _dropped, ...withoutEnd } = texas;
      const pack = (entry: unknown) => ({ ...governors, entries: entries.map((g) => (g.id === 'texas' ? entry : g)) });
      expect(v.safeParse(GovernorsPackSchema, pack(texas)).success).toBe(true);
      expect(v.safeParse(GovernorsPackSchema, pack(withoutEnd)).success).toBe(false);
      expect(v.safeParse(GovernorsPackSchema, pack({ ...texas, termEnd: 'until-successor' })).success).toBe(false);
    });

    it('is sorted alphabetically by state name', () => {
      const names = entries.map((g) => g.stateName);
      const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
      expect(names).toEqual(sorted);
    });

    it('includes all 50 states', () => {
      const names = new Set(entries.map((g) => g.stateName));
      for (const state of FIFTY_STATES) expect(names.has(state), state).toBe(true);
    });

    it('includes the five territories', () => {
      for (const slug of TERRITORY_SLUGS) expect(slugs, slug).toContain(slug);
    });

    it('derives each slug from the state name (lower-case, periods dropped, spaces to hyphens)', () => {
      // Only special case: "U.S. Virgin Islands" → "us-virgin-islands" (the periods are dropped).
      expect(stateSlug('U.S. Virgin Islands')).toBe('us-virgin-islands');
      expect(stateSlug('New Hampshire')).toBe('new-hampshire');
      for (const g of entries) {
        expect(g.state, g.stateName).toBe(stateSlug(g.stateName));
        expect(g.id, g.stateName).toBe(g.state);
      }
    });

    it('uses the labelled line formats for term, education and birth state', () => {
      for (const g of entries) {
        expect(g.term, g.state).toMatch(/^Took office: .+\nTerm ends: .+$/);
        if ('education' in g) expect(g.education, g.state).toMatch(/^School: /);
        if ('birth_state' in g) expect(g.birth_state, g.state).toMatch(/^Birth State: /);
      }
    });
  });

  describe('court', () => {
    it('names every race it covers, newest first, and every candidate belongs to one', () => {
      const years = court.elections.map((e) => e.year);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      for (const e of court.elections) expect(e.date.startsWith(String(e.year)), String(e.year)).toBe(true);
      // The 2026 race (Cavanagh's and Hood's seats) is in the pack with every nominee the sources support, in
      // pairs by nominating party, marked as not the state's official list.
      const race2026 = court.elections.find((e) => e.year === 2026);
      expect(race2026?.date).toBe('2026-11-03');
      expect(race2026 && 'unofficial' in race2026 && race2026.unofficial).toBe(true);
      expect(court.entries.filter((c) => c.electionYear === 2026).map((c) => [c.name, c.Party])).toEqual([
        ['Megan Cavanagh', 'Democratic'], ['Noah Hood', 'Democratic'], ['Michael Warren', 'Republican'],
        ['Casandra Morse-Bills', 'Republican'], ['Thomas Howe', 'U.S. Taxpayers'], ['Jody White', 'U.S. Taxpayers'],
      ]);
      const bad = { ...court, entries: [{ ...court.entries[0]!, electionYear: 2030 }] };
      expect(v.safeParse(CourtPackSchema, bad).success).toBe(false);
    });
  });

  describe('cabinet', () => {
    it('explains how the members were counted', () => {
      expect(cabinet.note.length).toBeGreaterThan(0);
      expect(cabinet.entries.length).toBeGreaterThanOrEqual(15);
    });
  });
});
