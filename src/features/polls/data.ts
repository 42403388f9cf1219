// Poll reads (network → Dexie → screen) and writes (Dexie + outbox in one transaction).
// Reads use the lazy loaders of src/remote; nothing here imports Firebase itself.
import * as v from 'valibot';
import { describeStorageError } from '../../db/storageError';
import { db, type AwardPoll, type BallotDraft, type LocalVote, type UserPollRow } from '../../db';
import { countUserPollVotes, fetchAwardPolls, fetchPublicUserPoll, fetchPublicUserPolls, fetchUserPollTally, loadFirestore } from '../../remote';
import { observed } from '../../session';
import { mutate } from '../../sync';
import { voteDocId } from './logic';
import { AlreadyVotedError, awardVote } from './mutations/awardVote';
import { pollAnswer } from './mutations/pollAnswer';
import { userPoll, type NewPollInput } from './mutations/userPoll';
import { pollReport } from './mutations/pollReport';
import type { ReportReason } from '../../lib/reports';
import { validAwardPolls, type AwardPollDocument } from './awardModel';
import { parsePollTexts } from './awardModel';
import { firstNameOf, uploadedOnOf, UserPollSchema, validUserPolls, type UserPollDocument } from './listModel';

export type FetchOutcome = 'found' | 'not-found' | 'error';

/** A second call within this window shares the first one's answer (every screen may ask at start). */
const AWARD_REFRESH_MS = 30_000;
let awardRefresh: { at: number; done: Promise<boolean> } | null = null;

/**
 * Saves every award poll of the `polls` collection into IndexedDB (one public REST list, no Firebase SDK), and
 * forgets the ones the organisers removed: which ballots exist comes from the collection, not from code. Run at
 * each start after the first paint and whenever the connection returns (src/app/warmUp.ts), so every ballot
 * opens and can be voted offline after one online visit to any page. false: offline or refused (the saved copies
 * stay as they are).
 */
export function refreshAwardPolls(fetchList: () => Promise<readonly unknown[]> = fetchAwardPolls, now: number = Date.now()): Promise<boolean> {
  if (awardRefresh && now - awardRefresh.at < AWARD_REFRESH_MS) return awardRefresh.done;
  const done = (async () => {
    try {
      const docs = await observed(fetchList());
      // Each poll's Spanish and Arabic words (issue #57) are read here, not in awardModel: the pre-React ballot shares that.
      const rawById = new Map(docs.map((d) => [(d as { id?: unknown } | null)?.id, d]));
      const polls = validAwardPolls(docs).map((p) => toAwardPollRow(p, (rawById.get(p.id) as { i18n?: unknown } | undefined)?.i18n));
      const ids = new Set(polls.map((p) => p.id));
      await db.transaction('rw', db.polls, async () => {
        await db.polls.bulkDelete((await db.polls.toCollection().primaryKeys()).filter((id) => !ids.has(id)));
        await db.polls.bulkPut(polls);
      });
      return true;
    } catch (err) {
      console.warn('Award polls could not be refreshed; showing the saved copies', err);
      awardRefresh = null; // a failure is not remembered: the next screen may try again
      return false;
    }
  })();
  awardRefresh = { at: now, done };
  return done;
}

function toAwardPollRow({ open, order, ...poll }: AwardPollDocument, rawTexts: unknown): AwardPoll {
  const i18n = parsePollTexts(rawTexts, poll.questions.length);
  return { ...poll, ...(open === undefined ? {} : { open }), ...(order === undefined ? {} : { order }), ...(i18n ? { i18n } : {}), fetchedAt: Date.now() };
}

/**
 * Finds a ballot for /poll?id=: the award polls first (the spec's poll screen), then a user poll opened from
 * the list. 'error' only when the network failed and the poll was not found elsewhere.
 */
export async function refreshPoll(id: string): Promise<FetchOutcome> {
  const awards = await refreshAwardPolls();
  if (await db.polls.get(id)) return 'found';
  const user = await refreshUserPoll(id);
  return user === 'not-found' && !awards ? 'error' : user;
}

function toUserPollRow(raw: UserPollDocument, local: boolean): UserPollRow {
  const by = raw.uploadedBy;
  return {
    pollId: raw.pollId,
    title: raw.title,
    questions: raw.questions,
    uploadedBy: by ? { id: String(by.id ?? ''), first_name: firstNameOf(raw) } : null,
    uploaderId: raw.uploaderId === undefined || raw.uploaderId === null ? '' : String(raw.uploaderId),
    uploadedOn: uploadedOnOf(raw, Date.now()),
    local,
    fetchedAt: Date.now(),
    ...(raw.hiddenAtMs ? { hiddenAt: raw.hiddenAtMs } : {}),
    ...(raw.closedAtMs ? { closedAt: raw.closedAtMs } : {}),
    ...(raw.resultsAfterClose === true ? { resultsAfterClose: true as const } : {}),
    ...(raw.removedAtMs ? { removedAt: raw.removedAtMs } : {}),
  };
}

/** What only this device knows of a poll (that it reported it) survives a fresh copy from the server. */
function keepLocal(row: UserPollRow, before: UserPollRow | undefined): UserPollRow {
  return before?.reported ? { ...row, reported: before.reported } : row;
}

export async function refreshUserPoll(pollId: string): Promise<FetchOutcome> {
  try {
    const doc = await observed(fetchPublicUserPoll(pollId));
    if (!doc) return 'not-found';
    const parsed = v.safeParse(UserPollSchema, doc);
    if (!parsed.success) return 'error';
    await db.transaction('rw', db.userPolls, async () => {
      await db.userPolls.put(keepLocal(toUserPollRow(parsed.output, false), await db.userPolls.get(pollId)));
    });
    return 'found';
  } catch (err) {
    console.warn('Error fetching poll', err);
    return 'error';
  }
}

/**
 * Refreshes the polls list: every user poll, then one count aggregation per poll (one number each,
 * not every response). Polls still waiting in the outbox stay as they are.
 */
export async function refreshPollsList(): Promise<boolean> {
  try {
    // No Firebase SDK on this screen: the list is a plain GET the /vote page preloads (and its preview may
    // already have made), the counts are REST count aggregations.
    const docs = await observed(fetchPublicUserPolls());
    const rows = validUserPolls(docs).map((doc) => toUserPollRow(doc, false));
    const serverIds = new Set(rows.map((r) => r.pollId));
    await db.transaction('rw', db.userPolls, async () => {
      const stale = await db.userPolls.filter((p) => !p.local && !serverIds.has(p.pollId)).primaryKeys();
      await db.userPolls.bulkDelete(stale);
      const before = await db.userPolls.bulkGet(rows.map((r) => r.pollId));
      await db.userPolls.bulkPut(rows.map((r, i) => keepLocal(r, before[i])));
    });
    // A poll that keeps its results until it is closed keeps its count too (firestore.rules): not asked.
    const counted = rows.filter((r) => !resultsHidden(r));
    const counts = await Promise.all(counted.map(async (r) => ({ pollId: r.pollId, count: await countUserPollVotes(r.pollId), asOf: Date.now() })));
    await putCounts(counts);
    return true;
  } catch (err) {
    console.warn('Polls list refresh failed; showing the last known list', err);
    return false;
  }
}

/** Its owner keeps the results (and the count) from everyone until the poll is closed (issue #54). */
export const resultsHidden = (poll: Pick<UserPollRow, 'resultsAfterClose' | 'closedAt'>): boolean => poll.resultsAfterClose === true && poll.closedAt === undefined;

/** New counts, keeping the results saved beside each (a count is read more often than the results). */
async function putCounts(counts: readonly { pollId: string; count: number; asOf: number }[]): Promise<void> {
  await db.transaction('rw', db.pollCounts, async () => {
    const before = await db.pollCounts.bulkGet(counts.map((c) => c.pollId));
    await db.pollCounts.bulkPut(counts.map((c, i) => (before[i]?.results ? { ...c, results: before[i].results } : c)));
  });
}

/** Only text answers to text question ids: a row is public and anyone could have shaped it (the rules check it). */
function asAnswers(row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(row).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * A community poll's results, read from its public tally rows into IndexedDB (issue #54): what a voter sees after
 * answering, offline as of this moment. The count moves with them (one row per answer). false: offline or
 * refused (the saved results stay).
 */
export async function refreshPollResults(pollId: string): Promise<boolean> {
  try {
    const rows = (await observed(fetchUserPollTally(pollId))).map(asAnswers);
    const asOf = Date.now();
    await db.pollCounts.put({ pollId, count: rows.length, asOf, results: { rows, asOf } });
    return true;
  } catch (err) {
    console.warn('Poll results could not be refreshed; showing the saved ones', err);
    return false;
  }
}

/**
 * The owner closes their poll, or closes and removes it from the list (issue #54): live, then the saved copy is
 * brought up to date. Throws the remote error (offline, refused) for the screen to word.
 */
export async function closeUserPoll(pollId: string, remove: boolean): Promise<void> {
  await (await loadFirestore()).closeUserPoll(pollId, remove);
  await refreshUserPoll(pollId);
}

/** The owner's responses into IndexedDB. `skipped`: documents that could not be read (left out, never a crash). */
export async function refreshResponses(pollId: string): Promise<{ ok: true; skipped: number } | { ok: false }> {
  try {
    const { responses, skipped } = await (await loadFirestore()).fetchUserPollResponses(pollId);
    await db.transaction('rw', [db.userPollResponses, db.pollCounts], async () => {
      await db.userPollResponses.where('pollId').equals(pollId).delete();
      await db.userPollResponses.bulkPut(responses);
      await putCounts([{ pollId, count: responses.length, asOf: Date.now() }]);
    });
    return { ok: true, skipped };
  } catch (err) {
    console.warn('Poll and response fetch failed; showing the last fetch', err);
    return { ok: false };
  }
}

export { AlreadyVotedError };
export { CREATE_POLL_DRAFT, type NewPollInput } from './mutations/userPoll';

export class StorageError extends Error {
  constructor(readonly userMessage: string, override readonly cause: unknown) {
    super(userMessage);
    this.name = 'StorageError';
  }
}

/** The moment a write failed to be stored, as a sentence for the screen (the caller's own refusals pass through). */
function stored<T>(write: Promise<T>): Promise<T> {
  return write.catch((err: unknown) => {
    if (err instanceof AlreadyVotedError) throw err;
    throw new StorageError(describeStorageError(err), err);
  });
}

/**
 * Casts an award vote (mutations/awardVote.ts): the local record, the draft's removal and the outbox row commit
 * together. A second vote with the same e-mail for the same poll is refused (and by the server's rules).
 */
export async function castAwardVote(pollId: string, email: string, answers: Record<string, string>, pressedAt: Date = new Date(), responseId: string = crypto.randomUUID(), code?: string): Promise<LocalVote> {
  // The document id is a digest: made before the transaction, which would not survive waiting for it.
  const docId = await voteDocId(pollId, email);
  return stored(mutate(awardVote, { docId, pollId, email, answers, pressedAt, responseId, ...(code ? { code } : {}) }));
}

/** Votes on a user poll (mutations/pollAnswer.ts; no e-mail in the spec's shape); one response per device per poll. */
export async function castUserPollVote(pollId: string, answers: Record<string, string>, pressedAt: Date = new Date()): Promise<LocalVote> {
  return stored(mutate(pollAnswer, { pollId, answers, pressedAt, responseId: crypto.randomUUID() }));
}

export async function saveBallotDraft(draft: BallotDraft): Promise<void> {
  try {
    await db.ballotDrafts.put(draft);
  } catch (err) {
    console.warn('Could not save the ballot draft', err); // the ballot on screen is unaffected
  }
}

/**
 * Polls made on this device before its first sign-in carry the provisional visitor id; once signed in they are
 * the signed-in user's (the server stores them under that uid whatever was queued), so My Polls keeps them.
 */
export async function reassignOwnPolls(from: string, to: string): Promise<void> {
  try {
    await db.userPolls
      .where('uploaderId').equals(from)
      .filter((p) => p.local)
      .modify((p) => {
        p.uploaderId = to;
        if (p.uploadedBy) p.uploadedBy = { ...p.uploadedBy, id: to };
      });
  } catch (err) {
    console.warn('Could not move this device\'s polls to the signed-in visitor', err); // the next list refresh does
  }
}

/**
 * Reports a community poll to the organisers (mutations/pollReport.ts): marked on this device at once, sent by the
 * outbox (offline: when the connection returns). Reporting again replaces the reason.
 */
export async function reportUserPoll(pollId: string, reason: ReportReason): Promise<void> {
  await stored(mutate(pollReport, { pollId, reason }));
}

/** Saves a new user poll locally (listed under My Polls at once) and queues it for the server (mutations/userPoll.ts). */
export async function createUserPoll(input: NewPollInput): Promise<UserPollRow> {
  return stored(mutate(userPoll, input));
}
