// Reads of the civic people rows (IndexedDB, loaded from the packs by src/data/loader.ts) and the pure
// rules on top of them: name lookup, list order, and the labelled fields of a person (search: search.ts).
import type { PersonKind, PersonRow } from '../../db';
import { stateSlug, UNTIL_SUCCESSOR, type CourtElection } from '../../data/schemas';

// ── Small typed views of the untyped `entry` ───────────────────────────────

export function str(entry: Record<string, unknown>, key: string): string | undefined {
  const value = entry[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export interface Provenance {
  source?: string;
  verifiedOn?: string;
  unverified: boolean;
  note?: string;
}

export function provenanceOf(entry: Record<string, unknown>): Provenance {
  const p: Provenance = { unverified: entry.unverified === true };
  const source = str(entry, 'source');
  const verifiedOn = str(entry, 'verifiedOn');
  const note = str(entry, 'note');
  if (source) p.source = source;
  if (verifiedOn) p.verifiedOn = verifiedOn;
  if (note) p.note = note;
  return p;
}

export type { CourtElection };

/** The race a court row belongs to (the loader copies it onto the row from the pack's `elections`). */
export function electionOf(entry: Record<string, unknown>): CourtElection | undefined {
  const e = entry.election as Partial<CourtElection> | undefined;
  return e && typeof e.year === 'number' && typeof e.date === 'string' && typeof e.note === 'string' ? (e as CourtElection) : undefined;
}

/** "2026-08-05" → "Aug 5, 2026" (read as a calendar date: no time zone may shift it by a day). */
export function formatDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The pack's own order (see the loader), then name. */
export function byPackOrder(a: PersonRow, b: PersonRow): number {
  const oa = typeof a.entry.packOrder === 'number' ? a.entry.packOrder : Infinity;
  const ob = typeof b.entry.packOrder === 'number' ? b.entry.packOrder : Infinity;
  return oa - ob || a.name.localeCompare(b.name, 'en');
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
export function findGovernor(rows: readonly PersonRow[], query: string): PersonRow | undefined {
  const q = query.trim();
  if (q === '') return undefined;
  return (
    rows.find((r) => sameName(r.name, q)) ??
    rows.find((r) => {
      const stateName = str(r.entry, 'stateName') ?? '';
      const slug = str(r.entry, 'state') ?? '';
      return sameName(stateName, q) || slug === q.toLowerCase() || slug === stateSlug(q);
    })
  );
}

/** A cabinet member, Michigan official or court candidate by name. */
export function findPerson(rows: readonly PersonRow[], query: string): PersonRow | undefined {
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
  if (row.kind === 'executive') return { to: '/profile', q: str(row.entry, 'key') ?? row.name };
  if (row.kind === 'governor') return { to: '/onegovernor', q: row.name };
  return { to: '/minister', q: row.name };
}

export const KIND_LABEL: Readonly<Record<PersonKind, string>> = {
  executive: 'Profile',
  cabinet: 'Cabinet member',
  governor: 'Governor',
  michigan: 'Michigan official',
  court: 'Supreme Court candidate',
};

/** One line under a name: the office they hold or seek. */
export function roleOf(row: PersonRow): string {
  const e = row.entry;
  switch (row.kind) {
    case 'executive':
    case 'cabinet':
      return str(e, 'title') ?? KIND_LABEL[row.kind];
    case 'governor':
      return `Governor of ${str(e, 'stateName') ?? ''}`.trim();
    case 'michigan':
      return `Michigan ${str(e, 'position') ?? 'official'}`;
    case 'court':
      return 'Michigan Supreme Court candidate';
  }
}

// ── The labelled fields of a person detail screen ──────────────────────────

export interface DetailField {
  key: string;
  label: string;
  /** Display lines; multi-line values (a term, a contact block) keep their lines. */
  lines: string[];
}

/** Shown elsewhere on the screen (image, name, state, about, provenance, links) or internal. */
const SHOWN_ELSEWHERE = new Set([
  'id', 'key', 'name', 'about', 'imageUrl', 'state', 'stateName', 'source', 'verifiedOn', 'unverified', 'note',
  'redirectLink', 'campaignUrl', 'election', 'electionYear', 'packOrder',
  // Shown as the Acting label and the "Term ended" notice.
  'acting',
]);

const LABELS: Readonly<Record<string, string>> = {
  title: 'Office',
  position: 'Position',
  Office: 'Office',
  party: 'Party',
  Party: 'Party',
  outcome: 'Result',
  tookOffice: 'Took office',
  term: 'Term',
  termStart: 'Current term began',
  termEnd: 'Term ends',
  electedOn: 'Elected',
  previousPosition: 'Previous position',
  education: 'Education',
  Education: 'Education',
  Born: 'Born',
  birth_state: 'Birth state',
  Children: 'Children',
  contact: 'Contact',
};

/** Preferred order; any field not listed follows, alphabetically, under a label made from its name. */
const ORDER = Object.keys(LABELS);

/** Prefixes the data repeats from the label ("School: Auburn University" under "Education"). */
const PREFIXES: Readonly<Record<string, RegExp>> = {
  education: /^School:\s*/,
  birth_state: /^Birth State:\s*/,
};

export function humanLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CONTACT_LABELS: Readonly<Record<string, string>> = { address: 'Address', phone: 'Phone', fax: 'Fax' };

/** Fields that hold an ISO date, shown as a readable date. */
const DATE_FIELDS = new Set(['termStart', 'termEnd', 'electedOn']);

function linesOf(key: string, value: unknown): string[] {
  if (key === 'termEnd' && value === UNTIL_SUCCESSOR) return ['When a successor takes office'];
  if (DATE_FIELDS.has(key) && typeof value === 'string') return [formatDate(value)];
  if (typeof value === 'string') {
    const text = PREFIXES[key] ? value.replace(PREFIXES[key], '') : value;
    return text.split('\n').map((l) => l.trim()).filter(Boolean);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => `${CONTACT_LABELS[k] ?? humanLabel(k)}: ${String(v)}`);
  }
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Every field not shown elsewhere, each with a human label, in a stable order. */
export function detailFields(entry: Record<string, unknown>): DetailField[] {
  // A governor's `term` text (spec) already says when the term started and ends; the dates behind it drive the
  // "Term ended" notice but are not listed a second time.
  const termText = typeof entry.term === 'string';
  const keys = Object.keys(entry).filter((k) => !SHOWN_ELSEWHERE.has(k) && !(termText && (k === 'termStart' || k === 'termEnd')));
  keys.sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return a.localeCompare(b, 'en');
  });
  return keys
    .map((key) => ({ key, label: humanLabel(key), lines: linesOf(key, entry[key]) }))
    .filter((f) => f.lines.length > 0);
}
