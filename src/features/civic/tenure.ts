// What a person's term and check date mean today. The packs store terms as data (src/data/schemas.ts:
// termStart, termEnd, acting, electedOn, verifiedOn); this is the one place that turns them into what a
// visitor reads, against the device's calendar date, so every screen (and `npm run data:check`) agrees.
import { UNTIL_SUCCESSOR } from '../../data/schemas';

/** After this many days since an entry was last checked, it says it may be out of date. */
export const STALE_AFTER_DAYS = 90;

export interface TenureFacts {
  readonly termStart?: string;
  readonly termEnd?: string;
  readonly acting?: boolean;
  readonly electedOn?: string;
  readonly verifiedOn?: string;
  /** A court candidate's settled result ("Won", "Lost", …). */
  readonly outcome?: string;
  /** The election for the seat that the facts predate (src/data/schemas.ts `seatElection`). */
  readonly seatElection?: {
    readonly date: string;
    readonly resultsUrl?: string;
    readonly incumbent: string;
    readonly nominees?: readonly Nominee[];
    readonly nomineesSource?: string;
  };
}

/** A nominee on the ballot for the seat (src/data/schemas.ts `seatElection.nominees`). */
export interface Nominee {
  readonly name: string;
  readonly gender: string;
  readonly party: string;
}

/** What the seat's election means for the person holding it. */
export type Incumbent = 'running' | 'term-limited' | 'not-running' | 'unknown';
const INCUMBENT: readonly string[] = ['running', 'term-limited', 'not-running', 'unknown'] satisfies Incumbent[];
const incumbentOf = (value: string): Incumbent => (INCUMBENT.includes(value) ? (value as Incumbent) : 'unknown');

/** The election for the seat, as of today. */
export interface SeatElection {
  date: string;
  resultsUrl?: string;
  incumbent: Incumbent;
  /** Its day has come: the results are what Town Square does not have yet. */
  held: boolean;
  /** The nominees on the ballot, when the pack lists them, and the page that does. */
  nominees?: readonly Nominee[];
  nomineesSource?: string;
}

/**
 * Why an entry may be out of date — the screen says "may be out of date" only for one of these, never for age
 * alone: `term-ended` (the office has changed hands, or been renewed, since the facts were checked) and
 * `election-held` (the seat's election was held after the facts were checked).
 */
export type OutOfDate = 'term-ended' | 'election-held';

export interface Tenure {
  /** Serving in an acting capacity. */
  acting: boolean;
  /** The term's end date has come: the person is no longer presented as serving. */
  ended: boolean;
  /** The term's last day (successor sworn in), when a date is known. */
  termEnd?: string;
  /** Holds office until a successor takes over (no fixed end). */
  untilSuccessor: boolean;
  termStart?: string;
  electedOn?: string;
  /** Day the entry's facts were last checked. */
  checkedOn?: string;
  /** Whole days since `checkedOn`. */
  ageDays?: number;
  /** Checked longer ago than STALE_AFTER_DAYS: a refresh work list (`npm run data:check`), not shown on screens. */
  stale: boolean;
  /** The seat's election, when the pack names one. */
  election?: SeatElection;
  /** Why the entry may be out of date, when the data says; otherwise absent (nothing is shown). */
  outOfDate?: OutOfDate;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The device's calendar date as yyyy-mm-dd (local time: a term ends on the local day, not in UTC). */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Whole calendar days from `from` to `to` (both yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function isoOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;
}

/**
 * The tenure of an entry on `today`. A term ends ON its `termEnd` day (the day the successor is sworn in),
 * so from that morning the person is shown as "Term ended" rather than as serving.
 *
 * Each field is checked before use although the app passes only schema-checked rows: `npm run data:check`
 * passes pack entries as read from disk, which may fail the schema.
 */
export function tenureOf(e: TenureFacts, today: string): Tenure {
  const termEnd = isoOrUndefined(e.termEnd);
  const checkedOn = isoOrUndefined(e.verifiedOn);
  const ageDays = checkedOn ? daysBetween(checkedOn, today) : undefined;
  const t: Tenure = {
    acting: e.acting === true,
    ended: termEnd !== undefined && today >= termEnd,
    untilSuccessor: e.termEnd === UNTIL_SUCCESSOR,
    // A settled election result (a court candidate's `outcome`) is history: it does not go out of date.
    stale: ageDays !== undefined && ageDays > STALE_AFTER_DAYS && typeof e.outcome !== 'string',
  };
  if (termEnd) t.termEnd = termEnd;
  const termStart = isoOrUndefined(e.termStart);
  if (termStart) t.termStart = termStart;
  const electedOn = isoOrUndefined(e.electedOn);
  if (electedOn) t.electedOn = electedOn;
  if (checkedOn) t.checkedOn = checkedOn;
  if (ageDays !== undefined) t.ageDays = ageDays;
  const se = e.seatElection;
  const electionDay = isoOrUndefined(se?.date);
  if (se && electionDay) {
    t.election = { date: electionDay, incumbent: incumbentOf(se.incumbent), held: today >= electionDay };
    if (typeof se.resultsUrl === 'string') t.election.resultsUrl = se.resultsUrl;
    if (Array.isArray(se.nominees) && typeof se.nomineesSource === 'string') {
      t.election.nominees = se.nominees;
      t.election.nomineesSource = se.nomineesSource;
    }
  }
  if (t.ended) t.outOfDate = 'term-ended';
  else if (t.election?.held && (checkedOn === undefined || checkedOn < t.election.date)) t.outOfDate = 'election-held';
  return t;
}
