// The event's award polls (Firestore `polls`, written by organisers with the Admin SDK): their schema, which are
// open, their order, and the ballot's words. Shared by the React ballot (PollScreen) and the pre-React ballot of
// the prerendered /poll page (ballotIsland.ts), so both show the same poll in the same words — the takeover
// (src/app/prerender.ts) swaps the two copies when their text matches.
// No React, no Dexie here: the ballot island must stay a few kilobytes.
import * as v from 'valibot';
import { QuestionSchema } from './listModel';

/**
 * An award poll as stored in `polls/{id}`. Organisers decide what is on the ballot by writing the collection:
 * `open: false` closes a poll (it stays listed as closed), `order` sorts the ballots (lowest first).
 */
export const AwardPollSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  questions: v.pipe(v.array(QuestionSchema), v.minLength(1)),
  open: v.optional(v.boolean()),
  order: v.optional(v.number()),
});

export type AwardPollDocument = v.InferOutput<typeof AwardPollSchema>;

/** The documents a ballot can show: anything that fails the schema is left out (never a crash). */
export function validAwardPolls(docs: readonly unknown[]): AwardPollDocument[] {
  return docs.map((d) => v.safeParse(AwardPollSchema, d)).flatMap((r) => (r.success ? [r.output] : []));
}

/** A poll is open unless its document says otherwise. */
export const isOpen = (poll: { open?: boolean | undefined }): boolean => poll.open !== false;

/** Ballot order: the organisers' `order` (polls without one last), then title, then id. */
export function inBallotOrder<T extends { id: string; title: string; order?: number | undefined }>(polls: readonly T[]): T[] {
  const rank = (p: T): number => p.order ?? Number.POSITIVE_INFINITY;
  return [...polls].sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The ballot's address: what the banner, Event Details, /vote and the organisers' QR code link to. */
export const ballotPath = (pollId: string): string => `/poll?${new URLSearchParams({ id: pollId }).toString()}`;

/** Spec §2 and §8: the ballot's words, exactly as the spec quotes them where it does. */
export const BALLOT_TEXT = {
  emailTitle: 'Make Your Vote Matter!',
  emailHelp: 'Enter your email to cast your vote for your favorite Fashion Icon',
  emailLabel: 'Email',
  emailNote: 'One vote per e-mail. Your e-mail is only used to count your vote once.',
  emailSubmit: 'Submit',
  closeHome: 'Close and go home',
  invalidEmail: 'Please enter a valid email address.',
  step: (n: number, m: number) => `Category ${n} of ${m}`,
  progress: 'Progress',
  previous: 'Previous',
  next: 'Next',
  submitVote: 'Submit Vote',
  saving: 'Saving…',
  error: 'Error',
  backToPolls: 'Back to Polls',
  noId: 'No poll ID provided',
  notFound: 'Poll not found',
  fetchError: 'Error fetching poll',
  fetchErrorHelp: 'Check your connection — polls you have opened before work offline.',
  closed: 'Voting on this poll has closed. Thank you to everyone who voted!',
  thankYouTitle: 'Thank you for voting!',
  close: 'Close',
} as const;

/**
 * What a visitor did on the pre-React ballot, kept in localStorage under `ballotHandoverKey(pollId)` at every
 * change (it survives a reload before the app has started) and announced with a `BALLOT_EVENT` on window. The
 * React ballot starts from it and moves it into IndexedDB (the ballot draft): nothing chosen or typed before the
 * app took over is lost.
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
  updatedAt: number;
}

export const ballotHandoverKey = (pollId: string): string => `town-square.ballot.${pollId}`;
export const BALLOT_EVENT = 'town-square:ballot';

const HandoverSchema = v.object({
  pollId: v.string(),
  email: v.string(),
  emailInput: v.string(),
  answers: v.record(v.string(), v.string()),
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  order: v.record(v.string(), v.array(v.string())),
  updatedAt: v.number(),
});

/** The stored handover of a poll, or null (none, unreadable, or for another poll). */
export function readBallotHandover(store: Pick<Storage, 'getItem'> | null, pollId: string): BallotHandover | null {
  try {
    const raw = store?.getItem(ballotHandoverKey(pollId));
    if (!raw) return null;
    const parsed = v.safeParse(HandoverSchema, JSON.parse(raw));
    return parsed.success && parsed.output.pollId === pollId ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * A vote submitted on the pre-React ballot, before the app could commit it to the outbox: kept in localStorage
 * under `STAGED_VOTES_KEY` (written synchronously, so it survives the tab being closed at once) until the app
 * commits it exactly like a vote cast in the app (src/features/polls/staged.ts).
 */
export interface StagedVote {
  pollId: string;
  /** Made on the device when Submit Vote was pressed: the app commits it with this id, so it can tell its own commit. */
  responseId: string;
  email: string;
  answers: Record<string, string>;
  /** When Submit Vote was pressed (the vote's timestamp), ISO 8601. */
  pressedAt: string;
}

export const STAGED_VOTES_KEY = 'town-square.staged-votes';

const StagedSchema = v.array(v.object({ pollId: v.string(), responseId: v.string(), email: v.string(), answers: v.record(v.string(), v.string()), pressedAt: v.string() }));

export function readStagedVotes(store: Pick<Storage, 'getItem'> | null): StagedVote[] {
  try {
    const raw = store?.getItem(STAGED_VOTES_KEY);
    if (!raw) return [];
    const parsed = v.safeParse(StagedSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
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
 * The award ballots' cards on /vote, drawn by the app and by the /vote preview (preview.ts) in the same words.
 * No vote count on these cards, unlike community polls: award votes are private (they carry e-mails), and a
 * public tally per vote would let anyone test whether an e-mail has voted (docs/security.md).
 */
export const AWARD_CARD_TEXT = {
  heading: 'Detroit Fashion Choice Awards',
  intro: 'Vote for your favorite fashion icons. One vote per e-mail; it works offline too.',
  postedBy: 'Posted by: Detroit Fashion Choice Awards',
  categories: (n: number) => (n === 1 ? '1 category' : `${n} categories`),
  closed: 'Voting closed',
  vote: 'Vote',
  view: 'View',
  voteLabel: (title: string) => `Vote in ${title}`,
  viewLabel: (title: string) => `View ${title}`,
  voted: 'You voted',
  empty: 'No award ballots are open right now.',
  emptyOffline: 'The award ballots will show here once this device has been online.',
  communityHeading: 'Community polls',
} as const;
