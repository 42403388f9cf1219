// Votes submitted on the prerendered ballot before the app had started (ballotIsland.ts keeps them in
// localStorage): the app commits each one to IndexedDB and the outbox exactly like a vote cast in the app, then
// forgets it. Exactly once: the vote's document id comes from the poll and the e-mail, and the responseId made on
// the device tells the app's own earlier commit (a tab closed between commit and clean-up) from another vote.
import { db, type LocalVote } from '../../db';
import { readStagedVotes, STAGED_VOTES_KEY, type StagedVote } from './awardModel';
import { AlreadyVotedError, castAwardVote } from './data';
import { voteDocId } from './logic';
import { localStore } from '../../lib/localStore';

export type StagedOutcome = { kind: 'committed'; vote: LocalVote } | { kind: 'already'; email: string } | { kind: 'kept' };

function forget(store: Storage, staged: StagedVote): void {
  const rest = readStagedVotes(store).filter((s) => !(s.pollId === staged.pollId && s.responseId === staged.responseId));
  if (rest.length > 0) store.setItem(STAGED_VOTES_KEY, JSON.stringify(rest));
  else store.removeItem(STAGED_VOTES_KEY);
}

async function commitOne(store: Storage, staged: StagedVote): Promise<StagedOutcome> {
  const mine = await db.votes.get(await voteDocId(staged.pollId, staged.email));
  if (mine?.responseId === staged.responseId) {
    forget(store, staged);
    return { kind: 'committed', vote: mine };
  }
  try {
    const vote = await castAwardVote(staged.pollId, staged.email, staged.answers, new Date(staged.pressedAt), staged.responseId);
    forget(store, staged);
    return { kind: 'committed', vote };
  } catch (err) {
    if (err instanceof AlreadyVotedError) {
      forget(store, staged); // this e-mail's vote was already cast on this device: the same answer as in the app
      return { kind: 'already', email: err.email };
    }
    // Storage failed: the vote stays in localStorage and the next start tries again.
    console.warn('A vote saved before the app started could not be stored yet', err);
    return { kind: 'kept' };
  }
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Commits the staged votes (of one poll, or all), one at a time across callers (the app's start and the
 * ballot screen may both ask). Returns what happened to each, in staging order.
 */
export function commitStagedVotes(pollId?: string, store: Storage | null = localStore()): Promise<{ staged: StagedVote; outcome: StagedOutcome }[]> {
  const run = chain.then(async () => {
    if (!store) return [];
    const out: { staged: StagedVote; outcome: StagedOutcome }[] = [];
    for (const staged of readStagedVotes(store)) {
      if (pollId === undefined || staged.pollId === pollId) out.push({ staged, outcome: await commitOne(store, staged) });
    }
    return out;
  });
  chain = run.catch(() => undefined);
  return run;
}
