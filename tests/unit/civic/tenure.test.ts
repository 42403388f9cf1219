import { afterEach, describe, expect, it, vi } from 'vitest';
import cabinet from '../../../src/data/packs/cabinet.json';
import governors from '../../../src/data/packs/governors.json';
import michigan from '../../../src/data/packs/michigan.json';
import { daysBetween, STALE_AFTER_DAYS, tenureOf, todayIso } from '../../../src/features/civic/tenure';

describe('tenure: what a term means on a given day', () => {
  afterEach(() => vi.useRealTimers());

  it('reads today as the device’s local calendar date', () => {
    vi.useFakeTimers();
    // 23:30 local on Dec 6 is still Dec 6 for the visitor, whatever UTC says.
    vi.setSystemTime(new Date(2026, 11, 6, 23, 30));
    expect(todayIso()).toBe('2026-12-06');
    vi.setSystemTime(new Date(2026, 11, 7, 0, 5));
    expect(todayIso()).toBe('2026-12-07');
  });

  it('a term ends on its termEnd day (the successor is sworn in that day), not before', () => {
    const alaska = { termStart: '2022-12-05', termEnd: '2026-12-07', verifiedOn: '2026-08-05' };
    expect(tenureOf(alaska, '2026-12-06').ended).toBe(false);
    expect(tenureOf(alaska, '2026-12-07').ended).toBe(true);
    expect(tenureOf(alaska, '2027-03-01')).toMatchObject({ ended: true, termEnd: '2026-12-07' });
  });

  it('an office held until a successor never ends by date', () => {
    const t = tenureOf({ termEnd: 'until-successor', verifiedOn: '2026-11-26' }, '2040-01-01');
    expect(t).toMatchObject({ ended: false, untilSuccessor: true });
    expect(t.termEnd).toBeUndefined();
  });

  it('acting is shown only when the pack says so, and not once the term has ended', () => {
    expect(tenureOf({ acting: true }, '2026-11-26').acting).toBe(true);
    expect(tenureOf({ acting: false }, '2026-11-26').acting).toBe(false);
    expect(tenureOf({}, '2026-11-26').acting).toBe(false);
  });

  it(`is stale only after ${STALE_AFTER_DAYS} days since the entry was checked`, () => {
    const checked = { verifiedOn: '2026-08-05' };
    expect(daysBetween('2026-08-05', '2026-11-03')).toBe(90);
    expect(tenureOf(checked, '2026-11-03')).toMatchObject({ stale: false, ageDays: 90, checkedOn: '2026-08-05' });
    expect(tenureOf(checked, '2026-11-04')).toMatchObject({ stale: true, ageDays: 91 });
    // No check date at all is not "fresh": it simply has nothing to show.
    expect(tenureOf({}, '2026-11-04')).toMatchObject({ stale: false });
  });

  it('a settled election result does not go out of date', () => {
    expect(tenureOf({ verifiedOn: '2024-11-06', outcome: 'Won' }, '2026-11-26').stale).toBe(false);
    expect(tenureOf({ verifiedOn: '2024-11-06' }, '2026-11-26').stale).toBe(true);
  });

  it('ignores malformed dates instead of inventing an end', () => {
    const t = tenureOf({ termEnd: 'January 2027', verifiedOn: 'soon' }, '2030-01-01');
    expect(t).toMatchObject({ ended: false, stale: false, untilSuccessor: false });
  });

  it('the cabinet pack: the confirmed DNI, labor secretary and attorney general are not acting', () => {
    const today = '2026-11-27';
    const byTitle = (title: string) => cabinet.entries.find((e) => e.title === title);
    const dni = byTitle('Director of National Intelligence');
    expect(dni?.name).toBe('Jay Clayton');
    expect(tenureOf(dni!, today)).toMatchObject({ acting: false, ended: false, untilSuccessor: true });
    const labor = byTitle('Secretary of Labor');
    expect(labor?.name).toBe('Keith Sonderling');
    expect(tenureOf(labor!, today)).toMatchObject({ acting: false, termStart: '2026-09-30' });
    const ag = byTitle('Attorney General');
    expect(ag?.name).toBe('Todd Blanche');
    // His source is the report of his confirmation, not a page from before it.
    expect(ag!.source).toContain('2026/08/08');
    expect(ag!.verifiedOn >= '2026-08-08').toBe(true);
    // Nobody in the cabinet pack is still shown as "Attorney General (acting)" in the title itself: the flag says it.
    expect(cabinet.entries.some((e) => /\(acting\)/i.test(e.title))).toBe(false);
  });

  it('every governor has a termEnd date, so nobody is presented as serving past the end of the term', () => {
    expect(governors.entries).toHaveLength(55);
    for (const g of governors.entries) {
      const t = tenureOf(g, '2026-11-27');
      expect(t.termEnd, `${g.id} has no termEnd`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(t.untilSuccessor, g.id).toBe(false);
    }
    // The 2026 turnovers the audit found unmarked: each is shown as ended from its swearing-in day.
    const ends = Object.fromEntries(governors.entries.map((g) => [g.id, g.termEnd]));
    expect(ends).toMatchObject({
      alaska: '2026-12-07', hawaii: '2026-12-07', massachusetts: '2027-01-07', texas: '2027-01-19',
      'new-hampshire': '2027-01-07', vermont: '2027-01-07', 'south-dakota': '2027-01-09', 'northern-mariana-islands': '2027-01-11',
    });
    const ended = (day: string) => governors.entries.filter((g) => tenureOf(g, day).ended).map((g) => g.id);
    expect(ended('2026-11-27')).toEqual([]);
    expect(ended('2026-12-08')).toEqual(['alaska', 'hawaii']);
    expect(ended('2027-01-20')).toEqual(expect.arrayContaining(['alaska', 'hawaii', 'massachusetts', 'texas', 'new-hampshire', 'vermont', 'south-dakota', 'northern-mariana-islands']));
  });
});

describe('tenure: what each governor says on the three dates of the audit', () => {
  const gov = (state: string) => governors.entries.find((g) => g.state === state)!;
  const on = (state: string, day: string) => tenureOf(gov(state), day);

  it('2026-11-27: the election was held, nobody has left yet; only entries checked before it may be out of date', () => {
    for (const s of ['hawaii', 'alaska', 'massachusetts', 'texas']) {
      expect(on(s, '2026-11-27'), s).toMatchObject({ ended: false, election: { date: '2026-11-03', held: true }, outOfDate: 'election-held' });
    }
    expect(on('alaska', '2026-11-27').election?.incumbent).toBe('term-limited');
    expect(on('texas', '2026-11-27').election?.incumbent).toBe('running');
    expect(on('massachusetts', '2026-11-27').election?.incumbent).toBe('running');
    expect(on('hawaii', '2026-11-27').election?.incumbent).toBe('unknown');
    // A seat with no 2026 election, checked after its last change: nothing to say.
    const kentucky = on('kentucky', '2026-11-27');
    expect([kentucky.ended, kentucky.election, kentucky.outOfDate]).toEqual([false, undefined, undefined]);
  });

  it('2026-12-08: Alaska and Hawaii ended (term-limited / unknown), Massachusetts and Texas still serving', () => {
    expect(on('alaska', '2026-12-08')).toMatchObject({ ended: true, termEnd: '2026-12-07', outOfDate: 'term-ended', election: { incumbent: 'term-limited' } });
    expect(on('hawaii', '2026-12-08')).toMatchObject({ ended: true, termEnd: '2026-12-07', outOfDate: 'term-ended', election: { incumbent: 'unknown' } });
    expect(on('massachusetts', '2026-12-08')).toMatchObject({ ended: false, outOfDate: 'election-held' });
    expect(on('texas', '2026-12-08')).toMatchObject({ ended: false, outOfDate: 'election-held' });
  });

  it('2027-01-20: all four ended; Massachusetts (Jan 7) and Texas (Jan 19) were on the ballot again', () => {
    expect(on('massachusetts', '2027-01-20')).toMatchObject({ ended: true, termEnd: '2027-01-07', election: { incumbent: 'running' } });
    expect(on('texas', '2027-01-20')).toMatchObject({ ended: true, termEnd: '2027-01-19', election: { incumbent: 'running' } });
    expect(on('texas', '2027-01-18').ended).toBe(false);
    expect(on('alaska', '2027-01-20').ended).toBe(true);
    expect(on('hawaii', '2027-01-20').ended).toBe(true);
  });

  it('"may be out of date" never comes from age alone', () => {
    // Checked a year ago, no election, term runs on: no reason, so nothing to say (age is a refresh list only).
    const old = tenureOf({ verifiedOn: '2025-11-01', termEnd: '2029-01-01' }, '2026-11-27');
    expect([old.stale, old.outOfDate]).toEqual([true, undefined]);
    // An election held after the check makes it out of date; one held before the check does not.
    const held = { date: '2026-11-03', incumbent: 'unknown' };
    expect(tenureOf({ verifiedOn: '2026-08-05', seatElection: held }, '2026-11-27').outOfDate).toBe('election-held');
    expect(tenureOf({ verifiedOn: '2026-11-20', seatElection: held }, '2026-11-27').outOfDate).toBeUndefined();
    expect(tenureOf({ verifiedOn: '2026-08-05', seatElection: held }, '2026-11-02').outOfDate).toBeUndefined();
  });

  it('cabinet entries with no known change carry no Unverified label; the few that do say why', () => {
    expect(cabinet.entries.filter((e) => 'unverified' in e)).toEqual([]);
    const flagged = governors.entries.filter((g) => 'unverified' in g);
    expect(flagged.map((g) => g.state).sort()).toEqual(['american-samoa']);
    for (const g of flagged) expect(g, g.state).toHaveProperty('unverifiedWhy');
  });
});

describe('the 2026 ballot as data', () => {
  it('Michigan: governor, secretary of state and attorney general races list their nominees, results pending with the official link', () => {
    const office = (position: string) => michigan.entries.find((e) => e.position === position)!;
    const nominees = (position: string) => (office(position).seatElection as { nominees?: { name: string; party: string }[] }).nominees ?? [];
    expect(nominees('Governor').map((n) => n.name)).toEqual(['Jocelyn Benson', 'John James', 'Douglas Campbell', 'Anthony Hudson', 'Donna Brandenburg']);
    expect(nominees('Secretary of State').slice(0, 2).map((n) => n.name)).toEqual(['Garlin Gilchrist II', 'Anthony Forlini']);
    expect(nominees('Attorney General').slice(0, 2).map((n) => n.name)).toEqual(['Eli Savit', 'Doug Lloyd']);
    for (const position of ['Governor', 'Secretary of State', 'Attorney General']) {
      // Balanced: both major parties' nominees, each marked by party.
      expect(nominees(position).map((n) => n.party), position).toEqual(expect.arrayContaining(['Democratic', 'Republican']));
      const t = tenureOf(office(position), '2026-11-27');
      expect(t.election, position).toMatchObject({ held: true, resultsUrl: 'https://www.michigan.gov/sos/elections/election-results-and-data' });
      expect(t.election?.nominees?.length, position).toBe(nominees(position).length);
    }
  });

  it('every governor whose seat was up on 2026-11-03 says so (36 states and 3 territories), and no other', () => {
    const up = governors.entries.filter((g) => 'seatElection' in g).map((g) => g.state);
    expect(up).toHaveLength(39);
    for (const s of ['texas', 'massachusetts', 'hawaii', 'alaska', 'michigan', 'guam', 'us-virgin-islands', 'northern-mariana-islands']) expect(up).toContain(s);
    for (const s of ['kentucky', 'virginia', 'new-jersey', 'north-carolina', 'washington', 'utah']) expect(up).not.toContain(s);
  });
});
