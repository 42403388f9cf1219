import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TownSquareDB, type PersonEntry, type PersonKind, type PersonRow, type PersonRowOf } from '../../../src/db';
import { loadAllPacks } from '../../../src/data/loader';
import { detailFields, findGovernor, findPerson, formatDate, humanLabel, linkFor, rawPersonQuery, rawProfileQuery } from '../../../src/features/civic/civicData';
import { buildPeopleIndex, createTextIndex, queryTerms, searchIndex, textQuery, type PeopleIndex, type PersonResult } from '../../../src/features/civic/search';
import { personName, profileKey, profileTitle } from '../../../src/lib/queryText';
import cabinet from '../../../src/data/packs/cabinet.json';
import executive from '../../../src/data/packs/executive.json';
import governors from '../../../src/data/packs/governors.json';
import michigan from '../../../src/data/packs/michigan.json';
import court from '../../../src/data/packs/court.json';

const db = new TownSquareDB('civic-search');
// The real packs, turned into rows by the real loader, indexed the way the hub indexes them.
let index: PeopleIndex;
let rows: PersonRow[];
beforeAll(async () => {
  await loadAllPacks(db);
  rows = await db.people.toArray();
  index = buildPeopleIndex(rows);
});
afterAll(async () => {
  await db.delete();
});

const search = (text: string, limit?: number): PersonResult[] => searchIndex(index, text, limit);
const names = (text: string): string[] => search(text).map((p) => p.name);

// People the tests talk about, read from the packs so a data update does not break them silently.
const govOf = (state: string): string => governors.entries.find((g) => g.state === state)!.name;
const miOfficial = (position: string): string => michigan.entries.find((e) => e.position === position)!.name;
const WHITMER = govOf('michigan');
const LT_GOV = miOfficial('Lieutenant Governor');
const MI_SOS = miOfficial('Secretary of State');
const MI_AG = miOfficial('Attorney General');
const US_SOS = cabinet.entries.find((e) => e.title === 'Secretary of State')!.name;
const US_AG = cabinet.entries.find((e) => e.title.startsWith('Attorney General'))!.name;
const COURT = court.entries.map((c) => c.name);
const MICHIGAN_PEOPLE = [...new Set([WHITMER, ...michigan.entries.map((e) => e.name), ...COURT])];

describe('civic search: office phrases', () => {
  it('"governor of michigan" (the subtitle of a result) finds her first, stop words ignored, any case', () => {
    for (const q of ['Governor of Michigan', 'governor michigan', 'GOVERNOR OF THE MICHIGAN', 'gov mich', 'michigan governor']) {
      const found = names(q);
      expect(found[0], q).toBe(WHITMER);
      expect(found, q).toContain(LT_GOV); // a Michigan lieutenant governor is a Michigan governor… of sorts
      expect(found, q).not.toContain(govOf('ohio'));
    }
  });

  it('lieutenant governor however it is abbreviated', () => {
    for (const q of ['lieutenant governor', 'Lt Governor', 'lt. gov', 'Lt. Gov.', 'lt gov', 'lieut gov', 'lt g']) {
      expect(names(q), q).toEqual([LT_GOV]);
    }
  });

  it('secretary of state and attorney general: the federal and the Michigan office, nobody else', () => {
    expect(names('secretary of state').sort()).toEqual([US_SOS, MI_SOS].sort());
    expect(names('sos').sort()).toEqual([US_SOS, MI_SOS].sort());
    expect(names('attorney general').sort()).toEqual([US_AG, MI_AG].sort());
    expect(names('Michigan attorney general')[0]).toBe(MI_AG);
    expect(names('ag').slice(0, 2).sort()).toEqual([US_AG, MI_AG].sort());
  });

  it('supreme court: exactly the court candidates, in the pack’s order', () => {
    expect(names('supreme court')).toEqual(COURT);
    expect(names('Michigan Supreme Court')).toEqual(COURT);
    expect(names('justice')).toEqual(COURT);
  });

  it('a letter typed on the way to "of" does not empty the list: "secretary o" still lists the secretaries', () => {
    expect(names('secretary o')).toEqual(expect.arrayContaining([US_SOS, MI_SOS]));
    expect(names('secretary of')).toEqual(expect.arrayContaining([US_SOS, MI_SOS]));
    expect(names('mike b')[0]).toBe(govOf('indiana')); // …and ranks what it could already mean first
  });
});

describe('civic search: states, postal codes and abbreviations', () => {
  it('"michigan", "MI" and "mich" find the Michigan governor, officials and court candidates, Whitmer first', () => {
    for (const q of ['michigan', 'Michigan', 'mich', 'MICH.']) {
      const found = names(q);
      expect(found[0], q).toBe(WHITMER);
      expect(found.slice(0, MICHIGAN_PEOPLE.length).sort(), q).toEqual([...MICHIGAN_PEOPLE].sort());
      expect(found, q).not.toContain(govOf('ohio'));
    }
  });

  it('"mi" typed alone: Michigan first, then names that start with "mi" (it may be the start of "Mike")', () => {
    const found = names('mi');
    expect(found.slice(0, MICHIGAN_PEOPLE.length).sort()).toEqual([...MICHIGAN_PEOPLE].sort());
    expect(found).toContain(govOf('ohio')); // Mike DeWine: the code does not swallow the names
    expect(found.indexOf(govOf('ohio'))).toBeGreaterThan(found.indexOf(COURT.at(-1)!));
  });

  it('"mi" followed by another word is the state only: "mi gov" is not Mike DeWine', () => {
    for (const q of ['mi gov', 'MI governor', 'mi governor']) {
      const found = names(q);
      expect(found[0], q).toBe(WHITMER);
      expect(found, q).toContain(LT_GOV);
      expect(found, q).not.toContain(govOf('ohio'));
    }
  });

  it('every governor by state name and by postal code, first', () => {
    const codes: Record<string, string> = {
      alabama: 'AL', alaska: 'AK', 'american-samoa': 'AS', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
      connecticut: 'CT', delaware: 'DE', florida: 'FL', georgia: 'GA', guam: 'GU', hawaii: 'HI', idaho: 'ID', illinois: 'IL',
      indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA',
      michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV',
      'new-hampshire': 'NH', 'new-jersey': 'NJ', 'new-mexico': 'NM', 'new-york': 'NY', 'north-carolina': 'NC', 'north-dakota': 'ND',
      'northern-mariana-islands': 'MP', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'puerto-rico': 'PR',
      'rhode-island': 'RI', 'south-carolina': 'SC', 'south-dakota': 'SD', tennessee: 'TN', texas: 'TX', 'us-virgin-islands': 'VI',
      utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', 'west-virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
    };
    for (const g of governors.entries) {
      expect(names(g.stateName)[0], g.stateName).toBe(g.name);
      expect(names(`${g.stateName} governor`)[0], `${g.stateName} governor`).toBe(g.name);
      const code = codes[g.state];
      expect(code, `a postal code for ${g.state}`).toBeDefined();
      expect(names(code!)[0], code).toBe(g.name);
      expect(names(`${code} gov`), `${code} gov`).toContain(g.name);
    }
  });

  it('common abbreviations and dotted codes', () => {
    const cases: [string, string][] = [
      ['calif', 'california'], ['mass', 'massachusetts'], ['penn', 'pennsylvania'], ['wash', 'washington'], ['minn', 'minnesota'],
      ['wis', 'wisconsin'], ['fla', 'florida'], ['tex', 'texas'], ['N.H.', 'new-hampshire'], ['W.Va.', 'west-virginia'],
      ['New Hampshire', 'new-hampshire'], ['new ham', 'new-hampshire'], ['okla', 'oklahoma'], ['usvi', 'us-virgin-islands'],
    ];
    for (const [q, state] of cases) expect(names(q)[0], q).toBe(govOf(state));
    expect(names('new ham')).toEqual([govOf('new-hampshire')]);
    expect(names('kay ohio')).toEqual([]);
  });
});

describe('civic search: one result per person', () => {
  it('"whitmer" is one result with one role and one profile (she is in two packs, with one set of facts)', () => {
    const found = search('whitmer');
    expect(found).toHaveLength(1);
    const [whitmer] = found;
    expect(whitmer!.name).toBe(WHITMER);
    expect(whitmer!.roles.map((r) => r.role)).toEqual(['Governor of Michigan']);
    expect(whitmer!.roles.map((r) => r.link)).toEqual([{ to: '/onegovernor', q: WHITMER }]);
    // The Michigan officials' list opens the same profile.
    const miRow = rows.find((r) => r.kind === 'michigan' && r.name === WHITMER)!;
    expect(linkFor(miRow)).toEqual({ to: '/onegovernor', q: WHITMER });
    // Both packs give her the same facts.
    const gov = governors.entries.find((g) => g.name === WHITMER)!;
    const mi = michigan.entries.find((m) => m.name === WHITMER)!;
    for (const k of ['gender', 'party', 'about', 'termStart', 'termEnd', 'electedOn', 'imageUrl', 'redirectLink', 'source', 'verifiedOn', 'note', 'seatElection'] as const) {
      expect((gov as Record<string, unknown>)[k], k).toEqual((mi as Record<string, unknown>)[k]);
    }
  });

  it('a merged person carries every role even when the query matched only one of them', () => {
    const roles = search('Governor of Michigan')[0]!.roles.map((r) => r.kind);
    expect(roles).toEqual(['governor']);
    // An executive profile of a governor (if the pack has one) merges with the governor row too.
    for (const e of executive.entries.filter((x) => governors.entries.some((g) => g.name === x.name))) {
      const hit = search(e.name).filter((p) => p.name === e.name);
      expect(hit).toHaveLength(1);
      expect(hit[0]!.roles.map((r) => r.link.to)).toEqual(['/profile', '/onegovernor']);
    }
  });

  it('no person is listed twice, whatever is typed', () => {
    for (const q of ['michigan', 'governor', 'gov', 'g', 'mi', 'democratic', 'republican', 'secretary', 'a', 'e', 'president']) {
      const keys = search(q, 500).map((p) => p.key);
      expect(new Set(keys).size, q).toBe(keys.length);
    }
  });
});

describe('civic search: typing as people type', () => {
  it('the last word is a prefix, earlier words of 3+ letters too: "gre whit", "dewi"', () => {
    expect(names('gre whit')).toEqual([WHITMER]);
    expect(names('gretchen w')).toEqual([WHITMER]);
    expect(names('DeWi')).toEqual([govOf('ohio')]);
    expect(names('whit')).toContain(WHITMER);
  });

  it('one typo in a word of 5+ letters is forgiven; none in shorter words', () => {
    for (const q of ['whitmr', 'gretchin', 'Gretchin Whitmr', 'whitmar', 'governer of michigen']) expect(names(q)[0], q).toBe(WHITMER);
    expect(names('walzz')).toEqual([govOf('minnesota')]); // 5 letters, one edit of "walz"
    expect(names('walx')).toEqual([]); // 4 letters: no typo allowed
    expect(names('ivy')).toEqual([]); // "ivey" is one edit away, but 3 letters is too short to guess
    expect(names('whitmre')).toEqual([]); // two edits (a swap counts as two)
  });

  it('case, accents, hyphens, apostrophes and initials do not matter', () => {
    const pr = govOf('puerto-rico');
    for (const q of ['gonzalez', 'González', 'GONZALEZ-COLON', 'gonzalez colon', 'jenniffer gonz']) expect(names(q)[0], q).toBe(pr);
    const ogrady = COURT.find((n) => n.includes("O'Grady"));
    if (ogrady) for (const q of ["o'grady", 'O’Grady', 'ogrady', 'o grady']) expect(names(q)[0], q).toBe(ogrady);
    const vance = executive.entries.find((e) => e.id === 'vice-president')?.name ?? 'J.D. Vance';
    for (const q of ['j.d. vance', 'JD Vance', 'vance']) expect(names(q)[0], q).toBe(vance);
  });

  it('ranks a name match first and keeps the lists’ order on equal scores', () => {
    expect(names('kay')[0]).toBe(govOf('alabama'));
    // Three governors named Josh: equal scores, so the governors' A-to-Z order of states.
    const joshes = governors.entries.filter((g) => g.name.startsWith('Josh ')).map((g) => g.name);
    expect(names('josh')).toEqual(joshes);
    // All governors: A to Z by state, like the list.
    expect(search('governor', 500).filter((p) => p.roles.some((r) => r.kind === 'governor')).map((p) => p.name))
      .toEqual(governors.entries.map((g) => g.name));
    expect(names('president')[0]).toBe(executive.entries[0]!.name);
  });

  it('finds every governor by surname', () => {
    for (const g of governors.entries) {
      const surname = g.name.replace(/,? (Jr\.|II|III)$/, '').split(' ').at(-1)!;
      expect(names(surname), `${g.name} by "${surname}"`).toContain(g.name);
    }
  });

  it('nothing for blank, punctuation, nonsense or stop words alone; the limit holds', () => {
    for (const q of ['', '   ', '  ,. ', 'zzzzqx', 'qwertyuiop', 'xkcd', 'of the', 'michigan zzzzqx']) expect(names(q), q).toEqual([]);
    expect(search('governor', 5)).toHaveLength(5);
    expect(search('governor').length).toBeLessThanOrEqual(40);
  });
});

describe('shared text rules (for other indexes than the people)', () => {
  it('folds, drops stop words, joins initials, and keeps a query of stop words only', () => {
    expect(queryTerms('The Governor of Michigan')).toEqual(['governor', 'michigan']);
    expect(queryTerms('J.D. Vance, González-Colón')).toEqual(['jd', 'vance', 'gonzalezcolon']);
    expect(queryTerms('in')).toEqual(['in']);
    expect(textQuery('  ')).toBeUndefined();
  });

  it('an index of questions matched with OR, typo and prefix included', () => {
    const faq = createTextIndex<{ id: string; q: string }>({ fields: ['q'] });
    faq.addAll([
      { id: 'register', q: 'How do I register to vote?' },
      { id: 'mail', q: 'Can I vote by mail (absentee)?' },
      { id: 'where', q: 'Where is my polling place?' },
    ]);
    const top = (text: string) => faq.search(textQuery(text, 'OR')!)[0]?.id;
    expect(top('registr to vote')).toBe('register');
    expect(top('absentee ballot')).toBe('mail');
    expect(top('polling place')).toBe('where');
  });
});

describe('person lookup from the query', () => {
  // The `kind` index returns rows of that kind only.
  const rows = async <K extends PersonKind>(kind: K): Promise<PersonRowOf<K>[]> =>
    (await db.people.where('kind').equals(kind).toArray()) as PersonRowOf<K>[];

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
    const shared = { id: 'x', name: 'X', gender: 'female' as const, about: 'About X.', source: 'https://example.gov/x', verifiedOn: '2026-01-01', packOrder: 0 };
    const member: PersonEntry<'cabinet'> = { ...shared, title: 'Secretary of State', party: 'Republican', tookOffice: 'January 2025', previousPosition: 'Senator' };
    expect(detailFields(member).map((f) => f.label)).toEqual(['Office', 'Party', 'Took office', 'Previous position']);
    const election = { year: 2026, date: '2026-11-03', note: 'Two seats.', source: 'https://example.gov/race' };
    const candidate: PersonEntry<'court'> = { ...shared, electionYear: 2026, election, Born: '1970', Education: 'JD', Party: 'Democratic', Office: 'Justice', Children: 'Two' };
    expect(detailFields(candidate).map((f) => f.label)).toEqual(['Office', 'Party', 'Education', 'Born', 'Children']);
    expect(humanLabel('spouseName')).toBe('Spouse name');
    expect(humanLabel('media_contact')).toBe('Media contact');
    expect(formatDate('2026-08-05')).toBe('Aug 5, 2026');
  });
});
