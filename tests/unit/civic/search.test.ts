import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TownSquareDB, type PersonRow } from '../../../src/db';
import { loadAllPacks } from '../../../src/data/loader';
import { detailFields, findGovernor, findPerson, formatDate, humanLabel, linkFor, rawPersonQuery, rawProfileQuery, searchPeople } from '../../../src/features/civic/civicData';
import { personName, profileKey, profileTitle } from '../../../src/lib/queryText';
import governors from '../../../src/data/packs/governors.json';
import court from '../../../src/data/packs/court.json';

const db = new TownSquareDB('civic-search');
beforeAll(async () => {
  await loadAllPacks(db);
});
afterAll(async () => {
  await db.delete();
});

const ids = async (text: string): Promise<string[]> => (await searchPeople(db, text)).map((r) => r.id);

describe('offline search (terms index, prefix per word, intersected)', () => {
  it('finds by state: "michigan" returns the governor, the Michigan officials and the court candidates', async () => {
    const found = await ids('michigan');
    expect(found).toContain('governor:michigan');
    expect(found).toContain('michigan:jocelyn-benson');
    for (const c of court.entries) expect(found).toContain(`court:${c.id}`);
    expect(found).not.toContain('governor:ohio');
  });

  it('matches word prefixes as you type, in any case, with accents ignored', async () => {
    expect(await ids('whit')).toEqual(expect.arrayContaining(['governor:michigan', 'michigan:gretchen-whitmer']));
    expect(await ids('WHITMER')).toEqual(expect.arrayContaining(['governor:michigan']));
    expect(await ids('gonzalez')).toContain('governor:puerto-rico');
    expect(await ids('González')).toContain('governor:puerto-rico');
  });

  it('intersects the words: every word must match', async () => {
    expect(await ids('gre whit')).toEqual(expect.arrayContaining(['governor:michigan', 'michigan:gretchen-whitmer']));
    expect(await ids('new ham')).toEqual(['governor:new-hampshire']);
    expect(await ids('kay ohio')).toEqual([]);
  });

  it('finds by office', async () => {
    const found = await ids('secretary of state');
    expect(found).toContain('cabinet:marco-rubio');
    expect(found).toContain('michigan:jocelyn-benson');
    expect(await ids('attorney general')).toContain('michigan:dana-nessel');
  });

  it('finds every governor by surname', async () => {
    for (const g of governors.entries) {
      const surname = g.name.replace(/,? (Jr\.|II|III)$/, '').split(' ').at(-1)!;
      expect(await ids(surname), `${g.name} by "${surname}"`).toContain(`governor:${g.id}`);
    }
  });

  it('ranks people whose name matches first, and returns nothing for blank or unknown text', async () => {
    const rows = await searchPeople(db, 'michigan');
    expect(rows[0]?.name.toLowerCase()).not.toContain('michigan'); // nobody is named Michigan: order falls back to kind
    const byName = await searchPeople(db, 'kay');
    expect(byName[0]?.name).toBe('Kay Ivey');
    expect(await ids('')).toEqual([]);
    expect(await ids('  ,. ')).toEqual([]);
    expect(await ids('zzzzqx')).toEqual([]);
  });
});

describe('person lookup from the query', () => {
  const rows = async (kind: PersonRow['kind']): Promise<PersonRow[]> => db.people.where('kind').equals(kind).toArray();

  it('reads the name with the spec rule from the address the router leaves behind', async () => {
    expect(personName(rawPersonQuery("Patrick William O'Grady"))).toBe("Patrick William O'Grady");
    expect(personName(rawPersonQuery('Jenniffer González-Colón'))).toBe('Jenniffer González-Colón');
    expect(profileKey(rawProfileQuery('Vice President profile'))).toBe('Vice President profile');
    expect(profileTitle(rawProfileQuery('President profile'))).toBe('President profile');
    expect(profileTitle(rawProfileQuery('x'.repeat(60)))).toBe(`${'x'.repeat(45)}...`);
  });

  it('finds a governor by name, state name or slug; not by nonsense', async () => {
    const g = await rows('governor');
    expect(findGovernor(g, 'Gretchen Whitmer')?.id).toBe('governor:michigan');
    expect(findGovernor(g, 'gretchen whitmer')?.id).toBe('governor:michigan');
    expect(findGovernor(g, 'New Hampshire')?.id).toBe('governor:new-hampshire');
    expect(findGovernor(g, 'new-hampshire')?.id).toBe('governor:new-hampshire');
    expect(findGovernor(g, 'U.S. Virgin Islands')?.id).toBe('governor:us-virgin-islands');
    expect(findGovernor(g, 'Nobody Atall')).toBeUndefined();
    expect(findGovernor(g, '')).toBeUndefined();
  });

  it('finds cabinet members, Michigan officials and court candidates by name', async () => {
    const people = [...(await rows('cabinet')), ...(await rows('michigan')), ...(await rows('court'))];
    expect(findPerson(people, 'Marco Rubio')?.id).toBe('cabinet:marco-rubio');
    expect(findPerson(people, 'Dana Nessel')?.id).toBe('michigan:dana-nessel');
    expect(findPerson(people, "Patrick William O'Grady")?.kind).toBe('court');
    expect(findPerson(people, 'Patrick William OGrady')?.kind).toBe('court');
    expect(findPerson(people, 'Kay Ivey')).toBeUndefined();
  });

  it('links each kind to its screen', async () => {
    const president = (await rows('executive')).find((r) => r.entry.key === 'President profile')!;
    expect(linkFor(president)).toEqual({ to: '/profile', q: 'President profile' });
    expect(linkFor((await db.people.get('governor:ohio'))!)).toEqual({ to: '/onegovernor', q: 'Mike DeWine' });
    expect(linkFor((await db.people.get('cabinet:marco-rubio'))!).to).toBe('/minister');
  });
});

describe('labelled fields of the generic person screen', () => {
  it('labels every remaining field, strips the repeated prefix and keeps multi-line values', async () => {
    const alabama = (await db.people.get('governor:alabama'))!;
    const fields = detailFields(alabama.entry);
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(fields.map((f) => f.label)).toEqual(['Party', 'Term', 'Education', 'Birth state', 'Contact']);
    expect(byKey.education?.lines).toEqual(['Auburn University']);
    expect(byKey.birth_state?.lines).toEqual(['Alabama']);
    expect(byKey.term?.lines).toEqual(['Took office: April 2017', 'Term ends: January 2027']);
    expect(byKey.contact?.lines[1]).toBe('Phone: 334-242-7100');
    // Shown elsewhere on the screen, never listed twice: name, about, image, source, provenance.
    for (const hidden of ['name', 'about', 'imageUrl', 'source', 'verifiedOn', 'packOrder', 'stateName']) expect(byKey[hidden]).toBeUndefined();
  });

  it('labels cabinet and court fields, and any future field from its name', () => {
    expect(detailFields({ party: 'Republican', tookOffice: 'January 2025', previousPosition: 'Senator' }).map((f) => f.label)).toEqual(['Party', 'Took office', 'Previous position']);
    expect(detailFields({ Born: '1970', Education: 'JD', Party: 'Democratic', Office: 'Justice', Children: 'Two' }).map((f) => f.label)).toEqual(['Office', 'Party', 'Education', 'Born', 'Children']);
    expect(humanLabel('spouseName')).toBe('Spouse name');
    expect(humanLabel('media_contact')).toBe('Media contact');
    expect(formatDate('2026-08-05')).toBe('Aug 5, 2026');
  });
});
