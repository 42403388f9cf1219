// Reads of the civic people rows (IndexedDB, loaded from the packs by src/data/loader.ts) and the pure
// rules on top of them: name lookup, list order, and the labelled fields of a person (search: search.ts).
import type { PersonEntries, PersonEntry, PersonKind, PersonRow, PersonRowOf } from '../../db';
import { stateSlug, UNTIL_SUCCESSOR, type Gender } from '../../data/schemas';
import { currentLocale } from '../../lib/i18n';
import { formatDate as formatLocalDate, isolate } from '../../lib/intl';
import { compareTitles } from '../../lib/textOrder';
import { officeName, outcomeName, partyName, stateName, writtenDate, type Shown } from './labels';
import { t, type CivicId } from './t';

// ── Fields read across kinds ───────────────────────────────────────────────

/** Where an entry's facts come from and whether they could be confirmed: every entry of every pack has these. */
export type Provenance = Pick<PersonEntry, 'source' | 'verifiedOn' | 'unverified' | 'unverifiedWhy' | 'note'>;

/** The party the pack gives a person; executive profiles have none (search reads it from their summary). */
export function partyOf(row: PersonRow): string | undefined {
  switch (row.kind) {
    case 'executive':
      return undefined;
    case 'court':
      return row.entry.Party;
    default:
      return row.entry.party;
  }
}

/** "2026-08-05" → "Aug 5, 2026" in English, "5 ago 2026" in Spanish (a calendar date: no time zone may shift it by a day). */
export function formatDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return formatLocalDate(d, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The pack's own order (see the loader), then name (src/lib/textOrder.ts: no collator to load on a first visit). */
export function byPackOrder(a: PersonRow, b: PersonRow): number {
  return a.entry.packOrder - b.entry.packOrder || compareTitles(a.name, b.name);
}

// ── The spec's query rules, fed the address the router leaves behind ────────

/**
 * The spec's character-position rules (profileTitle, profileKey, personName) were written against the
 * raw address, e.g. `?q=President%20profile`. The router rewrites the address into its canonical form on
 * load (`?q=President+profile`, `:` as `%3A`), so we rebuild the raw form the rules expect from the decoded
 * value instead of reading `window.location.search` after the router has touched it.
 */
export function rawProfileQuery(q: string): string {
  return `?q=${q.replace(/ /g, '%20')}`;
}

export function rawPersonQuery(q: string): string {
  return `?q=${encodeURIComponent(q)}`;
}

// ── Name matching ──────────────────────────────────────────────────────────

/** Case-, accent- and punctuation-blind form of a name: "O'Grady" and "ogrady" both → "o grady"/"ogrady". */
export function normalizeName(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const compact = (s: string): string => normalizeName(s).replace(/ /g, '');

function sameName(a: string, b: string): boolean {
  return a !== '' && (normalizeName(a) === normalizeName(b) || compact(a) === compact(b));
}

/** A governor by their name, their state's name ("New Hampshire") or its slug ("new-hampshire"). */
export function findGovernor(rows: readonly PersonRowOf<'governor'>[], query: string): PersonRowOf<'governor'> | undefined {
  const q = query.trim();
  if (q === '') return undefined;
  return (
    rows.find((r) => sameName(r.name, q)) ??
    rows.find((r) => sameName(r.entry.stateName, q) || r.entry.state === q.toLowerCase() || r.entry.state === stateSlug(q))
  );
}

/** A cabinet member, Michigan official or court candidate by name. */
export function findPerson<R extends PersonRow>(rows: readonly R[], query: string): R | undefined {
  const q = query.trim();
  if (q === '') return undefined;
  return rows.find((r) => sameName(r.name, q));
}

// ── List order ─────────────────────────────────────────────────────────────

/** The order the lists (and search, on equal scores) present the kinds in. */
export const KIND_ORDER: readonly PersonKind[] = ['executive', 'cabinet', 'governor', 'michigan', 'court'];

// ── Where a person opens, and how they are described in a list ─────────────

export type PersonLink =
  | { to: '/profile'; q: string }
  | { to: '/onegovernor'; q: string }
  | { to: '/minister'; q: string };

export function linkFor(row: PersonRow): PersonLink {
  if (row.kind === 'executive') return { to: '/profile', q: row.entry.key };
  // Michigan's governor is also in the governors' list: one person, one profile (the governor's).
  if (row.kind === 'governor' || (row.kind === 'michigan' && row.entry.position === 'Governor')) return { to: '/onegovernor', q: row.name };
  return { to: '/minister', q: row.name };
}

/** A kind in English: what search indexes (search.ts). Shown through KIND_ID. */
export const KIND_LABEL: Readonly<Record<PersonKind, string>> = {
  executive: 'Profile',
  cabinet: 'Cabinet member',
  governor: 'Governor',
  michigan: 'Michigan official',
  court: 'Supreme Court candidate',
};

/** KIND_LABEL's messages, for display. */
export const KIND_ID: Readonly<Record<PersonKind, CivicId>> = {
  executive: 'civic.kind.exec',
  cabinet: 'civic.kind.cab',
  governor: 'civic.kind.gov',
  michigan: 'civic.kind.mi',
  court: 'civic.kind.court',
};

/** One line under a name: the office they hold or seek, in English (what search indexes; shown through officeName). */
export function roleOf(row: PersonRow): string {
  switch (row.kind) {
    case 'executive':
    case 'cabinet':
      return row.entry.title;
    case 'governor':
      return `Governor of ${row.entry.stateName}`;
    case 'michigan':
      return `Michigan ${row.entry.position}`;
    case 'court':
      return 'Michigan Supreme Court candidate';
  }
}

/** roleOf in the current language (English where the office is not one the maps know). */
export const roleShown = (row: PersonRow): Shown => officeName(roleOf(row), row.entry.gender);

// ── The labelled fields of a person detail screen ──────────────────────────

export interface DetailField {
  key: string;
  label: string;
  /** Display lines; multi-line values (a term, a contact block) keep their lines. */
  lines: string[];
  /** The value is the pack's English text, shown untranslated in another language (marked lang="en"). */
  en?: true;
}

/** The name of a field some kind of entry has. */
type FieldName = { [K in PersonKind]: keyof PersonEntries[K] }[PersonKind];
/** The value of a field some kind of entry has. */
type FieldValue = { [K in PersonKind]: PersonEntries[K][keyof PersonEntries[K]] }[PersonKind];

/** Shown elsewhere on the screen (image, name, state, about, provenance, links) or internal. */
const SHOWN_ELSEWHERE: ReadonlySet<string> = new Set<FieldName>([
  'id', 'key', 'name', 'about', 'imageUrl', 'state', 'stateName', 'source', 'verifiedOn', 'unverified', 'unverifiedWhy', 'note',
  // Shown as the election notice.
  'seatElection',
  'redirectLink', 'campaignUrl', 'election', 'electionYear', 'packOrder',
  // Not a fact to list: it makes the titles agree in Spanish and Arabic.
  'gender',
  // Shown as the Acting label and the "Term ended" notice.
  'acting',
]);

const LABELS: Readonly<Record<string, CivicId>> = {
  title: 'civic.f.office',
  position: 'civic.f.pos',
  Office: 'civic.f.office',
  party: 'civic.f.party',
  Party: 'civic.f.party',
  outcome: 'civic.f.result',
  tookOffice: 'civic.f.took',
  term: 'civic.f.term',
  termStart: 'civic.f.start',
  termEnd: 'civic.f.end',
  electedOn: 'civic.f.elected',
  previousPosition: 'civic.f.prev',
  education: 'civic.f.edu',
  Education: 'civic.f.edu',
  Born: 'civic.f.born',
  birth_state: 'civic.f.birth',
  Children: 'civic.f.kids',
  contact: 'civic.f.contact',
} satisfies Partial<Record<FieldName, CivicId>>;

/** Preferred order; any field not listed follows, alphabetically, under a label made from its name. */
const ORDER = Object.keys(LABELS);

/** Prefixes the data repeats from the label ("School: Auburn University" under "Education"). */
const PREFIXES: Readonly<Record<string, RegExp>> = {
  education: /^School:\s*/,
  birth_state: /^Birth State:\s*/,
};

/** A field's label in the current language; a field no label knows gets one made from its name (in English). */
export function humanLabel(key: string): string {
  const known = Object.hasOwn(LABELS, key) ? LABELS[key] : undefined;
  if (known) return t(known);
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CONTACT_LABELS: Readonly<Record<string, CivicId>> = { address: 'civic.f.address', phone: 'civic.f.phone', fax: 'civic.f.fax' };

/** Fields that hold an ISO date, shown as a readable date. */
const DATE_FIELDS = new Set(['termStart', 'termEnd', 'electedOn']);

/** A governor's `term` line ("Took office: April 2017") in the current language. */
const TERM_LINE: Readonly<Record<string, CivicId>> = { 'Took office': 'civic.f.took', 'Term ends': 'civic.f.end' };

/** Another language than English: a text value of the pack, translated where a map knows it. */
function localLine(key: string, line: string, gender: Gender): Shown {
  switch (key) {
    case 'party':
    case 'Party':
      return partyName(line);
    case 'outcome':
      return outcomeName(line);
    case 'birth_state':
      return stateName(line);
    case 'title':
    case 'Office':
      return officeName(line, gender);
    case 'position': {
      // A Michigan official's position ("Governor") is shown as their office ("Michigan Governor").
      const office = officeName(`Michigan ${line}`, gender);
      return office.en ? { text: line, en: true } : office;
    }
    case 'tookOffice':
      return writtenDate(line);
    case 'term': {
      const m = /^(Took office|Term ends): (.+)$/.exec(line);
      const label = m ? TERM_LINE[m[1]!] : undefined;
      const date = m ? writtenDate(m[2]!) : undefined;
      return label && date && !date.en ? { text: `${t(label)}: ${date.text}`, en: false } : { text: line, en: true };
    }
    default:
      return { text: line, en: true };
  }
}

function linesOf(key: string, value: FieldValue, gender: Gender, local?: string): Pick<DetailField, 'lines' | 'en'> {
  // A free-text field written in the visitor's language (src/data/localTexts.ts) replaces the English one.
  if (local !== undefined && typeof value === 'string') return { lines: local.split('\n').map((l) => l.trim()).filter(Boolean) };
  if (key === 'termEnd' && value === UNTIL_SUCCESSOR) return { lines: [t('civic.f.untilNext')] };
  if (DATE_FIELDS.has(key) && typeof value === 'string') return { lines: [formatDate(value)] };
  if (typeof value === 'string') {
    const text = PREFIXES[key] ? value.replace(PREFIXES[key], '') : value;
    const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
    if (currentLocale() === 'en') return { lines };
    const shown = lines.map((line) => localLine(key, line, gender));
    return { lines: shown.map((s) => s.text), ...(shown.some((s) => s.en) ? { en: true } : {}) };
  }
  if (typeof value === 'number' || typeof value === 'boolean') return { lines: [String(value)] };
  if (typeof value === 'object') {
    // A contact block: labels in the current language; an address or number as it is (isolated in another language).
    const local = currentLocale() !== 'en';
    return {
      lines: Object.entries(value).map(([k, v]) => {
        const id = Object.hasOwn(CONTACT_LABELS, k) ? CONTACT_LABELS[k] : undefined;
        return `${id ? t(id) : humanLabel(k)}: ${local ? isolate(String(v)) : String(v)}`;
      }),
    };
  }
  return { lines: [] };
}

/** Every field not shown elsewhere, each with a human label, in a stable order. */
export function detailFields(entry: PersonEntry, local?: Readonly<Partial<Record<string, string>>>): DetailField[] {
  // A governor's `term` text (spec) already says when the term started and ends; the dates behind it drive the
  // "Term ended" notice but are not listed a second time.
  const termText = 'term' in entry;
  const fields: [string, FieldValue][] = Object.entries(entry);
  const shown = fields.filter(([k]) => !SHOWN_ELSEWHERE.has(k) && !(termText && (k === 'termStart' || k === 'termEnd')));
  shown.sort(([a], [b]) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return compareTitles(a, b);
  });
  return shown
    .map(([key, value]): DetailField => ({ key, label: humanLabel(key), ...linesOf(key, value, entry.gender, local?.[key]) }))
    .filter((f) => f.lines.length > 0);
}
