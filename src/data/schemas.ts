/**
 * Schemas for the static civic data packs in src/data/packs/*.json.
 *
 * Every pack has the shape { pack, version, asOf, entries } (plus a few pack-specific
 * top-level fields). Every entry carries its provenance: `source` (an https page where the
 * facts can be checked), `verifiedOn` (ISO date of the data snapshot the facts come from)
 * and, when the entry could not be confirmed as current on `asOf`, `unverified: true`
 * with an optional `note`. Objects are strict: unknown fields are rejected.
 */
import * as v from 'valibot';

// ── Shared pieces ──────────────────────────────────────────────────────────

/** ISO calendar date, yyyy-mm-dd. */
export const IsoDateSchema = v.pipe(v.string(), v.isoDate('Expected an ISO date (yyyy-mm-dd)'));

/** Absolute https URL. */
export const HttpsUrlSchema = v.pipe(
  v.string(),
  v.url('Expected a URL'),
  v.startsWith('https://', 'Expected an https URL'),
);

/** Lower-case, hyphen-separated slug: "new-hampshire". */
export const SlugSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a lower-case hyphenated slug'),
);

/** Non-empty text without leading or trailing whitespace. */
const TextSchema = v.pipe(
  v.string(),
  v.nonEmpty('Expected non-empty text'),
  v.check((s) => s.trim() === s, 'Text must not start or end with whitespace'),
);

const PackVersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * The person's grammatical gender, which the offices shown in Spanish and Arabic must agree with ("Gobernadora de
 * Alabama", "حاكمة ألاباما"). Required on every person: a title cannot be shown in those languages without it.
 */
export const GENDERS = ['female', 'male', 'unknown'] as const;
/** `unknown` where no source says (titles then take the language's general form). */
export const GenderSchema = v.picklist(GENDERS, 'Expected "female", "male" or "unknown"');
export type Gender = v.InferOutput<typeof GenderSchema>;

/**
 * Why an entry is marked unverified. The label is shown only for a reason the data states, so a visitor can
 * tell a risky entry from a safe one: `sources-disagree` — sources give different facts; `no-source-since-change`
 * — no source is newer than the last known change of the office (e.g. only the swearing-in report);
 * `source-lists-none` — the source cited does not (yet) name the person for what the entry says (a nominee).
 */
export const UNVERIFIED_REASONS = ['sources-disagree', 'no-source-since-change', 'source-lists-none'] as const;
export type UnverifiedReason = (typeof UNVERIFIED_REASONS)[number];

/** Provenance fields shared by every entry of every pack. */
const provenance = {
  source: HttpsUrlSchema,
  verifiedOn: IsoDateSchema,
  unverified: v.exactOptional(v.literal(true)),
  /** Required with `unverified`, and only with it. */
  unverifiedWhy: v.exactOptional(v.picklist(UNVERIFIED_REASONS)),
  note: v.exactOptional(TextSchema),
} as const;

/** Entry invariant: `unverified` comes with its reason, and a reason only with `unverified`. */
export function unverifiedWithReason(e: { readonly unverified?: true; readonly unverifiedWhy?: string }): boolean {
  return (e.unverified === true) === (e.unverifiedWhy !== undefined);
}
const UNVERIFIED_WHY = 'unverified and unverifiedWhy must be given together';

/** `termEnd` of an office held until a successor takes over (no fixed end date, e.g. a cabinet post). */
export const UNTIL_SUCCESSOR = 'until-successor';

/**
 * A person's time in office as data, so the app can act on it against today's date (see
 * src/features/civic/tenure.ts): an Acting label, "Term ended …" once `termEnd` has passed. All optional:
 * a field is given only when a source states it.
 */
const tenure = {
  /** First day in the office (or in the acting role). */
  termStart: v.exactOptional(IsoDateSchema),
  /** Last day of the term (the day the successor is sworn in), or "until-successor". */
  termEnd: v.exactOptional(v.union([IsoDateSchema, v.literal(UNTIL_SUCCESSOR)])),
  /** Serving in an acting capacity (not confirmed / not elected to the post). */
  acting: v.exactOptional(v.boolean()),
  /** Day of the election that gave the current term. */
  electedOn: v.exactOptional(IsoDateSchema),
  /**
   * The election for this person's seat that the pack's facts predate (e.g. 2026-11-03): once its day has come,
   * the app says the election was held and its results are not yet in Town Square, and links `resultsUrl`.
   * `incumbent` says what the election means for this person: `running` for re-election, `term-limited`,
   * `not-running` (could have run, did not), or `unknown`. Remove the field when the results are put in the pack.
   */
  seatElection: v.exactOptional(v.pipe(v.strictObject({
    date: IsoDateSchema,
    resultsUrl: v.exactOptional(HttpsUrlSchema),
    incumbent: v.picklist(['running', 'term-limited', 'not-running', 'unknown']),
    /** The page that says whether the office-holder runs (an announcement), where the pack's `source` does not. */
    incumbentSource: v.exactOptional(HttpsUrlSchema),
    /**
     * The ballot as data: every nominee the sources support (or none), each marked by nominating party — they are
     * nominees, not office-holders. Given only with `nomineesSource`, the page that lists them.
     */
    nominees: v.exactOptional(v.pipe(v.array(v.strictObject({ name: TextSchema, gender: GenderSchema, party: TextSchema })), v.minLength(2))),
    nomineesSource: v.exactOptional(HttpsUrlSchema),
  }), v.check((s) => (s.nominees === undefined) === (s.nomineesSource === undefined), 'nominees and nomineesSource must be given together'))),
} as const;

/** Entry invariant: a term cannot end before it starts. */
export function termInOrder(e: { readonly termStart?: string; readonly termEnd?: string }): boolean {
  return e.termStart === undefined || e.termEnd === undefined || e.termEnd === UNTIL_SUCCESSOR || e.termStart <= e.termEnd;
}
const TERM_ORDER = 'termEnd must not be before termStart';

interface PackLike {
  readonly asOf: string;
  readonly entries: readonly { readonly id: string; readonly verifiedOn: string }[];
}

/** Pack invariant: entry ids are unique within the pack. */
export function hasUniqueIds(pack: PackLike): boolean {
  return new Set(pack.entries.map((e) => e.id)).size === pack.entries.length;
}

/** Pack invariant: no entry is verified after the pack's asOf date. */
export function verifiedNotAfterAsOf(pack: PackLike): boolean {
  return pack.entries.every((e) => e.verifiedOn <= pack.asOf);
}

const UNIQUE_IDS = 'Entry ids must be unique within a pack';
const NOT_AFTER_AS_OF = 'No entry may be verified after the pack asOf date';

/**
 * The envelope every pack shares ({ pack, version, asOf, ...extra, entries }) with the two pack
 * invariants (unique ids, nothing verified after asOf) already applied.
 */
function packSchema<N extends string, E extends v.GenericSchema<unknown, PackLike['entries'][number]>, X extends v.ObjectEntries>(
  name: N,
  entry: E,
  extra: X,
) {
  return v.pipe(
    v.strictObject({ pack: v.literal(name), version: PackVersionSchema, asOf: IsoDateSchema, ...extra, entries: v.array(entry) }),
    v.check((pack) => hasUniqueIds(pack as PackLike), UNIQUE_IDS),
    v.check((pack) => verifiedNotAfterAsOf(pack as PackLike), NOT_AFTER_AS_OF),
  );
}

// ── executive.json: profile entries (President, Vice President, Alabama) ──

/** The three fixed keys the official-profile screen selects by. */
export const PROFILE_KEYS = ['President profile', 'Vice President profile', 'Alabama'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

export const ProfileEntrySchema = v.pipe(
  v.strictObject({
    id: SlugSchema,
    key: v.picklist(PROFILE_KEYS),
    imageUrl: v.exactOptional(HttpsUrlSchema),
    name: TextSchema,
    gender: GenderSchema,
    title: TextSchema,
    smallDesc: TextSchema,
    lgd1: TextSchema,
    lgd2h: TextSchema,
    lgd2: TextSchema,
    randomImg2: v.exactOptional(HttpsUrlSchema),
    lgd3h: TextSchema,
    lgd3: TextSchema,
    lgd4h: v.exactOptional(TextSchema),
    lgd4: v.exactOptional(TextSchema),
    /** Closing quote: only a real, well-documented quote; otherwise omitted. */
    end: v.exactOptional(TextSchema),
    /** Attribution of the closing quote. */
    endDesc: v.exactOptional(TextSchema),
    ...tenure,
    ...provenance,
  }),
  v.check((e) => termInOrder(e), TERM_ORDER),
  v.check((e) => unverifiedWithReason(e), UNVERIFIED_WHY),
  v.check(
    (e) => (e.lgd4h === undefined) === (e.lgd4 === undefined),
    'lgd4h and lgd4 must be given together',
  ),
  v.check(
    (e) => (e.end === undefined) === (e.endDesc === undefined),
    'end (quote) and endDesc (attribution) must be given together',
  ),
);
export type ProfileEntry = v.InferOutput<typeof ProfileEntrySchema>;

export const ExecutivePackSchema = v.pipe(
  packSchema('executive', ProfileEntrySchema, {}),
  v.check(
    (pack) => PROFILE_KEYS.every((k) => pack.entries.filter((e) => e.key === k).length === 1),
    'Each profile key must appear exactly once',
  ),
);
export type ExecutivePack = v.InferOutput<typeof ExecutivePackSchema>;

// ── cabinet.json ───────────────────────────────────────────────────────────

export const CabinetMemberSchema = v.pipe(v.strictObject({
  id: SlugSchema,
  name: TextSchema,
  gender: GenderSchema,
  title: TextSchema,
  party: v.exactOptional(TextSchema),
  about: TextSchema,
  /** Free date text, e.g. "January 2025". */
  tookOffice: v.exactOptional(TextSchema),
  previousPosition: v.exactOptional(TextSchema),
  redirectLink: v.exactOptional(HttpsUrlSchema),
  imageUrl: v.exactOptional(HttpsUrlSchema),
  ...tenure,
  ...provenance,
}), v.check((e) => termInOrder(e), TERM_ORDER), v.check((e) => unverifiedWithReason(e), UNVERIFIED_WHY));
export type CabinetMember = v.InferOutput<typeof CabinetMemberSchema>;

export const CabinetPackSchema = packSchema('cabinet', CabinetMemberSchema, {
  /** How the members were counted. */
  note: TextSchema,
});
export type CabinetPack = v.InferOutput<typeof CabinetPackSchema>;

// ── governors.json ─────────────────────────────────────────────────────────

export const GovernorContactSchema = v.strictObject({
  address: v.exactOptional(TextSchema),
  phone: v.exactOptional(TextSchema),
  fax: v.exactOptional(TextSchema),
});
export type GovernorContact = v.InferOutput<typeof GovernorContactSchema>;

/**
 * State slug rule: stateName lower-cased, periods dropped, spaces turned into hyphens.
 * "New Hampshire" → "new-hampshire", "U.S. Virgin Islands" → "us-virgin-islands".
 */
export function stateSlug(stateName: string): string {
  return stateName.toLowerCase().replace(/\./g, '').trim().replace(/\s+/g, '-');
}

export const GovernorSchema = v.pipe(
  v.strictObject({
    /** Same as `state`. */
    id: SlugSchema,
    state: SlugSchema,
    stateName: TextSchema,
    name: TextSchema,
    gender: GenderSchema,
    party: TextSchema,
    /** Multi-line text: "Took office: January 2019\nTerm ends: January 2027". */
    term: TextSchema,
    imageUrl: v.exactOptional(HttpsUrlSchema),
    /** "School: …" line. */
    education: v.exactOptional(v.pipe(TextSchema, v.startsWith('School: '))),
    /** "Birth State: …" line. */
    birth_state: v.exactOptional(v.pipe(TextSchema, v.startsWith('Birth State: '))),
    about: TextSchema,
    contact: v.exactOptional(GovernorContactSchema),
    redirectLink: HttpsUrlSchema,
    ...tenure,
    /**
     * Required for a governor, and a date: every governor's term has a fixed last day, and without it the app
     * would go on presenting a governor as serving after the successor was sworn in. Where no source states the
     * day, it follows from the state's inauguration rule (the entry's note says which).
     */
    termEnd: IsoDateSchema,
    ...provenance,
  }),
  v.check((e) => termInOrder(e), TERM_ORDER),
  v.check((e) => unverifiedWithReason(e), UNVERIFIED_WHY),
  v.check((g) => g.id === g.state, 'Governor id must equal its state slug'),
  v.check((g) => g.state === stateSlug(g.stateName), 'state must be the slug of stateName'),
);
export type Governor = v.InferOutput<typeof GovernorSchema>;

export const GovernorsPackSchema = packSchema('governors', GovernorSchema, {});
export type GovernorsPack = v.InferOutput<typeof GovernorsPackSchema>;

// ── michigan.json ──────────────────────────────────────────────────────────

export const MichiganOfficialSchema = v.pipe(v.strictObject({
  id: SlugSchema,
  name: TextSchema,
  gender: GenderSchema,
  position: TextSchema,
  about: TextSchema,
  party: TextSchema,
  imageUrl: v.exactOptional(HttpsUrlSchema),
  redirectLink: v.exactOptional(HttpsUrlSchema),
  tookOffice: v.exactOptional(TextSchema),
  previousPosition: v.exactOptional(TextSchema),
  ...tenure,
  ...provenance,
}), v.check((e) => termInOrder(e), TERM_ORDER), v.check((e) => unverifiedWithReason(e), UNVERIFIED_WHY));
export type MichiganOfficial = v.InferOutput<typeof MichiganOfficialSchema>;

export const MichiganPackSchema = packSchema('michigan', MichiganOfficialSchema, {});
export type MichiganPack = v.InferOutput<typeof MichiganPackSchema>;

// ── court.json: Michigan Supreme Court candidates ─────────────────────────

export const CourtElectionSchema = v.strictObject({
  year: v.pipe(v.number(), v.integer(), v.minValue(1900)),
  /** Election day. Once it has passed with no candidate's `outcome` in the pack, the app says results are not in yet. */
  date: IsoDateSchema,
  seats: v.exactOptional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  note: TextSchema,
  /** The official results page (linked while results are not in the pack). */
  resultsUrl: v.exactOptional(HttpsUrlSchema),
  /** Where the race's facts (date, seats, who ran) come from. */
  source: HttpsUrlSchema,
  /** The candidate list is incomplete or not from an official list. */
  unofficial: v.exactOptional(v.literal(true)),
});
export type CourtElection = v.InferOutput<typeof CourtElectionSchema>;

export const CourtCandidateSchema = v.pipe(v.strictObject({
  id: SlugSchema,
  name: TextSchema,
  gender: GenderSchema,
  /** The `year` of the race in the pack's `elections` this person ran in. */
  electionYear: v.pipe(v.number(), v.integer()),
  about: TextSchema,
  Born: v.exactOptional(TextSchema),
  Education: v.exactOptional(TextSchema),
  /** Nominating party (the ballot itself is nonpartisan). */
  Party: v.exactOptional(TextSchema),
  /** Seat or term sought. */
  Office: v.exactOptional(TextSchema),
  Children: v.exactOptional(TextSchema),
  /** "Won", "Lost", "Retained seat", … */
  outcome: v.exactOptional(TextSchema),
  campaignUrl: v.exactOptional(HttpsUrlSchema),
  imageUrl: v.exactOptional(HttpsUrlSchema),
  ...provenance,
}), v.check((e) => unverifiedWithReason(e), UNVERIFIED_WHY));
export type CourtCandidate = v.InferOutput<typeof CourtCandidateSchema>;

export const CourtPackSchema = v.pipe(
  packSchema('court', CourtCandidateSchema, { elections: v.pipe(v.array(CourtElectionSchema), v.minLength(1)) }),
  v.check((pack) => new Set(pack.elections.map((e) => e.year)).size === pack.elections.length, 'Each election year appears once'),
  v.check(
    (pack) => pack.entries.every((c) => pack.elections.some((e) => e.year === c.electionYear)),
    'Every candidate names an election of the pack',
  ),
);
export type CourtPack = v.InferOutput<typeof CourtPackSchema>;
