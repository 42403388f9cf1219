// Data from the packs, shown in the current language. The packs stay English (src/data is not translated);
// what they name — states, offices, parties, election results, court seats — maps here from the exact
// English string to a literal message id (the catalog check counts only literal ids). A string that no map
// knows is shown as it is, in English, and flagged so the screen marks it lang="en" (see `Shown`).
// In English every function returns its input untouched: what an English visitor reads is the pack's text.
import { currentLocale } from '../../lib/i18n';
import { formatDate, formatNumber, isolate } from '../../lib/intl';
import type { Gender } from '../../data/schemas';
import { t, type CivicId } from './t';

/** A pack string ready to show: its text, and whether it is still the pack's English (`en`). */
export interface Shown {
  text: string;
  en: boolean;
}

/** A year as the language writes its digits, without grouping ("2026", not "2,026"). */
export const formatYear = (year: number): string => formatNumber(year, { useGrouping: false });


const asIs = (text: string): Shown => ({ text, en: false });
const untranslated = (text: string): Shown => ({ text, en: true });
const english = (): boolean => currentLocale() === 'en';

/** The 50 states, DC, the five territories with a governor, and the country (cabinet members' "state"). */
const STATES: Readonly<Record<string, CivicId>> = {
  Alabama: 'civic.st.al',
  Alaska: 'civic.st.ak',
  'American Samoa': 'civic.st.as',
  Arizona: 'civic.st.az',
  Arkansas: 'civic.st.ar',
  California: 'civic.st.ca',
  Colorado: 'civic.st.co',
  Connecticut: 'civic.st.ct',
  Delaware: 'civic.st.de',
  'District of Columbia': 'civic.st.dc',
  Florida: 'civic.st.fl',
  Georgia: 'civic.st.ga',
  Guam: 'civic.st.gu',
  Hawaii: 'civic.st.hi',
  Idaho: 'civic.st.id',
  Illinois: 'civic.st.il',
  Indiana: 'civic.st.in',
  Iowa: 'civic.st.ia',
  Kansas: 'civic.st.ks',
  Kentucky: 'civic.st.ky',
  Louisiana: 'civic.st.la',
  Maine: 'civic.st.me',
  Maryland: 'civic.st.md',
  Massachusetts: 'civic.st.ma',
  Michigan: 'civic.st.mi',
  Minnesota: 'civic.st.mn',
  Mississippi: 'civic.st.ms',
  Missouri: 'civic.st.mo',
  Montana: 'civic.st.mt',
  Nebraska: 'civic.st.ne',
  Nevada: 'civic.st.nv',
  'New Hampshire': 'civic.st.nh',
  'New Jersey': 'civic.st.nj',
  'New Mexico': 'civic.st.nm',
  'New York': 'civic.st.ny',
  'North Carolina': 'civic.st.nc',
  'North Dakota': 'civic.st.nd',
  'Northern Mariana Islands': 'civic.st.mp',
  Ohio: 'civic.st.oh',
  Oklahoma: 'civic.st.ok',
  Oregon: 'civic.st.or',
  Pennsylvania: 'civic.st.pa',
  'Puerto Rico': 'civic.st.pr',
  'Rhode Island': 'civic.st.ri',
  'South Carolina': 'civic.st.sc',
  'South Dakota': 'civic.st.sd',
  Tennessee: 'civic.st.tn',
  Texas: 'civic.st.tx',
  'U.S. Virgin Islands': 'civic.st.vi',
  Utah: 'civic.st.ut',
  Vermont: 'civic.st.vt',
  Virginia: 'civic.st.va',
  Washington: 'civic.st.wa',
  'West Virginia': 'civic.st.wv',
  Wisconsin: 'civic.st.wi',
  Wyoming: 'civic.st.wy',
  'United States': 'civic.st.us',
};

/** Offices as the packs write them (and as `roleOf` builds them for Michigan officials and court candidates). */
const OFFICES: Readonly<Record<string, CivicId>> = {
  '47th President of the United States': 'civic.of.pres',
  '50th Vice President of the United States': 'civic.of.vp',
  'Secretary of State': 'civic.of.state',
  'Secretary of the Treasury': 'civic.of.treas',
  'Secretary of Defense': 'civic.of.def',
  'Attorney General': 'civic.of.ag',
  'Secretary of the Interior': 'civic.of.int',
  'Secretary of Agriculture': 'civic.of.agri',
  'Secretary of Commerce': 'civic.of.comm',
  'Secretary of Labor': 'civic.of.labor',
  'Secretary of Health and Human Services': 'civic.of.hhs',
  'Secretary of Housing and Urban Development': 'civic.of.hud',
  'Secretary of Transportation': 'civic.of.dot',
  'Secretary of Energy': 'civic.of.energy',
  'Secretary of Education': 'civic.of.edu',
  'Secretary of Veterans Affairs': 'civic.of.va',
  'Secretary of Homeland Security': 'civic.of.dhs',
  'White House Chief of Staff': 'civic.of.cos',
  'Administrator of the Environmental Protection Agency': 'civic.of.epa',
  'Director of the Office of Management and Budget': 'civic.of.omb',
  'Director of National Intelligence': 'civic.of.dni',
  'Director of the Central Intelligence Agency': 'civic.of.cia',
  'United States Trade Representative': 'civic.of.ustr',
  'Administrator of the Small Business Administration': 'civic.of.sba',
  'Michigan Governor': 'civic.of.miGov',
  'Michigan Lieutenant Governor': 'civic.of.miLg',
  'Michigan Secretary of State': 'civic.of.miSos',
  'Michigan Attorney General': 'civic.of.miAg',
  'Michigan Supreme Court candidate': 'civic.of.court',
};

const PARTIES: Readonly<Record<string, CivicId>> = {
  Republican: 'civic.pty.rep',
  Democratic: 'civic.pty.dem',
  'Democratic-Farmer-Labor': 'civic.pty.dfl',
  Independent: 'civic.pty.ind',
  'New Progressive': 'civic.pty.pnp',
  'U.S. Taxpayers': 'civic.pty.ust',
  Libertarian: 'civic.pty.lib',
  Green: 'civic.pty.green',
  'Natural Law': 'civic.pty.nl',
};

/** A court candidate's settled result. */
const OUTCOMES: Readonly<Record<string, CivicId>> = {
  Won: 'civic.out.won',
  Lost: 'civic.out.lost',
  'Retained seat': 'civic.out.kept',
};

function fromMap(map: Readonly<Record<string, CivicId>>, text: string, values?: Record<string, unknown>): Shown {
  if (english()) return asIs(text);
  const id = Object.hasOwn(map, text) ? map[text] : undefined;
  return id ? asIs(t(id, values)) : untranslated(text);
}

export const stateName = (name: string): Shown => fromMap(STATES, name);
export const partyName = (party: string): Shown => fromMap(PARTIES, party);
export const outcomeName = (outcome: string): Shown => fromMap(OUTCOMES, outcome);


const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ENGLISH_DATE = /^([A-Z][a-z]+)(?: (\d{1,2}),)? (\d{4})$/;

/** An executive profile's summary line as the packs write it: "Republican. In office since …; term ends …." */
const EXECUTIVE_SUMMARY = /^([A-Za-z -]+)\. In office since ([A-Z][a-z]+(?: \d{1,2},)? \d{4}); term ends ([A-Z][a-z]+(?: \d{1,2},)? \d{4})\.$/;

/**
 * An executive profile's summary (issue #57: a line the data writes in one fixed shape, so the app can say it in
 * every language): the party and the two dates in the current language; any other text as it is, in English.
 */
export function executiveSummary(text: string): Shown {
  if (english()) return asIs(text);
  const m = EXECUTIVE_SUMMARY.exec(text);
  const party = m ? partyName(m[1]!) : undefined;
  const since = m ? writtenDate(m[2]!) : undefined;
  const ends = m ? writtenDate(m[3]!) : undefined;
  if (!party || !since || !ends || party.en || since.en || ends.en) return untranslated(text);
  return asIs(t('civic.exec.summary', { party: party.text, since: since.text, ends: ends.text }));
}

/** "April 2017" or "January 1, 2019" (the packs' written dates) in the current language; anything else as it is. */
export function writtenDate(text: string): Shown {
  if (english()) return asIs(text);
  const m = ENGLISH_DATE.exec(text);
  const month = m ? MONTHS.indexOf(m[1]!) : -1;
  if (!m || month < 0) return untranslated(text);
  const day = m[2] ? Number(m[2]) : undefined;
  const date = Date.UTC(Number(m[3]), month, day ?? 1);
  return asIs(formatDate(date, day ? { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } : { year: 'numeric', month: 'long', timeZone: 'UTC' }));
}

/** The court pack's seats: "Justice, Michigan Supreme Court: full eight-year term beginning January 1, 2027 (her own seat)". */
const SEAT = /^Justice, Michigan Supreme Court: (full eight-year term beginning|remainder of the term ending) (.+?)(?: \((her own seat|his own seat|seat of retiring Justice (.+)|seat formerly held by (.+))\))?$/;

function courtSeat(text: string): Shown | undefined {
  const m = SEAT.exec(text);
  const date = m ? writtenDate(m[2]!) : undefined;
  if (!m || !date || date.en) return undefined;
  const [, term, , seat, retiring, former] = m;
  // A challenger runs for "a" seat of the race, not a named one.
  if (seat === undefined) return term === 'full eight-year term beginning' ? asIs(t('civic.seat.fullAny', { date: date.text })) : undefined;
  const which =
    seat === 'her own seat' ? t('civic.seat.her')
      : seat === 'his own seat' ? t('civic.seat.his')
        : retiring ? t('civic.seat.retiring', { name: isolate(retiring) })
          : t('civic.seat.former', { name: isolate(former!) });
  const values = { date: date.text, seat: which };
  return asIs(term === 'full eight-year term beginning' ? t('civic.seat.full', values) : t('civic.seat.rest', values));
}

/**
 * An office as the packs (or roleOf) write it: a known office, "Governor of <state>", a court seat, else English.
 * `gender` is the office-holder's (the pack's `gender`): Spanish and Arabic titles agree with it ("Gobernadora de
 * Alabama"). Without it the title takes the language's general (masculine) form, as for an office in the abstract.
 */
export function officeName(office: string, gender?: Gender): Shown {
  if (english()) return asIs(office);
  const g = { gender: gender ?? 'other' };
  const known = fromMap(OFFICES, office, g);
  if (!known.en) return known;
  const governor = /^Governor of (.+)$/.exec(office);
  if (governor) {
    const state = stateName(governor[1]!);
    if (!state.en) return asIs(t('civic.of.govOf', { ...g, state: state.text }));
  }
  return courtSeat(office) ?? untranslated(office);
}

/**
 * Search words in the current language (search.ts `LocalTerms`): the office and the state names, where they
 * differ from the English the index already holds.
 */
export function localSearchTerms(office: string, states: readonly string[], gender?: Gender): string {
  // Both forms of a gendered title: "gobernadora" finds Kay Ivey, and so does the general "gobernador".
  const offices = gender === 'female' ? [officeName(office, 'female'), officeName(office)] : [officeName(office, gender)];
  const words = [...offices.filter((s) => !s.en && s.text !== office), ...states.map(stateName).filter((s, i) => !s.en && s.text !== states[i])];
  return [...new Set(words.map((s) => s.text))].join(' ');
}
