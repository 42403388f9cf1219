// Officials' names in Arabic script (issue #57): every person of the packs has a spelling, and the hub's Arabic
// index finds them by it — as it builds it (CivicHubScreen: the local terms plus namesAr.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TownSquareDB, type PersonRow } from '../../../src/db';
import { loadAllPacks } from '../../../src/data/loader';
import { buildPeopleIndex, searchIndex, type PeopleIndex } from '../../../src/features/civic/search';
import namesAr from '../../../src/features/civic/namesAr.json';

const db = new TownSquareDB('civic-names-ar');
let rows: PersonRow[];
let index: PeopleIndex;
beforeAll(async () => {
  await loadAllPacks(db);
  rows = await db.people.toArray();
  const arabic = namesAr as Record<string, string[]>;
  index = buildPeopleIndex(rows, (_office, _states, _gender, name) => (arabic[name] ?? []).join(' '));
});
afterAll(async () => {
  await db.delete();
});

const found = (text: string): string[] => searchIndex(index, text).map((p) => p.name);

describe('officials in Arabic script', () => {
  it('every person in the packs has an Arabic spelling, and nothing else is listed (a new official needs one)', () => {
    const people = [...new Set(rows.map((r) => r.name))].sort();
    expect(Object.keys(namesAr).sort()).toEqual(people);
    for (const [name, spellings] of Object.entries(namesAr)) {
      expect(spellings.length, name).toBeGreaterThan(0);
      for (const s of spellings) expect(s, name).toMatch(/^[\u0600-\u06FF\s.-]+$/u);
    }
  });

  it('finds Whitmer and Trump by the spellings Arabic media use, surname or full name', () => {
    expect(found('ويتمر')[0]).toBe('Gretchen Whitmer');
    expect(found('غريتشن ويتمر')[0]).toBe('Gretchen Whitmer');
    expect(found('ترامب')[0]).toBe('Donald J. Trump');
    expect(found('ترمب')[0]).toBe('Donald J. Trump');
    expect(found('فانس')[0]).toBe('J.D. Vance');
    expect(found('روبيو')[0]).toBe('Marco Rubio');
  });
});
