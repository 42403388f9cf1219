// The event's award polls (Firestore `polls`, written by organisers with the Admin SDK): their schema, which are
// open, their order, and the hand-over between the two ballots. Shared by the React ballot (PollScreen) and the
// pre-React ballot of the prerendered /poll page (ballotIsland.ts), so both take the same polls and state; both
// draw with the same components (BallotView.tsx), the island through the build's templates (BallotParts.tsx).
// No React, no Dexie and no schema library here: the ballot island must be usable one round trip after its HTML
// on a 400 kbit/s network, where valibot's ~2 kB (gz) alone took 40 ms; these few shapes are checked by hand.
import type { AwardPollTexts, PollQuestion, PollTextLanguage, StoredPollTexts } from '../../lib/pollQuestion';
import type { AnyLocale } from '../../lib/locales';
import { serverNow } from '../../lib/serverNow';
import { compareTitles } from '../../lib/textOrder';
import type { LocalVote } from '../../db/types';
import { DEVICE_LIMIT_DEFAULT } from '../../lib/limits';

export type AwardQuestion = PollQuestion;

/**
 * An award poll as stored in `polls/{id}`. Organisers decide what is on the ballot by writing the collection:
 * `open: false` closes a poll (it stays listed as closed), `order` sorts the ballots (lowest first).
 */
export interface AwardPollDocument {
  id: string;
  title: string;
  questions: AwardQuestion[];
  open?: boolean;
  order?: number;
  /** The voting window (issue #31), epoch ms on the server's clock; firestore.rules enforces it. */
  opensAt?: number;
  closesAt?: number;
  /** Who may vote (issue #52): 'ticketed' — one ballot per voting code; absent or 'open' — per e-mail, deviceLimit a device. */
  voting?: 'open' | 'ticketed';
  deviceLimit?: number;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (x: unknown): x is string => typeof x === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function asQuestion(v: unknown): AwardQuestion | null {
  if (!isObject(v) || typeof v.id !== 'string' || typeof v.question !== 'string' || !isStrings(v.options)) return null;
  return { id: v.id, question: v.question, options: v.options };
}

/** One document as a ballot can show it, or null: a non-empty id, a title, at least one well-formed question. */
function asAwardPoll(v: unknown): AwardPollDocument | null {
  if (!isObject(v) || typeof v.id !== 'string' || v.id === '' || typeof v.title !== 'string' || !Array.isArray(v.questions) || v.questions.length === 0) return null;
  const questions = v.questions.map(asQuestion);
  if (questions.some((q) => q === null)) return null;
  if (v.open !== undefined && typeof v.open !== 'boolean') return null;
  if (v.order !== undefined && (typeof v.order !== 'number' || !Number.isFinite(v.order))) return null;
  const time = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const opensAt = time(v.opensAt);
  const closesAt = time(v.closesAt);
  return {
    id: v.id,
    title: v.title,
    questions: questions as AwardQuestion[],
    ...(typeof v.open === 'boolean' ? { open: v.open } : {}),
    ...(typeof v.order === 'number' ? { order: v.order } : {}),
    ...(opensAt === undefined ? {} : { opensAt }),
    ...(closesAt === undefined ? {} : { closesAt }),
    ...(v.voting === 'ticketed' || v.voting === 'open' ? { voting: v.voting } : {}),
    ...(typeof v.deviceLimit === 'number' && Number.isInteger(v.deviceLimit) && v.deviceLimit >= 1 ? { deviceLimit: v.deviceLimit } : {}),
  };
}

/** The documents a ballot can show: anything malformed is left out (never a crash). */
export function validAwardPolls(docs: readonly unknown[]): AwardPollDocument[] {
  return docs.flatMap((d) => {
    const poll = asAwardPoll(d);
    return poll ? [poll] : [];
  });
}

export type VotingState = { state: 'scheduled'; opensAt: number } | { state: 'open' } | { state: 'closed'; closedAt?: number };

/**
 * Where a poll's voting window stands at `now` — the server's now as this device knows it (src/lib/serverNow.ts),
 * as firestore.rules judges it: before opensAt, scheduled; from closesAt, closed; `open: false` with no close
 * time, closed. Open otherwise.
 */
export function votingState(poll: { open?: boolean | undefined; opensAt?: number | undefined; closesAt?: number | undefined }, now: number = serverNow()): VotingState {
  if (poll.opensAt !== undefined && now < poll.opensAt) return { state: 'scheduled', opensAt: poll.opensAt };
  if (poll.closesAt !== undefined) return now < poll.closesAt ? { state: 'open' } : { state: 'closed', closedAt: poll.closesAt };
  return poll.open === false ? { state: 'closed' } : { state: 'open' };
}

/** How the app writes a moment of the voting window ("Opens at Sat 7:00 PM"): the list, the ballot, the islands. */
export const WINDOW_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', hour: 'numeric', minute: '2-digit' };

export const isOpen = (poll: { open?: boolean | undefined; opensAt?: number | undefined; closesAt?: number | undefined }, now?: number): boolean =>
  votingState(poll, now).state === 'open';

/**
 * Ballot order: the organisers' `order` (polls without one last), then title (src/lib/textOrder.ts: not
 * `localeCompare`, whose first call costs the /vote preview ~80 ms at 4x CPU), then id.
 */
export function inBallotOrder<T extends { id: string; title: string; order?: number | undefined }>(polls: readonly T[]): T[] {
  const rank = (p: T): number => p.order ?? Number.POSITIVE_INFINITY;
  // Two polls without an order: Infinity - Infinity is NaN, which `||` passes over to the title, as for a tie.
  return [...polls].sort((a, b) => rank(a) - rank(b) || compareTitles(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The ballot's address: what the banner, Event Details, /vote and the organisers' QR code link to. */
export const ballotPath = (pollId: string): string => `/poll?${new URLSearchParams({ id: pollId }).toString()}`;

/**
 * What a visitor is doing on the pre-React ballot, announced with a `BALLOT_EVENT` on window at every change, so
 * the React ballot (rendering hidden until it takes over the page) shows exactly that when it does. What outlives
 * the page is in IndexedDB, not here: the ballot's draft (ballotDrafts) and a cast vote (votes + outbox), written
 * by the pre-React ballot through src/db/preApp.ts.
 */
export interface BallotHandover {
  pollId: string;
  /** The e-mail once accepted (the e-mail step is done); '' before. */
  email: string;
  /** What is in the e-mail field, typed or not yet accepted. */
  emailInput: string;
  answers: Record<string, string>;
  index: number;
  /** Shuffled option order per question, so the app shows the options where the visitor saw them. */
  order: Record<string, string[]>;
  /** A ticketed poll's voting code (issue #52), from the ticket's link: the app's ballot takes it over. */
  code?: string;
  updatedAt: number;
}

export const BALLOT_EVENT = 'town-square:ballot';
const BALLOT_ON_PAGE = Symbol.for('town-square.ballot-on-page');
type BallotHost = { [BALLOT_ON_PAGE]?: Record<string, BallotHandover> };

/**
 * Called by the pre-React ballot at every change: kept in page memory (the React ballot may mount between two
 * changes, before the draft's IndexedDB write has committed) and announced with BALLOT_EVENT.
 */
export function announceBallot(state: BallotHandover): void {
  const copy = { ...state };
  ((globalThis as BallotHost)[BALLOT_ON_PAGE] ??= {})[state.pollId] = copy;
  globalThis.dispatchEvent?.(new CustomEvent(BALLOT_EVENT, { detail: copy }));
}

/** The pre-React ballot's latest state of this poll on this page, if it drew one. */
export function ballotOnPage(pollId: string): BallotHandover | undefined {
  return (globalThis as BallotHost)[BALLOT_ON_PAGE]?.[pollId];
}

/** A vote the pre-React ballot stored (in IndexedDB) on this page: its `LocalVote`, as the event's detail. */
export const BALLOT_CAST_EVENT = 'town-square:ballot-cast';
const CAST_ON_PAGE = Symbol.for('town-square.cast-before-app');
type CastHost = { [CAST_ON_PAGE]?: LocalVote[] };

/** Called by the pre-React ballot once a vote is committed: the React ballot shows it as cast (page memory only). */
export function noteCastBeforeApp(vote: LocalVote): void {
  const host = globalThis as CastHost;
  (host[CAST_ON_PAGE] ??= []).push(vote);
  globalThis.dispatchEvent?.(new CustomEvent(BALLOT_CAST_EVENT, { detail: vote }));
}

/** The vote the pre-React ballot stored for this poll on this page, if any (the React ballot mounted after it). */
export function castBeforeApp(pollId: string): LocalVote | undefined {
  return (globalThis as CastHost)[CAST_ON_PAGE]?.find((v) => v.pollId === pollId);
}

/**
 * Option order per question: a saved order when it still lists exactly the question's options (a resumed ballot
 * looks the same), else a fresh shuffle of the non-blank options (spec §2: shuffled on load).
 */
export function optionOrder(
  questions: readonly { id: string; options: string[] }[],
  saved: Record<string, string[]> | undefined,
  shuffle: (items: readonly string[]) => string[],
): Record<string, string[]> {
  const order: Record<string, string[]> = {};
  for (const q of questions) {
    const shown = q.options.filter((o) => o.trim() !== '');
    const kept = saved?.[q.id];
    const valid = kept !== undefined && kept.length === shown.length && kept.every((o) => shown.includes(o));
    order[q.id] = valid ? kept : shuffle(shown);
  }
  return order;
}

/** Only answers to questions of this poll that are among its options (a changed poll drops the rest). */
export function validAnswers(questions: readonly { id: string; options: string[] }[], answers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(answers).filter(([qid, a]) => questions.some((q) => q.id === qid && q.options.includes(a))));
}

/**
 * The heading of the award ballots on /vote: the awards' name, in English in every language. The section names
 * who posted them. No vote count on the rows, unlike community polls: award votes are private (they carry
 * e-mails), and a public tally per vote would let anyone test whether an e-mail has voted (docs/security.md).
 */
export const AWARDS_NAME = 'Detroit Fashion Choice Awards';

/** A ballot this device cast in a poll, as far as opening the ballot again is concerned. */
export interface CastHere {
  /** The voting code it was cast with (ticketed polls). */
  code?: string | undefined;
  /** Refused by the server for good (its outbox row failed): it did not use up the phone's ballot. */
  refused: boolean;
}

/**
 * Whether this phone may cast another ballot in the poll (issue #54): then the ballot opens on the e-mail step,
 * as for anyone — a shared phone or a kiosk passes from hand to hand, and the next attendee must not see the last
 * one's choices. Otherwise it opens on what was voted. Open polls allow `deviceLimit` ballots a phone (default 1,
 * as firestore.rules counts them); a ticketed poll allows one per code, so the phone may vote again unless the code
 * it holds (`code`, from the ticket's link or kept) is one it already voted with. Refused votes do not count.
 */
export function mayCastAnother(poll: { voting?: 'open' | 'ticketed' | undefined; deviceLimit?: number | undefined }, cast: readonly CastHere[], code: string | null | undefined): boolean {
  const counted = cast.filter((c) => !c.refused);
  if (poll.voting === 'ticketed') return !code || !counted.some((c) => c.code === code);
  return counted.length < (poll.deviceLimit ?? DEVICE_LIMIT_DEFAULT);
}

// ---- An award ballot's words in Spanish and Arabic (issue #57). Organisers may give each poll's title and each
// category in es and ar (the console's "Spanish and Arabic" fields), stored in the poll's document as
//   i18n: { es?: "title\ncategory 1\n…", ar?: … }   (one line a category, in order, "" where none is given)
// and read into { title, questions }. A voter reads their language where it is written and the English — marked
// lang="en" — where it is not. Nominees are names: never translated; votes key answers by category id and nominee,
// so a translation never touches a count. Not drawn by the pre-React ballot (its page has no bytes to spare: it
// stays English until the app takes over); kept here, not in a module of their own, so that no extra chunk joins
// that page's list of what the app preloads.

export const POLL_TEXT_LANGUAGES = ['es', 'ar'] as const satisfies readonly PollTextLanguage[];
/** The same limits as the English (POLL_LIMITS in features/organiser/form.ts, firestore.rules validLocalTexts). */
export const LOCAL_TEXT_LIMITS = { title: 150, question: 300 } as const;

/** The stored form (firestore.rules validLocalTexts): a language with nothing written is left out; none at all: undefined. */
export function encodePollTexts(texts: AwardPollTexts | undefined): StoredPollTexts | undefined {
  const out: StoredPollTexts = {};
  for (const lang of POLL_TEXT_LANGUAGES) {
    const t = texts?.[lang];
    if (!t || (t.title.trim() === '' && t.questions.every((q) => q.trim() === ''))) continue;
    out[lang] = [t.title, ...t.questions].map((line) => line.replace(/[\r\n]+/g, ' ')).join('\n');
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A document's `i18n`, or undefined: a language is kept only when its text is well formed for a poll of
 * `categories` categories (a title line and one line a category, within the limits) — anything else is left out,
 * never a crash.
 */
export function parsePollTexts(raw: unknown, categories: number): AwardPollTexts | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const out: AwardPollTexts = {};
  for (const lang of POLL_TEXT_LANGUAGES) {
    const text = (raw as Record<string, unknown>)[lang];
    if (typeof text !== 'string') continue;
    const [title = '', ...questions] = text.split('\n');
    if (questions.length !== categories || title.length > LOCAL_TEXT_LIMITS.title || questions.some((q) => q.length > LOCAL_TEXT_LIMITS.question)) continue;
    if (title.trim() === '' && questions.every((q) => q.trim() === '')) continue;
    out[lang] = { title, questions };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A category as a voter reads it: `lang: 'en'` when it is still the organisers' English in another language. */
export interface ShownQuestion extends PollQuestion {
  lang?: 'en';
}

/** A poll with its words in the visitor's language where written; `titleLang: 'en'` marks an English title. */
export type ShownPoll<T> = Omit<T, 'title' | 'questions'> & { title: string; titleLang?: 'en'; questions: ShownQuestion[] };

export function inLanguage<T extends { title: string; questions: PollQuestion[]; i18n?: AwardPollTexts | undefined }>(poll: T, locale: AnyLocale): ShownPoll<T> {
  if (locale === 'en') return poll;
  const texts = locale === 'es' || locale === 'ar' ? poll.i18n?.[locale] : undefined;
  const title = texts?.title.trim();
  return {
    ...poll,
    ...(title ? { title } : { titleLang: 'en' as const }),
    questions: poll.questions.map((q, i) => {
      const local = texts?.questions[i]?.trim();
      return local ? { ...q, question: local } : { ...q, lang: 'en' as const };
    }),
  };
}
