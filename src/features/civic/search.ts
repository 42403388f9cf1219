// Offline search over the civic people, with MiniSearch (BM25 ranking, prefix and fuzzy matching over a
// radix tree). Pure: rows in, results out — the screen reads the rows from IndexedDB and keeps the index
// in memory (what building and searching cost on a phone-class CPU: docs/benchmarks.md section 8).
//
// Two layers:
// - The shared text rules (`foldText`, `queryTerms`, `createTextIndex`, `textQuery`): case and accents
//   folded, stop words dropped, "J.D."/"O'Grady"/"González-Colón" indexed joined and in parts, word
//   aliases ("lt" for lieutenant), one typo allowed in words of 5+ letters, the last typed word a prefix.
//   Anything else that matches what people type (a help assistant's questions) builds on these.
// - The people index (`buildPeopleIndex`, `searchIndex`): what a person is found by (name, office, state
//   with its postal code and abbreviations, party, list), and one result per real person, whatever number
//   of packs they appear in. Everything is indexed in English (the packs' language); the hub, in Spanish or
//   Arabic, passes `localTerms` (labels.ts) so the state's name and the office in that language are indexed
//   too ("Nueva York", "ميشيغان", "Secretario de Estado").
import MiniSearch, { type Options, type Query, type SearchOptions } from 'minisearch';
import type { PersonKind, PersonRow } from '../../db';
import type { Gender } from '../../data/schemas';
import { KIND_LABEL, KIND_ORDER, byPackOrder, linkFor, normalizeName, partyOf, roleOf, type PersonLink } from './civicData';

// ── Shared text rules ───────────────────────────────────────────────────────

/** Words that carry no meaning in a query ("governor of michigan" = "governor michigan"). */
export const STOP_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'for', 'in', 'and', 'a', 'an', 'to', 'on', 'at', 'by']);

/**
 * Abbreviations people type for words of office and party. Indexed beside the word, so "lt gov" finds a
 * lieutenant governor and "dem" a Democrat even when not typed last (a last word is a prefix anyway).
 */
export const WORD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  lieutenant: ['lt', 'lieut'],
  governor: ['gov'],
  attorney: ['atty'],
  general: ['gen'],
  secretary: ['sec', 'secy'],
  president: ['pres'],
  senator: ['sen'],
  department: ['dept'],
  administrator: ['admin'],
  director: ['dir'],
  democratic: ['democrat', 'dem'],
  republican: ['gop'],
  independent: ['ind'],
};

// Most text is plain ASCII: it skips the Unicode work (normalisation, \p{…} classes), which is most of the
// cost of building an index cold on a phone.
const ASCII = /^[\x20-\x7e]*$/;

/** Lower case, accents stripped ("González" → "gonzalez"), typographic apostrophes made plain. */
function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase().replace(/`/g, "'");
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\u2018\u2019\u02bc`´]/g, "'");
}

/** Words of a text; dots, apostrophes and hyphens stay inside a word for now ("j.d.", "o'grady"). */
function splitWords(text: string): string[] {
  const folded = foldText(text);
  return folded.split(ASCII.test(folded) ? /[^a-z0-9.'-]+/ : /[^\p{L}\p{N}.'-]+/u).filter(Boolean);
}

/** "j.d." → ["j", "d"]; "lt." → ["lt"]. */
function partsOf(word: string): string[] {
  return word.split(/[.'-]+/).filter(Boolean);
}

/**
 * The words a query searches for, in order: each typed word joined ("J.D." → "jd", "O'Grady" → "ogrady",
 * "González-Colón" → "gonzalezcolon"; the index holds both forms), stop words dropped — unless the query
 * is nothing but stop words ("in" alone still finds Indiana).
 */
export function queryTerms(text: string): string[] {
  const words = splitWords(text).map((w) => partsOf(w).join('')).filter(Boolean);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return meaningful.length > 0 ? meaningful : words;
}

/** "o" on its way to "of": a last word that may still become a stop word. */
const mayBecomeStopWord = (word: string): boolean => [...STOP_WORDS].some((s) => s.startsWith(word));

export interface TextIndexOptions<T> {
  /** The document fields to index (strings). */
  fields: string[];
  idField?: string;
  storeFields?: string[];
  /** How much a match in each field counts (default 1). */
  boost?: Readonly<Record<string, number>>;
  /** Fields whose stop words are indexed too, e.g. postal codes ("IN" is Indiana). */
  keepStopWordsIn?: readonly string[];
  /** Abbreviations indexed beside a word; defaults to WORD_ALIASES. */
  aliases?: Readonly<Record<string, readonly string[]>>;
  /** BM25 parameters; MiniSearch's defaults when absent. */
  bm25?: NonNullable<SearchOptions['bm25']>;
  extractField?: Options<T>['extractField'];
}

/**
 * A MiniSearch with the shared term rules. Search it with `textQuery(text)`: the query is already split
 * and folded by then, so the search side passes terms through untouched.
 */
export function createTextIndex<T>(options: TextIndexOptions<T>): MiniSearch<T> {
  const keep = new Set(options.keepStopWordsIn ?? []);
  const aliases = options.aliases ?? WORD_ALIASES;
  const searchOptions: SearchOptions = {
    tokenize: (text) => [text],
    processTerm: (term) => term,
    ...(options.boost ? { boost: { ...options.boost } } : {}),
    ...(options.bm25 ? { bm25: options.bm25 } : {}),
  };
  return new MiniSearch<T>({
    fields: options.fields,
    ...(options.idField ? { idField: options.idField } : {}),
    ...(options.storeFields ? { storeFields: options.storeFields } : {}),
    ...(options.extractField ? { extractField: options.extractField } : {}),
    tokenize: splitWords,
    processTerm: (word, field) => {
      // The common case, a plain word: no splitting, no set.
      if (/^[a-z0-9]+$/.test(word) || /^[\p{L}\p{N}]+$/u.test(word)) {
        if (STOP_WORDS.has(word) && !(field && keep.has(field))) return null;
        const more = aliases[word];
        return more ? [word, ...more] : word;
      }
      const parts = partsOf(word);
      if (parts.length === 0) return null;
      const terms = new Set<string>();
      for (const t of parts.length > 1 ? [parts.join(''), ...parts] : parts) {
        if (STOP_WORDS.has(t) && !(field && keep.has(field))) continue;
        terms.add(t);
        for (const a of aliases[t] ?? []) terms.add(a);
      }
      return [...terms];
    },
    searchOptions,
  });
}

/**
 * Prefixes: the last word (it may still be being typed), and any word of 3+ letters ("gre whit"). A word of
 * one or two letters before the last is complete: a postal code ("mi gov": Michigan, not Mike), an initial
 * or an abbreviation ("lt gov").
 */
const isPrefix = (term: string, last: boolean): boolean => last || term.length >= 3;

/**
 * The MiniSearch query for a typed text, or undefined when there is nothing to search for. Every word must
 * match (AND; pass 'OR' to rank by any), as a prefix (see isPrefix) and, in a word of 5 letters or more,
 * with at most one typo ("whitmr", "gretchin"). Shorter words get no typo: one edit in four letters is
 * usually another word. Exact matches outrank prefix and typo matches.
 *
 * A last word that may still become a stop word ("secretary o", on its way to "secretary of state") only
 * ranks: what matches the other words stays listed, and what also matches it comes first ("mike b").
 */
export function textQuery(text: string, combineWith: 'AND' | 'OR' = 'AND'): Query | undefined {
  const terms = queryTerms(text);
  if (terms.length === 0) return undefined;
  const spec = (term: string, i: number): Query => ({ queries: [term], prefix: isPrefix(term, i === terms.length - 1), fuzzy: term.length >= 5 ? 1 : false });
  const all: Query = { combineWith, queries: terms.map(spec) };
  const last = terms.at(-1)!;
  if (combineWith === 'OR' || terms.length < 2 || !mayBecomeStopWord(last)) return all;
  return { combineWith: 'OR', queries: [all, { combineWith, queries: terms.slice(0, -1).map(spec) }] };
}

// ── States: names, postal codes and the abbreviations people write ─────────

const STATES: readonly (readonly [name: string, ...codes: string[]])[] = [
  ['Alabama', 'al', 'ala'], ['Alaska', 'ak'], ['American Samoa', 'as'], ['Arizona', 'az', 'ariz'], ['Arkansas', 'ar', 'ark'],
  ['California', 'ca', 'calif', 'cal'], ['Colorado', 'co', 'colo'], ['Connecticut', 'ct', 'conn'], ['Delaware', 'de', 'del'],
  ['District of Columbia', 'dc'], ['Florida', 'fl', 'fla'], ['Georgia', 'ga'], ['Guam', 'gu'], ['Hawaii', 'hi'], ['Idaho', 'id'],
  ['Illinois', 'il', 'ill'], ['Indiana', 'in', 'ind'], ['Iowa', 'ia'], ['Kansas', 'ks', 'kan', 'kans'], ['Kentucky', 'ky'],
  ['Louisiana', 'la'], ['Maine', 'me'], ['Maryland', 'md'], ['Massachusetts', 'ma', 'mass'], ['Michigan', 'mi', 'mich'],
  ['Minnesota', 'mn', 'minn'], ['Mississippi', 'ms', 'miss'], ['Missouri', 'mo'], ['Montana', 'mt', 'mont'],
  ['Nebraska', 'ne', 'neb', 'nebr'], ['Nevada', 'nv', 'nev'], ['New Hampshire', 'nh'], ['New Jersey', 'nj'], ['New Mexico', 'nm'],
  ['New York', 'ny'], ['North Carolina', 'nc'], ['North Dakota', 'nd'], ['Northern Mariana Islands', 'mp', 'cnmi'], ['Ohio', 'oh'],
  ['Oklahoma', 'ok', 'okla'], ['Oregon', 'or', 'ore', 'oreg'], ['Pennsylvania', 'pa', 'penn', 'penna'], ['Puerto Rico', 'pr'],
  ['Rhode Island', 'ri'], ['South Carolina', 'sc'], ['South Dakota', 'sd'], ['Tennessee', 'tn', 'tenn'], ['Texas', 'tx', 'tex'],
  ['U.S. Virgin Islands', 'vi', 'usvi'], ['Utah', 'ut'], ['Vermont', 'vt'], ['Virginia', 'va'], ['Washington', 'wa', 'wash'],
  ['West Virginia', 'wv', 'wva'], ['Wisconsin', 'wi', 'wis', 'wisc'], ['Wyoming', 'wy', 'wyo'],
];
const STATE_KEYS = STATES.map(([name, ...codes]) => ({ name, key: normalizeName(name), codes }));
const CODES = new Map(STATE_KEYS.map((s) => [s.key, s.codes]));

/** The states a row belongs to: its own (governors), Michigan (its officials and court), or named in its office. */
function statesOf(row: PersonRow, role: string): string[] {
  if (row.kind === 'governor') return [row.entry.stateName];
  if (row.kind === 'michigan' || row.kind === 'court') return ['Michigan'];
  const text = ` ${normalizeName(role)} `;
  const named = STATE_KEYS.filter((s) => text.includes(` ${s.key} `));
  // "West Virginia" also contains "Virginia": keep the longest names only.
  return named.filter((n) => !named.some((m) => m !== n && m.key.includes(n.key))).map((s) => s.name);
}

// ── The people index ────────────────────────────────────────────────────────

/** Common shorthand for whole offices, matched on the office line. */
const OFFICE_ALIASES: readonly (readonly [RegExp, string])[] = [
  [/\battorney general\b/, 'ag'],
  [/\bsecretary of state\b/, 'sos'],
  [/\blieutenant governor\b/, 'lg'],
  [/\bvice president\b/, 'vp'],
  [/\bhealth and human services\b/, 'hhs'],
  [/\bhousing and urban development\b/, 'hud'],
  [/\bhomeland security\b/, 'dhs'],
  [/\bveterans affairs\b/, 'va'],
  [/\benvironmental protection agency\b/, 'epa'],
  [/\bmanagement and budget\b/, 'omb'],
  [/\bcentral intelligence agency\b/, 'cia'],
  [/\bnational intelligence\b/, 'dni'],
  [/\bsmall business administration\b/, 'sba'],
  [/\btrade representative\b/, 'ustr'],
];

interface PersonDoc {
  id: string;
  name: string;
  role: string;
  state: string;
  code: string;
  party: string;
  kind: string;
  alias: string;
  /** The office and state names in another language (`LocalTerms`), else empty. */
  local: string;
}

const FIELDS = ['name', 'role', 'state', 'code', 'party', 'kind', 'alias', 'local'];
/** A name match first, then the office, the postal code, the state; party and list last. */
const BOOST = { name: 3, role: 1.5, alias: 1.5, code: 2, state: 1, party: 0.75, kind: 1, local: 1 };

function partyText(row: PersonRow): string {
  // Executive profiles carry their party only at the start of their summary ("Republican. In office…").
  if (row.kind === 'executive') return /^(Republican|Democrat(?:ic)?|Independent)\b/.exec(row.entry.smallDesc)?.[1] ?? '';
  return partyOf(row) ?? '';
}

/** The office line a row is found by: its role line, and for a court candidate the seat ("Justice, …"). */
function officeText(row: PersonRow): string {
  const seat = row.kind === 'court' ? (row.entry.Office ?? '').split(':')[0] : '';
  return [roleOf(row), seat].filter(Boolean).join(' ');
}

/** Words a row is also found by in another language: given its office line (roleOf) and its states, in English. */
export type LocalTerms = (office: string, states: readonly string[], gender: Gender, name: string) => string;

function docFor(row: PersonRow, localTerms: LocalTerms | undefined): PersonDoc {
  const role = officeText(row);
  const states = statesOf(row, role);
  const foldedRole = foldText(role);
  return {
    id: row.id,
    name: row.name,
    role,
    state: states.join(' '),
    code: states.flatMap((s) => CODES.get(normalizeName(s)) ?? []).join(' '),
    party: partyText(row),
    kind: KIND_LABEL[row.kind],
    alias: OFFICE_ALIASES.filter(([re]) => re.test(foldedRole)).map(([, a]) => a).join(' '),
    local: localTerms ? localTerms(roleOf(row), states, row.entry.gender, row.name) : '',
  };
}

export interface PersonRole {
  rowId: string;
  kind: PersonKind;
  /** The line under the name (roleOf). */
  role: string;
  /** The person's grammatical gender, which the role's title agrees with in Spanish and Arabic. */
  gender: Gender;
  link: PersonLink;
}

/** One real person, with every role the packs give them (Gretchen Whitmer: governor, and Michigan official). */
export interface PersonResult {
  /** normalizeName of the name: what makes two rows the same person. */
  key: string;
  name: string;
  imageUrl?: string;
  roles: PersonRole[];
  score: number;
}

interface Person {
  key: string;
  name: string;
  imageUrl?: string;
  roles: PersonRole[];
  /** The row that decides ties: first in list order (KIND_ORDER, then pack order). */
  first: PersonRow;
}

export interface PeopleIndex {
  readonly search: MiniSearch<PersonDoc>;
  /** Row id → the words that name its states (names and codes), to tell a query for a state from one for a name. */
  readonly stateWords: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** Row id → its person. */
  readonly personOf: ReadonlyMap<string, Person>;
  /** Row id → the words of its name and office, for the phrase bonus. */
  readonly phrases: ReadonlyMap<string, readonly (readonly string[])[]>;
}

const listOrder = (a: PersonRow, b: PersonRow): number => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || byPackOrder(a, b);

const phraseWords = (text: string): string[] => queryTerms(text).filter((w) => !STOP_WORDS.has(w));

/** The index over `rows`; `localTerms` adds words of another language (the hub's, in Spanish or Arabic). */
export function buildPeopleIndex(rows: readonly PersonRow[], localTerms?: LocalTerms): PeopleIndex {
  const byKey = new Map<string, PersonRow[]>();
  for (const row of rows) {
    const key = normalizeName(row.name);
    const group = byKey.get(key);
    if (group) group.push(row);
    else byKey.set(key, [row]);
  }
  const personOf = new Map<string, Person>();
  for (const [key, group] of byKey) {
    group.sort(listOrder);
    const first = group[0]!;
    const imageUrl = group.map((r) => r.entry.imageUrl).find((url) => url !== undefined);
    const person: Person = {
      key,
      name: first.name,
      ...(imageUrl ? { imageUrl } : {}),
      // Two rows that open the same profile are one role (Michigan's governor is in two packs: one result, one link).
      roles: group
        .map((r) => ({ rowId: r.id, kind: r.kind, role: roleOf(r), gender: r.entry.gender, link: linkFor(r) }))
        .filter((role, i, all) => all.findIndex((o) => o.link.to === role.link.to && o.link.q === role.link.q) === i),
      first,
    };
    for (const r of group) personOf.set(r.id, person);
  }

  const search = createTextIndex<PersonDoc>({
    fields: FIELDS,
    boost: BOOST,
    keepStopWordsIn: ['code'],
    // No length normalisation: the fields are a few words each, and "Governor of New Hampshire" is no
    // less a governor than "Governor of Ohio". Equal scores then fall back to the lists' own order.
    bm25: { k: 1.2, b: 0, d: 0.5 },
  });
  const docs = rows.map((row) => docFor(row, localTerms));
  search.addAll(docs);
  const phrases = new Map(docs.map((d) => [d.id, [phraseWords(d.name), phraseWords(d.role)]]));
  const stateWords = new Map(rows.map((row) => [row.id, statesOf(row, officeText(row)).map((s) => {
    const key = normalizeName(s);
    return [...key.split(' '), ...(CODES.get(key) ?? [])];
  })]));
  return { search, personOf, phrases, stateWords };
}

/** The query's words in a row, one after another, the last as a prefix: "governor of michigan", "secretary of state". */
function hasPhrase(lines: readonly (readonly string[])[], terms: readonly string[]): boolean {
  if (terms.length < 2) return false;
  const last = terms.length - 1;
  return lines.some((words) => {
    for (let i = 0; i + last < words.length; i++) {
      if (terms.every((t, j) => (j === last ? words[i + j]!.startsWith(t) : words[i + j] === t))) return true;
    }
    return false;
  });
}

const PHRASE_BONUS = 1.5;
/** Scores equal but for floating-point noise count as ties. */
const rounded = (score: number): number => Math.round(score * 1e6);

/**
 * People matching a typed text, best first: BM25 score (× 1.5 when the words appear in that order in the
 * name or office), then the lists' order (executive, cabinet, governors, Michigan, court; each pack's own
 * order). One result per person, scored by their best-matching row.
 */
export function searchIndex(index: PeopleIndex, text: string, limit = 40): PersonResult[] {
  const query = textQuery(text);
  if (!query) return [];
  const terms = queryTerms(text);
  // A query that names a row's state ("mich", "MI") is a search for that state: a name that merely starts with
  // the same letters (Michael Warren, a Michigan court nominee) must not lift that row above the state's
  // governor, so such rows are scored without their name field.
  let withoutName: Map<string, number> | undefined;
  const namesState = (id: string): boolean =>
    terms.length > 0 && (index.stateWords.get(id) ?? []).some((words) => terms.every((t) => words.some((w) => w.startsWith(t))));
  const best = new Map<Person, number>();
  for (const hit of index.search.search(query)) {
    const id = String(hit.id);
    const person = index.personOf.get(id);
    if (!person) continue;
    let raw = hit.score;
    if (namesState(id) && Object.values(hit.match).some((fields) => fields.includes('name'))) {
      withoutName ??= new Map(index.search.search(query, { fields: FIELDS.filter((f) => f !== 'name') }).map((h) => [String(h.id), h.score]));
      raw = withoutName.get(id) ?? raw;
    }
    const score = hasPhrase(index.phrases.get(id) ?? [], terms) ? raw * PHRASE_BONUS : raw;
    if (score > (best.get(person) ?? -Infinity)) best.set(person, score);
  }
  return [...best]
    .sort(([a, sa], [b, sb]) => rounded(sb) - rounded(sa) || listOrder(a.first, b.first))
    .slice(0, limit)
    .map(([p, score]) => ({ key: p.key, name: p.name, ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}), roles: p.roles, score }));
}

/**
 * One representative search (AND, prefix, typo, phrase, merge), run by the hub when the browser is idle
 * right after building the index: the first search compiles the search code, 10–20 ms on a phone-class CPU
 * that would otherwise land on the first keystroke.
 */
export function warmUp(index: PeopleIndex): void {
  searchIndex(index, 'governor of michigan');
}
