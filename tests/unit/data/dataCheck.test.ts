// `npm run data:check` (scripts/data-check.mjs): its pure rules with a fixed today, the online check with a fake
// network, and one run of the real script over the real packs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daysBetween, STALE_AFTER_DAYS, tenureOf } from '../../../src/features/civic/tenure';
import {
  checkPackUrls as untypedCheckPackUrls,
  checkUrlShape as untypedCheckUrlShape,
  exitCodeOf as untypedExitCodeOf,
  formatIssuePath as untypedFormatIssuePath,
  formatText as untypedFormatText,
  parseArgs as untypedParseArgs,
  refreshLists as untypedRefreshLists,
  statesSuccession as untypedStatesSuccession,
  SUCCESSION_NOTICE_DAYS,
  successionGaps as untypedSuccessionGaps,
  urlFieldsOf as untypedUrlFieldsOf,
  useColor,
  // @ts-expect-error — plain ESM helper
} from '../../../scripts/data-check/lib.mjs';
// @ts-expect-error — plain ESM helper
import { checkOnline as untypedCheckOnline, NO_NETWORK } from '../../../scripts/data-check/online.mjs';

// ── Types of the plain-JS helpers, for the tests ──────────────────────────

type Kind = 'source' | 'image' | 'site' | 'other';
interface Problem { rule: string; severity: 'error' | 'review'; message: string }
interface Finding { pack: string; id: string; field: string; url: string; rule: string; message: string }
interface ListItem { pack: string; id: string; name: string; reason: string; termEnd?: string; daysLeft?: number; ageDays?: number; note?: string }
interface Lists { ended: ListItem[]; endingSoon: ListItem[]; stale: ListItem[]; unverified: ListItem[] }
interface Gap { pack: string; id: string; name: string; termEnd: string; daysLeft: number; reason: string }
interface PackIn { pack: string; data: { entries: Record<string, unknown>[] } }
interface OnlineResult { url: string; refs: string[]; ok: boolean; broken: boolean; status?: number; error?: string; method?: string }
interface Online { results: OnlineResult[]; networkDown: boolean; note: string; ms: number }
interface Report {
  today: string;
  strict: boolean;
  staleAfterDays: number;
  packs: { pack: string; version?: number; asOf?: string; entries: number; valid: boolean; issues: { path: string; message: string; id?: string }[] }[];
  urls: { checked: number; errors: Finding[]; review: Finding[] };
  lists: Lists;
  succession?: Gap[];
  online: Online | null;
  exitCode: number;
}

const checkUrlShape = untypedCheckUrlShape as (value: unknown, kind?: Kind) => Problem[];
const checkPackUrls = untypedCheckPackUrls as (packs: PackIn[]) => Report['urls'];
const urlFieldsOf = untypedUrlFieldsOf as (entry: unknown) => { field: string; path: string; value: string }[];
const formatIssuePath = untypedFormatIssuePath as (path: unknown) => string;
const refreshLists = untypedRefreshLists as (
  packs: PackIn[],
  today: string,
  deps: { tenureOf: typeof tenureOf; daysBetween: typeof daysBetween; endingSoonDays?: number },
) => Lists;
const successionGaps = untypedSuccessionGaps as (
  packs: PackIn[],
  today: string,
  deps: { tenureOf: typeof tenureOf; daysBetween: typeof daysBetween; noticeDays?: number },
) => Gap[];
const statesSuccession = untypedStatesSuccession as (entry: unknown) => boolean;
const parseArgs = untypedParseArgs as (argv: string[]) => Record<string, unknown>;
const exitCodeOf = untypedExitCodeOf as (report: Report, strict: boolean) => number;
const formatText = untypedFormatText as (report: Report, opts?: { color?: boolean }) => string;
const checkOnline = untypedCheckOnline as (
  targets: { url: string; refs: string[] }[],
  opts?: {
    fetchImpl?: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>;
    resolveImpl?: (host: string) => Promise<unknown>;
    timeoutMs?: number;
    concurrency?: number;
  },
) => Promise<Online>;

const rules = (value: unknown, kind?: Kind) => checkUrlShape(value, kind).map((p) => p.rule);
const errors = (value: unknown, kind?: Kind) => checkUrlShape(value, kind).filter((p) => p.severity === 'error').map((p) => p.rule);

// ── URL shape ──────────────────────────────────────────────────────────────

describe('URL shape rules', () => {
  it('accepts real-looking https links of every kind', () => {
    for (const [url, kind] of [
      ['https://www.michigan.gov/whitmer/', 'site'],
      ['https://governor.iowa.gov', 'site'],
      ['https://www.pa.gov/en/governor.html', 'site'],
      ['https://ballotpedia.org/Gretchen_Whitmer', 'source'],
      ['https://en.wikipedia.org/wiki/Gretchen_Whitmer#Career', 'source'],
      ['https://www.michigan.gov/whitmer/news/press-releases/2026/01/01/some-release', 'source'],
      ['https://www.detroitnews.com/story/news/politics/2026/11/05/some-story/12345/', 'source'],
      ['https://github.com/openstates/people/blob/main/data/mi/executive/whitmer.yml', 'source'],
      ['https://www.whitehouse.gov/briefings-statements/2026/01/some-statement/', 'source'],
      ['https://gov.georgia.gov/sites/gov.georgia.gov/files/styles/flexheight/public/2022-06/Headshot%202022.JPG?itok=K', 'image'],
      ['https://xn--80ak6aa92e.com/a', 'other'],
    ] as const) {
      expect(checkUrlShape(url, kind), url).toEqual([]);
    }
  });

  it('rejects what is not an https URL a visitor could follow', () => {
    expect(errors('http://www.michigan.gov/')).toEqual(['https']);
    expect(errors('ftp://files.michigan.gov/x')).toEqual(['https']);
    expect(errors('not a url')).toContain('parse');
    expect(errors('www.michigan.gov/whitmer')).toEqual(['parse']);
    expect(errors('')).toEqual(['parse']);
    expect(errors(undefined)).toEqual(['parse']);
    expect(errors('https://exa mple.com/')).toContain('whitespace');
    expect(errors(' https://www.michigan.gov/')).toEqual(['whitespace']);
    expect(errors('https://www.michigan.gov/a b')).toEqual(['whitespace']);
    expect(errors('https://www.michigan.gov/\n')).toEqual(['whitespace']);
  });

  it('rejects credentials, ports, IP addresses and implausible host names', () => {
    expect(errors('https://user:secret@www.michigan.gov/')).toEqual(['credentials']);
    expect(errors('https://token@www.michigan.gov/')).toEqual(['credentials']);
    expect(errors('https://www.michigan.gov:8443/')).toEqual(['port']);
    expect(errors('https://www.michigan.gov:443/')).toEqual(['port']);
    expect(errors('https://93.184.216.34/page')).toEqual(['ip']);
    expect(errors('https://[2001:db8::1]/')).toEqual(['ip']);
    expect(errors('https://intranet/')).toEqual(['hostname']);
    expect(errors('https://www.michigan.gov./')).toEqual(['hostname']);
    expect(errors('https://www.michigan.c0m/')).toEqual(['hostname']);
    expect(errors('https://www.michigan.123/')).toEqual(['parse']); // the URL parser takes it for a bad IPv4 address
    expect(errors('https://-bad-.michigan.gov/')).toEqual(['hostname']);
  });

  it('rejects placeholder hosts, fragment-only junk and template leftovers', () => {
    expect(errors('https://example.com/')).toEqual(['placeholder']);
    expect(errors('https://www.example.org/governor')).toEqual(['placeholder']);
    expect(errors('https://governor.test/')).toEqual(['placeholder']);
    expect(errors('https://via.placeholder.com/150')).toEqual(['placeholder']);
    expect(errors('https://localhost/')).toEqual(['hostname', 'placeholder']);
    expect(errors('https://www.michigan.gov/#')).toEqual(['fragment']);
    expect(errors('https://www.michigan.gov/#!/home')).toEqual(['fragment']);
    expect(errors('https://www.michigan.gov/whitmer#main-content')).toEqual(['fragment']);
    expect(errors('https://www.michigan.gov/whitmer/undefined')).toEqual(['junk']);
    expect(errors('https://www.michigan.gov/people/%7B%7Bslug%7D%7D')).toEqual(['junk']);
  });

  it('lists invented-looking deep paths for review instead of failing on them', () => {
    const deep = checkUrlShape('https://www.state.gov/biographies/marco-rubio/secretary/', 'site');
    expect(deep).toEqual([expect.objectContaining({ rule: 'deep-path', severity: 'review' })]);
    expect(rules('https://www.state.gov/biographies/marco-rubio/', 'site')).toEqual([]);
    expect(rules('https://www.state.gov/a/b/c', 'source')).toEqual(['deep-path']);
    expect(rules('https://github.com/someone/fork/blob/main/x.yml', 'source')).toEqual(['deep-path']);
    expect(rules('https://www.governor.ny.gov/about/the/governor', 'source')).toEqual(['deep-path']);
    expect(rules('https://www.governor.ny.gov/news/2026/01/some-release', 'source')).toEqual([]);
    // Images and other fields may be deep.
    expect(rules('https://www.state.gov/a/b/c/d.jpg', 'image')).toEqual([]);
    expect(rules('https://www.state.gov/a/b/c', 'other')).toEqual([]);
  });

  it('finds every URL field of an entry, nested ones included', () => {
    const entry = {
      id: 'x', name: 'X', source: 'https://a.gov/', imageUrl: 'https://a.gov/i.jpg', randomImg2: 'https://a.gov/j.jpg',
      redirectLink: 'https://a.gov/', campaignUrl: 'https://x.com/', contact: { website: 'https://b.gov/', phone: '555' },
      links: ['https://c.gov/'], about: 'Plain text.', other: 'www.d.com',
    };
    expect(urlFieldsOf(entry).map((f) => f.path)).toEqual([
      'source', 'imageUrl', 'randomImg2', 'redirectLink', 'campaignUrl', 'contact.website', 'links[0]', 'other',
    ]);
  });

  it('reports findings per pack entry and field, errors apart from reviews', () => {
    const urls = checkPackUrls([{
      pack: 'cabinet',
      data: { entries: [
        { id: 'ok', source: 'https://www.state.gov/', redirectLink: 'https://www.state.gov/' },
        { id: 'bad', source: 'http://example.com/', redirectLink: 'https://www.state.gov/a/b/c/' },
      ] },
    }]);
    expect(urls.checked).toBe(4);
    expect(urls.errors.map((f) => `${f.pack}/${f.id} ${f.field} ${f.rule}`)).toEqual(['cabinet/bad source https', 'cabinet/bad source placeholder']);
    expect(urls.review.map((f) => `${f.pack}/${f.id} ${f.field} ${f.rule}`)).toEqual(['cabinet/bad redirectLink deep-path']);
  });
});

// ── Refresh lists, with a fixed today ──────────────────────────────────────

describe('refresh lists', () => {
  const TODAY = '2026-12-10';
  const deps = { tenureOf, daysBetween };
  const minusDays = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const packs: PackIn[] = [{
    pack: 'michigan',
    data: { entries: [
      { id: 'ended-today', name: 'A', termEnd: TODAY, verifiedOn: TODAY },
      { id: 'ended-before', name: 'B', termEnd: '2026-12-01', verifiedOn: TODAY },
      { id: 'ends-in-30', name: 'C', termEnd: '2027-01-09', verifiedOn: TODAY },
      { id: 'ends-in-31', name: 'D', termEnd: '2027-01-10', verifiedOn: TODAY },
      { id: 'successor', name: 'E', termEnd: 'until-successor', verifiedOn: TODAY },
      { id: 'checked-90', name: 'F', verifiedOn: minusDays(STALE_AFTER_DAYS) },
      { id: 'checked-91', name: 'G', verifiedOn: minusDays(STALE_AFTER_DAYS + 1) },
      { id: 'unverified', name: 'H', verifiedOn: TODAY, unverified: true, note: 'Not confirmed.' },
      { name: 'No id', verifiedOn: TODAY, unverified: true },
    ] },
  }];
  const lists = refreshLists(packs, TODAY, deps);
  const ids = (items: ListItem[]) => items.map((x) => `${x.pack}/${x.id}`);

  it('lists ended terms from the day the term ends (the app\'s tenureOf)', () => {
    expect(ids(lists.ended)).toEqual(['michigan/ended-today', 'michigan/ended-before']);
    expect(lists.ended[0]!.reason).toBe(`term ended ${TODAY} (today)`);
    expect(lists.ended[1]!.reason).toBe('term ended 2026-12-01 (9 days ago)');
  });

  it('lists terms ending within 30 days, not later ones or until-successor posts', () => {
    expect(ids(lists.endingSoon)).toEqual(['michigan/ends-in-30']);
    expect(lists.endingSoon[0]).toMatchObject({ name: 'C', daysLeft: 30, reason: 'term ends 2027-01-09 (in 30 days)' });
    expect(ids(refreshLists(packs, TODAY, { ...deps, endingSoonDays: 31 }).endingSoon)).toEqual(['michigan/ends-in-30', 'michigan/ends-in-31']);
  });

  it('lists entries checked more than STALE_AFTER_DAYS ago', () => {
    expect(ids(lists.stale)).toEqual(['michigan/checked-91']);
    expect(lists.stale[0]!.reason).toBe(`checked ${minusDays(91)}, 91 days ago`);
  });

  it('lists unverified entries with their note', () => {
    expect(ids(lists.unverified)).toEqual(['michigan/unverified', 'michigan/#8']);
    expect(lists.unverified.map((x) => x.reason)).toEqual(['unverified: Not confirmed.', 'unverified (no note)']);
  });
});

// ── Succession: a term ending soon must say what follows ───────────────────

describe('succession rule', () => {
  const TODAY = '2026-12-10';
  const deps = { tenureOf, daysBetween };
  const plusDays = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const election = { date: '2026-11-03', resultsUrl: 'https://elections.hawaii.gov/', incumbent: 'unknown' };
  const pack = (...entries: Record<string, unknown>[]): PackIn[] => [{ pack: 'governors', data: { entries } }];
  const gapIds = (packs: PackIn[], today = TODAY) => successionGaps(packs, today, deps).map((x) => `${x.pack}/${x.id}`);

  it('is a named 14-day rule', () => {
    expect(SUCCESSION_NOTICE_DAYS).toBe(14);
  });

  it('fails a term that ends in 10 days when nothing is said of what follows', () => {
    const packs = pack({ id: 'hawaii', name: 'Josh Green', termEnd: plusDays(10), verifiedOn: TODAY });
    const gaps = successionGaps(packs, TODAY, deps);
    expect(gaps).toEqual([expect.objectContaining({ pack: 'governors', id: 'hawaii', name: 'Josh Green', termEnd: plusDays(10), daysLeft: 10 })]);
    expect(gaps[0]!.reason).toBe(`term ends ${plusDays(10)} (in 10 days); nothing says what follows (no seatElection with a resultsUrl)`);
    // A seat election without a results link does not say it either.
    expect(gapIds(pack({ id: 'hawaii', name: 'Josh Green', termEnd: plusDays(10), seatElection: { date: '2026-11-03', incumbent: 'unknown' } }))).toEqual(['governors/hawaii']);
  });

  it('passes the same term when a seatElection with a resultsUrl says what follows', () => {
    expect(gapIds(pack({ id: 'hawaii', name: 'Josh Green', termEnd: plusDays(10), seatElection: election }))).toEqual([]);
    expect(statesSuccession({ seatElection: election })).toBe(true);
    expect(statesSuccession({ seatElection: { ...election, resultsUrl: 'http://elections.hawaii.gov/' } })).toBe(false);
    expect(statesSuccession({})).toBe(false);
  });

  it('passes a term that ends in 15 days; 14 days is still within the notice', () => {
    expect(gapIds(pack({ id: 'late', name: 'L', termEnd: plusDays(15) }))).toEqual([]);
    expect(gapIds(pack({ id: 'edge', name: 'E', termEnd: plusDays(SUCCESSION_NOTICE_DAYS) }))).toEqual(['governors/edge']);
    expect(successionGaps(pack({ id: 'late', name: 'L', termEnd: plusDays(15) }), TODAY, { ...deps, noticeDays: 15 })).toHaveLength(1);
  });

  it('fails a term that has already ended, today included, with nothing said', () => {
    const gaps = successionGaps(pack({ id: 'today', name: 'T', termEnd: TODAY }, { id: 'past', name: 'P', termEnd: '2026-12-01' }), TODAY, deps);
    expect(gaps.map((x) => [x.id, x.daysLeft])).toEqual([['today', 0], ['past', -9]]);
    expect(gaps.map((x) => x.reason.split(';')[0])).toEqual([`term ended ${TODAY} (today)`, 'term ended 2026-12-01 (9 days ago)']);
  });

  it('leaves until-successor terms and entries with no term alone', () => {
    expect(gapIds([{ pack: 'cabinet', data: { entries: [
      { id: 'secretary', name: 'S', termEnd: 'until-successor', verifiedOn: TODAY },
      { id: 'no-term', name: 'N', verifiedOn: TODAY },
    ] } }])).toEqual([]);
  });

  it('fails the run without --strict, and the text names the entry', () => {
    const packs = pack({ id: 'hawaii', name: 'Josh Green', termEnd: plusDays(10) });
    const r: Report = {
      today: TODAY, strict: false, staleAfterDays: 90,
      packs: [{ pack: 'governors', version: 1, asOf: TODAY, entries: 1, valid: true, issues: [] }],
      urls: { checked: 0, errors: [], review: [] },
      lists: refreshLists(packs, TODAY, deps),
      succession: successionGaps(packs, TODAY, deps),
      online: null,
      exitCode: 0,
    };
    expect(exitCodeOf(r, false)).toBe(1);
    r.exitCode = 1;
    const text = formatText(r);
    expect(text).toMatch(/governors\/hawaii {2}Josh Green {2}term ends 2026-12-20 \(in 10 days\); nothing says what follows/);
    expect(text).toContain('FAIL — exit 1 (term ending within 14 days with no succession stated: governors/hawaii)');
    expect(exitCodeOf({ ...r, succession: successionGaps(pack({ id: 'hawaii', name: 'Josh Green', termEnd: plusDays(10), seatElection: election }), TODAY, deps) }, false)).toBe(0);
  });
});

// ── Arguments, exit code, text ─────────────────────────────────────────────

describe('arguments, exit code and text report', () => {
  it('parses the flags and rejects bad ones', () => {
    expect(parseArgs(['--today=2026-12-10', '--strict', '--online', '--json', '--packs=cabinet,court'])).toMatchObject({
      today: '2026-12-10', strict: true, online: true, json: true, packs: ['cabinet', 'court'],
    });
    expect(parseArgs([])).toMatchObject({ today: undefined, strict: false, online: false, json: false });
    expect(() => parseArgs(['--today=2026-02-30'])).toThrow(/real date/);
    expect(() => parseArgs(['--today=12/10/2026'])).toThrow(/YYYY-MM-DD/);
    expect(() => parseArgs(['--strict=yes'])).toThrow(/takes no value/);
    expect(() => parseArgs(['--verbose'])).toThrow(/unknown argument/);
  });

  const report = (over: Partial<Report> = {}): Report => ({
    today: '2026-12-10',
    strict: false,
    staleAfterDays: 90,
    packs: [{ pack: 'michigan', version: 1, asOf: '2026-11-25', entries: 1, valid: true, issues: [] }],
    urls: { checked: 1, errors: [], review: [] },
    lists: { ended: [], endingSoon: [], stale: [], unverified: [] },
    online: null,
    exitCode: 0,
    ...over,
  });
  const item: ListItem = { pack: 'michigan', id: 'x', name: 'X', reason: 'checked 2026-01-01, 343 days ago' };
  const finding: Finding = { pack: 'michigan', id: 'x', field: 'source', url: 'http://x.gov/', rule: 'https', message: 'must be https (is http)' };

  it('fails on an invalid pack or a bad URL shape; on listed entries only with --strict', () => {
    expect(exitCodeOf(report(), false)).toBe(0);
    expect(exitCodeOf(report({ packs: [{ pack: 'michigan', entries: 1, valid: false, issues: [{ path: '', message: 'x' }] }] }), false)).toBe(1);
    expect(exitCodeOf(report({ urls: { checked: 1, errors: [finding], review: [] } }), false)).toBe(1);
    const listed = report({ lists: { ended: [], endingSoon: [], stale: [item], unverified: [] } });
    expect(exitCodeOf(listed, false)).toBe(0);
    expect(exitCodeOf(listed, true)).toBe(1);
    const review = report({ urls: { checked: 1, errors: [], review: [{ ...finding, rule: 'deep-path' }] } });
    expect([exitCodeOf(review, false), exitCodeOf(review, true)]).toEqual([0, 1]);
    const soon = report({ lists: { ended: [], endingSoon: [item], stale: [], unverified: [] } });
    expect(exitCodeOf(soon, true)).toBe(0);
    const offline = report({ online: { results: [{ url: 'https://x.gov/', refs: [], ok: false, broken: false, error: NO_NETWORK }], networkDown: true, note: '', ms: 0 } });
    expect(exitCodeOf(offline, true)).toBe(0);
  });

  it('prints `pack/id  name  reason` rows and issues as `pack: path: message`, coloured only when asked', () => {
    const r = report({
      packs: [{ pack: 'governors', entries: 55, valid: false, issues: [{ path: 'entries[12].source', message: 'Expected an https URL', id: 'hawaii' }] }],
      lists: { ended: [], endingSoon: [], stale: [item], unverified: [] },
      exitCode: 1,
    });
    const text = formatText(r);
    expect(text).toContain('governors: entries[12].source: Expected an https URL (hawaii)');
    expect(text).toMatch(/michigan\/x {2}X {2}checked 2026-01-01, 343 days ago/);
    expect(text).toContain('FAIL — exit 1');
    expect(text).not.toContain('\x1b[');
    expect(formatText(r, { color: true })).toContain('\x1b[');
  });

  it('colours only on a terminal without NO_COLOR', () => {
    expect(useColor(true, {})).toBe(true);
    expect(useColor(true, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(false, {})).toBe(false);
    expect(useColor(undefined, {})).toBe(false);
  });

  it('formats valibot issue paths', () => {
    expect(formatIssuePath([{ type: 'object', key: 'entries' }, { type: 'array', key: 12 }, { type: 'object', key: 'source' }])).toBe('entries[12].source');
    expect(formatIssuePath([{ type: 'object', key: 'election' }, { type: 'object', key: 'date' }])).toBe('election.date');
    expect(formatIssuePath(undefined)).toBe('');
  });
});

// ── --online, with a fake network ─────────────────────────────────────────

describe('online link check', () => {
  const targets = Array.from({ length: 20 }, (_, i) => ({ url: `https://h${i % 5}.michigan.gov/p${i}`, refs: [`michigan/x${i} source`] }));
  const failing = (code: string) => () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code } }));

  it('with no DNS, requests nothing and reports every link unreachable at once', async () => {
    let fetched = 0;
    const out = await checkOnline(targets, {
      resolveImpl: () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' })),
      fetchImpl: () => { fetched++; return Promise.resolve(new Response(null)); },
    });
    expect(fetched).toBe(0);
    expect(out.networkDown).toBe(true);
    expect(out.results.every((r) => r.error === NO_NETWORK && !r.ok && !r.broken)).toBe(true);
  });

  it('stops after the first requests all fail without an answer', async () => {
    let fetched = 0;
    const out = await checkOnline(targets, {
      resolveImpl: () => Promise.resolve(['10.0.0.1']),
      fetchImpl: () => { fetched++; return failing('ECONNREFUSED')(); },
      concurrency: 2,
    });
    expect(out.networkDown).toBe(true);
    expect(fetched).toBeLessThan(targets.length);
    expect(out.results.filter((r) => r.error === NO_NETWORK).length).toBeGreaterThan(0);
    expect(out.results.every((r) => !r.ok && !r.broken)).toBe(true);
  });

  it('falls back to GET, and tells broken links from refused ones', async () => {
    const seen: string[] = [];
    const out = await checkOnline([
      { url: 'https://a.michigan.gov/ok', refs: [] },
      { url: 'https://a.michigan.gov/head-refused', refs: [] },
      { url: 'https://a.michigan.gov/gone', refs: [] },
      { url: 'https://a.michigan.gov/bot-wall', refs: [] },
      { url: 'https://nowhere.michigan.gov/', refs: [] },
    ], {
      resolveImpl: () => Promise.resolve(['10.0.0.1']),
      fetchImpl: async (url, init) => {
        seen.push(`${init.method} ${new URL(url).pathname} ${init.headers['user-agent']?.startsWith('TownSquare-data-check/') ? 'ua' : 'no-ua'}`);
        if (url.includes('nowhere')) return failing('ENOTFOUND')();
        const path = new URL(url).pathname;
        if (path === '/head-refused') return new Response(null, { status: init.method === 'HEAD' ? 405 : 200 });
        if (path === '/gone') return new Response(null, { status: 404 });
        if (path === '/bot-wall') return new Response(null, { status: 403 });
        return new Response(null, { status: 200 });
      },
    });
    const by = Object.fromEntries(out.results.map((r) => [new URL(r.url).pathname + (r.url.includes('nowhere') ? 'nowhere' : ''), r]));
    expect(by['/ok']).toMatchObject({ ok: true, status: 200, method: 'HEAD' });
    expect(by['/head-refused']).toMatchObject({ ok: true, status: 200, method: 'GET' });
    expect(by['/gone']).toMatchObject({ ok: false, broken: true, status: 404 });
    expect(by['/bot-wall']).toMatchObject({ ok: false, broken: false, status: 403 });
    expect(by['/nowhere']).toMatchObject({ ok: false, broken: true, error: 'host not found (DNS)' });
    expect(out.networkDown).toBe(false);
    expect(seen.every((s) => s.endsWith(' ua'))).toBe(true);
  });
});

// ── The real script over the real packs ───────────────────────────────────

describe('scripts/data-check.mjs', () => {
  const ROOT = resolve(import.meta.dirname, '../../..');
  const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/data-check.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });
  // Far enough ahead that every entry is stale, whatever the packs' verifiedOn dates are by then. (Terms that end
  // by then without a seat election fail the succession rule on that day: that is the only failure expected.)
  const LATER = '2030-01-01';
  // The review day of the packs: Alaska's and Hawaii's terms end on 2026-12-07 and both name their seat election.
  const REVIEWED = '2026-12-04';

  it('passes over the real packs on their review day: every term ending within 14 days says what follows', () => {
    const res = run(`--today=${REVIEWED}`, '--json');
    expect(res.stderr).toBe('');
    const report = JSON.parse(res.stdout) as Report;
    expect(report.succession).toEqual([]);
    expect([res.status, report.exitCode]).toEqual([0, 0]);
  });

  it('fails on a copy of the packs where a term ending within 14 days says nothing of what follows, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-check-'));
    try {
      const governors = JSON.parse(readFileSync(join(ROOT, 'src/data/packs/governors.json'), 'utf8')) as { entries: { id: string; seatElection?: unknown }[] };
      delete governors.entries.find((e) => e.id === 'alaska')!.seatElection;
      writeFileSync(join(dir, 'governors.json'), JSON.stringify(governors));
      const res = run(`--dir=${dir}`, `--today=${REVIEWED}`);
      expect(res.status).toBe(1);
      expect(res.stdout).toMatch(/^ {2}governors\/alaska +\S.* +term ends 2026-12-07 \(in 3 days\); nothing says what follows/m);
      expect(res.stdout).toContain('FAIL — exit 1 (term ending within 14 days with no succession stated: governors/alaska)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the real packs as valid and lists stale and unverified entries', () => {
    const res = run(`--today=${LATER}`, '--json');
    expect(res.stderr).toBe('');
    const report = JSON.parse(res.stdout) as Report;
    expect(report.packs.map((p) => [p.pack, p.valid, p.issues])).toEqual(
      ['executive', 'cabinet', 'governors', 'michigan', 'court'].map((p) => [p, true, []]),
    );
    expect(report.urls.errors).toEqual([]);
    // Valid packs and URLs: the only thing that can fail the run on that day is the succession rule.
    const expected = report.succession!.length > 0 ? 1 : 0;
    expect([res.status, report.exitCode]).toEqual([expected, expected]);
    expect(report.today).toBe(LATER);
    expect(report.lists.stale.map((x) => `${x.pack}/${x.id}`)).toContain('governors/michigan');
    // Every entry the pack files mark unverified is listed, and nothing else.
    const dir = join(ROOT, 'src/data/packs');
    const marked = readdirSync(dir).filter((f) => f.endsWith('.json')).flatMap((f) => {
      const pack = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { pack: string; entries: { id: string; unverified?: boolean }[] };
      return pack.entries.filter((e) => e.unverified === true).map((e) => `${pack.pack}/${e.id}`);
    });
    expect(report.lists.unverified.map((x) => `${x.pack}/${x.id}`).sort()).toEqual(marked.sort());
  });

  it('prints the lists as text and fails with --strict', () => {
    const res = run(`--today=${LATER}`, '--packs=governors');
    expect(res.stdout).not.toContain('\x1b[');
    expect(res.stdout).toMatch(/^ {2}governors\/michigan +Gretchen Whitmer +checked \d{4}-\d{2}-\d{2}, \d+ days ago$/m);
    expect(res.stdout).toContain(res.status === 0 ? 'OK — exit 0' : 'FAIL — exit 1 (term ending within 14 days with no succession stated: governors/');
    expect(run(`--today=${REVIEWED}`, '--packs=governors').status).toBe(0);
    expect(run(`--today=${REVIEWED}`, '--packs=governors', '--strict').status).toBe(1);
  });

  it('fails on an invalid copy of a pack and names the issue', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-check-'));
    try {
      const governors = JSON.parse(readFileSync(join(ROOT, 'src/data/packs/governors.json'), 'utf8')) as { entries: { id: string; source: string }[] };
      governors.entries[12]!.source = 'http://example.com/';
      writeFileSync(join(dir, 'governors.json'), JSON.stringify(governors));
      const res = run(`--dir=${dir}`, '--today=2026-12-10');
      expect(res.status).toBe(1);
      expect(res.stdout).toContain(`governors: entries[12].source: Expected an https URL (${governors.entries[12]!.id})`);
      expect(res.stdout).toMatch(/governors\/\S+ +source +placeholder host "example\.com"/);
      expect(run('--today=tomorrow').status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
