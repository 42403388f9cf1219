// firestore.rules against the real Firestore emulator, through @firebase/rules-unit-testing and the full
// Firestore SDK. Every path the app uses is shown to work; hostile requests are shown to be denied
// (assertFails accepts only PERMISSION_DENIED, so a denial for any other reason fails the test).
// Run: node scripts/with-emulators.mjs vitest run --project integration tests/integration/rules.firestore.test.ts
import { readFileSync } from 'node:fs';
import {
  assertFails, assertSucceeds, initializeTestEnvironment,
  type RulesTestContext, type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  Bytes, Timestamp, collection, deleteDoc, deleteField, doc, getCountFromServer, getDoc, getDocs, query, serverTimestamp,
  setDoc, updateDoc, where, writeBatch, type Firestore,
} from 'firebase/firestore';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEmail } from '../../src/lib/email';
import { RATE_LIMITS } from '../../src/lib/limits';
import { newCode } from '../../src/lib/votingCodes';

const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT ?? 'demo-town-square';
const run = Date.now().toString(36);
// One moment per run: the outbox re-sends the payload it stored, so a replay carries the original timestamp.
const CAST_AT = new Date().toISOString();
const ANSWERED_AT = Timestamp.now();

// Users (anonymous-auth uids) and fixtures, unique per run so other suites on the same emulator don't matter.
const ALICE = `alice-${run}`;
const BOB = `bob-${run}`;
const CAROL = `carol-${run}`; // wrote the seeded answers to ALICE_POLL
const AWARD = `award-${run}`; // polls/{AWARD}: 2 questions
const ORG = `org-${run}`;
const ALICE_POLL = `alice-poll-${run}`; // user-polls, owned by ALICE, 2 questions
const BOB_POLL = `bob-poll-${run}`; // user-polls, owned by BOB
const EXISTING_VOTE = `${AWARD}_existing`;
const A_RESP = [`a1-${run}`, `a2-${run}`]; // responses to ALICE_POLL (seeded, with votes)
const BIG_AWARD = `big-award-${run}`; // polls/{BIG_AWARD}: 20 questions × 4 options of 150 characters
const BIG_USER_POLL = `big-user-poll-${run}`; // the same questions, a user poll owned by ALICE
const BIG_POLL_QUESTIONS = Array.from({ length: 20 }, (_, i) => ({
  id: `q-${i}-3f2b9c1e-7d4a-4e8b-a6c5-1b2d3e4f5a6b`,
  question: 'q'.repeat(300),
  options: ['a', 'b', 'c', 'd'].map((c) => `${c}${i}`.padEnd(150, c)),
}));
const B_RESP = `b1-${run}`; // response to BOB_POLL (seeded, with vote)

let testEnv: RulesTestEnvironment;
let alice: Firestore;
let bob: Firestore;
let visitor: Firestore; // not signed in

const fsOf = (ctx: RulesTestContext): Firestore => ctx.firestore() as unknown as Firestore;

/** Who wrote a vote or an answer, as src/remote/firestoreLite.ts sends it and the rules check it. */
const authorOf = (uid: string, pollId: string): Bytes => Bytes.fromUint8Array(new Uint8Array(createHash('sha256').update(`${uid}/${pollId}`).digest()));

/** An award vote as the app sends it, written by `by` (BOB unless said otherwise). */
function vote(over: Record<string, unknown> = {}, by: string = BOB): Record<string, unknown> {
  const pollId = (over.pollId as string | undefined) ?? AWARD;
  // A UUID-like id made when the vote is cast: the same for the same vote (a replay), another for another.
  const responseId = createHash('sha256').update(`${pollId}/${String(over.user ?? 'voter@example.com')}/${String(over.timestamp ?? CAST_AT)}/${by}`).digest('hex').slice(0, 36);
  return {
    pollId,
    responseId,
    answers: { q1: 'Designer A', q2: 'Look B' },
    timestamp: CAST_AT,
    user: 'voter@example.com',
    author: authorOf(by, pollId),
    ...over,
  };
}

/** The tally row the app writes beside a vote: the vote without who cast it, the device's ballot number, the mode. */
const tallyRow = (data: Record<string, unknown>, n: number) => ({ pollId: data.pollId, answers: data.answers, at: data.timestamp, n, via: data.code ? 'code' : 'open' });

/** A device's count of its ballots in a poll, as it reads it (0 when none, or when the read is refused). */
async function ballotCount(db: Firestore, pollId: string, uid = uidOf.get(db) ?? 'nobody'): Promise<number> {
  return ((await getDoc(doc(db, 'voters', uid, 'ballots', pollId)).catch(() => null))?.data()?.n as number | undefined) ?? 0;
}

/**
 * An award vote written as the app writes it (src/remote/firestoreLite.ts commitVotes): the vote, its tally row at
 * its responseId, the device's count for the poll advanced and naming it, and in a ticketed poll its code marked
 * used — what the rules require in the same commit — so every verdict below is about the vote. `as`: the writer's
 * uid when `db` is not one of the named users' (the seeding context).
 */
async function castVote(db: Firestore, id: string, data: Record<string, unknown>, opts: { as?: string } = {}): Promise<void> {
  const uid = opts.as ?? uidOf.get(db) ?? 'nobody';
  const pollId = String(data.pollId);
  const n = (await ballotCount(db, pollId, uid)) + 1;
  const b = writeBatch(db);
  b.set(doc(db, 'poll-responses', id), data);
  b.set(doc(db, 'award-tally', String(data.responseId)), tallyRow(data, n));
  b.set(doc(db, 'voters', uid, 'ballots', pollId), { n, vote: id });
  if (typeof data.code === 'string') b.set(doc(db, 'voting-codes', data.code, 'uses', pollId), { at: serverTimestamp() });
  return b.commit();
}

const question = (i: number, over: Record<string, unknown> = {}) => ({
  id: `q-${i}-3f2b9c1e-7d4a-4e8b-a6c5-1b2d3e4f5a6b`,
  question: `Question ${i}?`,
  options: ['Yes', 'No', '', ''],
  ...over,
});

function userPoll(pollId: string, owner: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Best coffee in Midtown?',
    questions: [question(0), question(1)],
    pollId,
    uploadedBy: { id: owner, first_name: 'Alice' },
    uploaderId: owner,
    uploadedOn: serverTimestamp(),
    ownerUid: owner,
    ...over,
  };
}

/** An answer to a user poll as the app sends it (every question answered): no word of who wrote it. */
function response(pollId: string, responseId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { pollId, answers: { [question(0).id]: 'Yes', [question(1).id]: 'No' }, timestamp: ANSWERED_AT, responseId, ...over };
}
/** Who wrote an answer: its private companion (user-poll-authors/{responseId}). */
const authorDoc = (pollId: string, by: string = BOB) => ({ pollId, author: authorOf(by, pollId) });

/** Who each client is (rates are per signed-in uid). */
const uidOf = new Map<Firestore, string>();
/** The writer's rolling-hour count for a limited kind, as src/remote/firestoreLite.ts keeps it. */
type RateKind = keyof typeof RATE_LIMITS;
const rateRef = (db: Firestore, kind: RateKind, uid = uidOf.get(db) ?? 'nobody') => doc(db, 'rates', uid, 'limits', kind);
/** What the app writes to count `target`: the next n, its slot stamped with the server's time. */
async function countIt(db: Firestore, kind: RateKind, target: string): Promise<Record<string, unknown>> {
  const n = ((await getDoc(rateRef(db, kind))).data()?.n as number | undefined) ?? 0;
  return { n: n + 1, slots: { [String(n % RATE_LIMITS[kind])]: serverTimestamp() }, target };
}

/** A write counted in the writer's ring for `kind` (a new id for it), in one commit, as the app writes it. */
async function countedWrite(db: Firestore, kind: RateKind, add: (b: ReturnType<typeof writeBatch>, id: string) => Promise<void> | void): Promise<void> {
  const id = `${kind}-${Math.random().toString(36).slice(2)}`;
  const b = writeBatch(db);
  await add(b, id);
  b.set(rateRef(db, kind), await countIt(db, kind, id), { merge: true });
  return b.commit();
}

/** The app's write for a new community poll: the poll and its count in the writer's ring, in one commit. */
async function createPoll(db: Firestore, pollId: string, data: Record<string, unknown>, opts: { count?: boolean } = {}) {
  const b = writeBatch(db);
  b.set(doc(db, 'user-polls', pollId), data);
  if (opts.count !== false) b.set(rateRef(db, 'polls'), await countIt(db, 'polls', pollId), { merge: true });
  return b.commit();
}

/**
 * The app's write for a community-poll answer: the response, who wrote it (private), its public tally companion
 * and its count, in one commit.
 */
async function respond(db: Firestore, pollId: string, responseId: string, opts: { votePollId?: string; response?: Record<string, unknown>; vote?: Record<string, unknown> | null; by?: string; author?: Record<string, unknown> | null; count?: boolean } = {}) {
  const b = writeBatch(db);
  const answer = opts.response ?? response(pollId, responseId);
  b.set(doc(db, 'user-poll-responses', responseId), answer);
  if (opts.author !== null) b.set(doc(db, 'user-poll-authors', responseId), opts.author ?? authorDoc(pollId, opts.by));
  // The public tally row carries the response's answers (issue #54: everyone sees each option's share).
  if (opts.vote !== null) b.set(doc(db, 'user-poll-votes', responseId), opts.vote ?? { pollId: opts.votePollId ?? pollId, ...(answer['answers'] === undefined ? {} : { answers: answer['answers'] }) });
  if (opts.count !== false) b.set(rateRef(db, 'answers'), await countIt(db, 'answers', responseId), { merge: true });
  return b.commit();
}

/** Exactly like src/remote/firestoreLite.ts fetchUserPollResponses. */
const responsesQuery = (db: Firestore, pollId: string) => query(collection(db, 'user-poll-responses'), where('pollId', '==', pollId));
const votesQuery = (db: Firestore, pollId: string) => query(collection(db, 'user-poll-votes'), where('pollId', '==', pollId));

beforeAll(async () => {
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostPort) throw new Error('Run through scripts/with-emulators.mjs: FIRESTORE_EMULATOR_HOST is not set.');
  const [host = '127.0.0.1', port = '8080'] = hostPort.split(':');
  testEnv = await initializeTestEnvironment({
    projectId,
    firestore: { host, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
  await testEnv.withSecurityRulesDisabled(async (ctx) => {
    const db = fsOf(ctx);
    const twoQuestions = [
      { id: 'q1', question: 'Designer of the year?', options: ['Designer A', 'Designer B'] },
      { id: 'q2', question: 'Look of the night?', options: ['Look A', 'Look B'] },
    ];
    // Many test votes from one device: these two polls allow a kiosk's worth (the default is one a device).
    await setDoc(doc(db, 'polls', AWARD), { id: AWARD, title: 'Detroit Fashion Choice Awards', questions: twoQuestions, deviceLimit: 1000 });
    await setDoc(doc(db, 'polls', BIG_AWARD), { id: BIG_AWARD, title: 'Every category', questions: BIG_POLL_QUESTIONS, deviceLimit: 1000 });
    await setDoc(doc(db, 'user-polls', BIG_USER_POLL), userPoll(BIG_USER_POLL, ALICE, { uploadedOn: Timestamp.now(), questions: BIG_POLL_QUESTIONS }));
    await setDoc(doc(db, 'org-info', ORG), { stories: [{ id: 's1', name: 'Honoree', bio: 'Bio', smallImg: '', bigImg: '' }] });
    await castVote(db, EXISTING_VOTE, vote({ user: 'existing@example.com' }, ALICE), { as: ALICE });
    await setDoc(doc(db, 'user-polls', ALICE_POLL), userPoll(ALICE_POLL, ALICE, { uploadedOn: Timestamp.now() }));
    await setDoc(doc(db, 'user-polls', BOB_POLL), userPoll(BOB_POLL, BOB, { uploadedOn: Timestamp.now() }));
    for (const id of A_RESP) {
      await setDoc(doc(db, 'user-poll-responses', id), response(ALICE_POLL, id));
      await setDoc(doc(db, 'user-poll-authors', id), authorDoc(ALICE_POLL, CAROL));
      await setDoc(doc(db, 'user-poll-votes', id), { pollId: ALICE_POLL, answers: response(ALICE_POLL, id)['answers'] });
    }
    await setDoc(doc(db, 'user-poll-responses', B_RESP), response(BOB_POLL, B_RESP));
    await setDoc(doc(db, 'user-poll-authors', B_RESP), authorDoc(BOB_POLL, CAROL));
    await setDoc(doc(db, 'user-poll-votes', B_RESP), { pollId: BOB_POLL, answers: response(BOB_POLL, B_RESP)['answers'] });
    for (const uid of [ALICE, BOB]) {
      await setDoc(doc(db, 'prefs', uid), { pref: 'dark' });
      await setDoc(doc(db, 'users', uid, 'user_details', 'info'), { email: `${uid}@example.com`, fName: 'A', lName: 'B', state: 'MI', zip: '48201' });
    }
  });
  alice = fsOf(testEnv.authenticatedContext(ALICE, { provider_id: 'anonymous' }));
  bob = fsOf(testEnv.authenticatedContext(BOB, { provider_id: 'anonymous' }));
  visitor = fsOf(testEnv.unauthenticatedContext());
  uidOf.set(alice, ALICE).set(bob, BOB);
});

afterAll(async () => {
  await testEnv?.cleanup();
});

// ------------------------------------------------------------------------------------------------
describe('allowed: every path the app uses', () => {
  it('anyone, even not signed in, reads award polls (get and list) and org-info', async () => {
    expect((await assertSucceeds(getDoc(doc(visitor, 'polls', AWARD)))).exists()).toBe(true);
    await assertSucceeds(getDocs(collection(visitor, 'polls')));
    expect((await assertSucceeds(getDoc(doc(visitor, 'org-info', ORG)))).exists()).toBe(true);
  });

  it('anyone, even not signed in, reads user polls (get and list)', async () => {
    expect((await assertSucceeds(getDoc(doc(visitor, 'user-polls', ALICE_POLL)))).data()?.title).toBe('Best coffee in Midtown?');
    const all = await assertSucceeds(getDocs(collection(visitor, 'user-polls')));
    expect(all.docs.map((d) => d.id)).toEqual(expect.arrayContaining([ALICE_POLL, BOB_POLL]));
  });

  it('a signed-in visitor casts an award vote with the exact app shape', async () => {
    await assertSucceeds(castVote(bob, `${AWARD}_bob`, vote({ user: 'bob@example.com' })));
  });

  it('a replay of that vote (lost acknowledgement): the vote alone, unchanged, by its writer succeeds; its whole commit again is refused (its count cannot go up twice), and the app reads it back', async () => {
    await assertSucceeds(setDoc(doc(bob, 'poll-responses', `${AWARD}_bob`), vote({ user: 'bob@example.com' })));
    await assertFails(castVote(bob, `${AWARD}_bob`, vote({ user: 'bob@example.com' })));
  });

  it('a voter reads back their own vote (to compare after a lost acknowledgement)', async () => {
    expect((await assertSucceeds(getDoc(doc(bob, 'poll-responses', `${AWARD}_bob`)))).data()?.user).toBe('bob@example.com');
  });

  it('a vote on a ballot at its largest (20 categories of 4 options, the longest option) is accepted', async () => {
    const answers = Object.fromEntries(BIG_POLL_QUESTIONS.map((q, i) => [q.id, q.options[i % 4]!]));
    await assertSucceeds(castVote(bob, `${BIG_AWARD}_bob`, vote({ pollId: BIG_AWARD, answers, user: 'big@example.com' })));
  });

  it('an answer to a user poll at its largest (20 questions of 4 options) is accepted', async () => {
    const answers = Object.fromEntries(BIG_POLL_QUESTIONS.map((q) => [q.id, q.options[3]!]));
    await assertSucceeds(respond(bob, BIG_USER_POLL, `big-answer-${run}`, { response: response(BIG_USER_POLL, `big-answer-${run}`, { answers }) }));
  });

  it('a signed-in visitor creates a user poll as themselves with serverTimestamp()', async () => {
    const id = `alice-new-${run}`;
    await assertSucceeds(createPoll(alice, id, userPoll(id, ALICE)));
    const stored = (await getDoc(doc(visitor, 'user-polls', id))).data();
    expect(stored?.uploadedOn).toBeInstanceOf(Timestamp);
    expect(stored?.ownerUid).toBe(ALICE);
  });

  it('a user poll with uploadedBy null (no user details) is accepted', async () => {
    const id = `alice-nullby-${run}`;
    await assertSucceeds(createPoll(alice, id, userPoll(id, ALICE, { uploadedBy: null })));
  });

  it('a user poll at every limit (150-char title, 20 questions of 300 chars, 4 options of 150) is accepted', async () => {
    const id = `alice-max-${run}`;
    const questions = Array.from({ length: 20 }, (_, i) => question(i, { question: 'q'.repeat(300), options: ['o'.repeat(150), 'p'.repeat(150), 'r'.repeat(150), 's'.repeat(150)] }));
    await assertSucceeds(createPoll(alice, id, userPoll(id, ALICE, { title: 't'.repeat(150), questions })));
  });

  it('a visitor answers a user poll: response and public vote in one batch', async () => {
    await assertSucceeds(respond(bob, ALICE_POLL, `bob-answer-${run}`));
  });

  it('an identical replay of that batch (lost acknowledgement) succeeds', async () => {
    await assertSucceeds(respond(bob, ALICE_POLL, `bob-answer-${run}`));
  });

  it('the owner can answer their own poll too', async () => {
    await assertSucceeds(respond(alice, ALICE_POLL, `alice-answer-${run}`, { by: ALICE }));
  });

  it('a visitor reads back their own answer (to compare after a lost acknowledgement)', async () => {
    expect((await assertSucceeds(getDoc(doc(bob, 'user-poll-responses', `bob-answer-${run}`)))).data()?.pollId).toBe(ALICE_POLL);
  });

  it("the poll's owner lists its responses with where('pollId','==',X), as fetchUserPollResponses does", async () => {
    const snap = await assertSucceeds(getDocs(responsesQuery(alice, ALICE_POLL)));
    expect(snap.docs.map((d) => d.id).sort()).toEqual([...A_RESP, `alice-answer-${run}`, `bob-answer-${run}`].sort());
  });

  it("the poll's owner gets one response by id", async () => {
    expect((await assertSucceeds(getDoc(doc(alice, 'user-poll-responses', A_RESP[0]!)))).data()?.pollId).toBe(ALICE_POLL);
  });

  it("the owner counts their poll's responses with an aggregation", async () => {
    expect((await assertSucceeds(getCountFromServer(responsesQuery(alice, ALICE_POLL)))).data().count).toBe(4);
  });

  it('anyone, even not signed in, counts votes: getCountFromServer(user-poll-votes where pollId == X)', async () => {
    expect((await assertSucceeds(getCountFromServer(votesQuery(visitor, ALICE_POLL)))).data().count).toBe(4);
    expect((await assertSucceeds(getCountFromServer(votesQuery(bob, BOB_POLL)))).data().count).toBe(1);
  });

  it('anyone reads the public vote documents (get and list)', async () => {
    await assertSucceeds(getDoc(doc(visitor, 'user-poll-votes', A_RESP[0]!)));
    await assertSucceeds(getDocs(votesQuery(visitor, ALICE_POLL)));
  });

  it('a user reads and writes their own prefs', async () => {
    await assertSucceeds(setDoc(doc(alice, 'prefs', ALICE), { pref: 'light' }));
    expect((await assertSucceeds(getDoc(doc(alice, 'prefs', ALICE)))).data()).toEqual({ pref: 'light' });
  });

  it('a user reads and writes their own users/{uid} documents', async () => {
    const ref = doc(alice, 'users', ALICE, 'user_details', 'info');
    await assertSucceeds(setDoc(ref, { email: 'alice@example.com', fName: 'Alice', lName: 'Ng', state: 'MI', zip: '48226' }));
    expect((await assertSucceeds(getDoc(ref))).data()?.fName).toBe('Alice');
    await assertSucceeds(getDoc(doc(alice, 'users', ALICE)));
  });
});

// ------------------------------------------------------------------------------------------------
describe('hostile: not signed in', () => {
  it('denies an award vote from a visitor who is not signed in', async () => {
    await assertFails(castVote(visitor, `${AWARD}_anon`, vote()));
  });

  it('denies an identical replay of an existing vote from a visitor who is not signed in', async () => {
    await assertFails(castVote(visitor, EXISTING_VOTE, vote({ user: 'existing@example.com' })));
  });

  it('denies creating a user poll when not signed in', async () => {
    const id = `anon-poll-${run}`;
    await assertFails(createPoll(visitor, id, { ...userPoll(id, 'x'), ownerUid: null }));
  });

  it('denies a user-poll response + vote batch when not signed in', async () => {
    await assertFails(respond(visitor, ALICE_POLL, `anon-answer-${run}`));
  });

  it('denies a lone user-poll response when not signed in', async () => {
    await assertFails(setDoc(doc(visitor, 'user-poll-responses', `anon-r-${run}`), response(ALICE_POLL, `anon-r-${run}`)));
  });

  it('denies writing prefs and users docs when not signed in', async () => {
    await assertFails(setDoc(doc(visitor, 'prefs', ALICE), { pref: 'x' }));
    await assertFails(setDoc(doc(visitor, 'users', ALICE, 'user_details', 'info'), { email: 'x@example.com' }));
  });

  it('denies reading prefs and users docs when not signed in', async () => {
    await assertFails(getDoc(doc(visitor, 'prefs', ALICE)));
    await assertFails(getDoc(doc(visitor, 'users', ALICE, 'user_details', 'info')));
  });
});

describe('hostile: award votes (poll-responses)', () => {
  it("denies getting someone else's vote (only its writer reads it back)", async () => {
    await assertFails(getDoc(doc(bob, 'poll-responses', EXISTING_VOTE)));
    await assertFails(getDoc(doc(visitor, 'poll-responses', EXISTING_VOTE)));
    await assertFails(getDoc(doc(alice, 'poll-responses', `${AWARD}_bob`)));
  });

  it('denies listing votes (whole collection and filtered by poll or e-mail)', async () => {
    await assertFails(getDocs(collection(bob, 'poll-responses')));
    await assertFails(getDocs(query(collection(bob, 'poll-responses'), where('pollId', '==', AWARD))));
    await assertFails(getDocs(query(collection(bob, 'poll-responses'), where('user', '==', 'bob@example.com'))));
    await assertFails(getCountFromServer(query(collection(visitor, 'poll-responses'), where('pollId', '==', AWARD))));
  });

  it('the replay oracle is closed: another user learns nothing by "replaying" a stored vote with guessed values', async () => {
    const ref = (db: Firestore) => doc(db, 'poll-responses', EXISTING_VOTE);
    const stored = vote({ user: 'existing@example.com' }, ALICE);
    // The right guess is refused exactly like a wrong one, whichever way it is written.
    for (const guess of [stored, vote({ user: 'existing@example.com', answers: { q1: 'Designer B', q2: 'Look B' } }, ALICE)]) {
      await assertFails(setDoc(ref(bob), guess));
      await assertFails(setDoc(ref(bob), guess, { merge: true }));
    }
    for (const field of [{ user: 'existing@example.com' }, { user: 'someone@example.com' }, { 'answers.q1': 'Designer A' }, { 'answers.q1': 'Designer B' }, { pollId: AWARD }]) {
      await assertFails(updateDoc(ref(bob), field));
    }
    // Even with the stored author hash copied in, it is not bob's to send.
    await assertFails(setDoc(ref(bob), { ...stored }));
    // Its writer may re-send it unchanged (the outbox's replay), and read it back; nobody may change it.
    await assertSucceeds(setDoc(ref(alice), stored));
    await assertSucceeds(getDoc(ref(alice)));
    await assertFails(updateDoc(ref(alice), { 'answers.q1': 'Designer B' }));
  });

  it('denies a vote whose author is someone else (or no author)', async () => {
    await assertFails(castVote(bob, `${AWARD}_forged`, vote({ user: 'f@example.com' }, ALICE)));
    const { author: _a, ...noAuthor } = vote({ user: 'n@example.com' });
    await assertFails(castVote(bob, `${AWARD}_noauthor`, noAuthor));
  });

  it('denies deleting a vote', async () => {
    await assertFails(deleteDoc(doc(bob, 'poll-responses', EXISTING_VOTE)));
    await assertFails(deleteDoc(doc(alice, 'poll-responses', EXISTING_VOTE)));
  });

  it('denies a vote with an extra field', async () => {
    await assertFails(castVote(bob, `${AWARD}_extra`, vote({ isAdmin: true })));
  });

  it('denies a vote with a missing field (no user)', async () => {
    const { user: _user, ...noUser } = vote();
    await assertFails(castVote(bob, `${AWARD}_nouser`, noUser));
  });

  it('denies a vote with an oversize e-mail (255 characters)', async () => {
    const user = `${'a'.repeat(243)}@example.com`; // 255
    expect(user).toHaveLength(255);
    await assertFails(castVote(bob, `${AWARD}_longmail`, vote({ user })));
  });

  it('denies a vote whose user is not an e-mail address, or one a spreadsheet would run', async () => {
    for (const user of ['not an email', 'a b@example.com', 'ab@localhost', '=HYPERLINK("https://evil.co")@evil.co', '=cmd|x@evil.co', '-2+3@evil.co', '@x@example.com']) {
      await assertFails(castVote(bob, `${AWARD}_bad_${user.length}`, vote({ user })));
    }
  });

  it("the app's e-mail check and the rules agree, so the app never queues a vote the server refuses", async () => {
    const samples = [
      'ada@example.com', 'a@b.co', "o'brien+vote@mail.example.co.uk", 'josé@exämple.com', '李雷@例子.中国', 'x_y.z@1.2', 'UPPER@EXAMPLE.COM',
      'ada@example', 'a b@example.com', 'ada@@example.com', 'ada@example..com', 'ada@.example.com', '"ada"@example.com', '(ada)@example.com',
      '=1+1@evil.co', '+1@evil.co', '-1@evil.co', '.ada@example.com', 'ad\u200ba@example.com', 'ada@exa\tmple.com', 'ada@example.com\n=1',
      `${'a'.repeat(242)}@example.com`, `${'a'.repeat(243)}@example.com`,
      // Many scripts (issue #30): the rules engine's Unicode is older than the browser's, so both match the same
      // literal ranges (src/lib/email.ts). Refused ones are said in words by the app, never queued.
      'иван@пример.рф', 'γιώργος@παράδειγμα.ελ', 'محمد@مثال.مصر', 'דוד@דוגמה.ישראל', 'राम@उदाहरण.भारत', 'সুমন@উদাহরণ.বাংলা',
      'สมชาย@ตัวอย่าง.ไทย', '민수@예시.한국', 'たろう@例え.日本', 'ნინო@მაგალითი.გე', 'ኣበበ@ምሳሌ.ኢትዮጵያ', 'nguyễn@ví-dụ.vn', 'தமிழ்@உதாரணம்.இந்தியா',
      '𞤀𞤣𞤤𞤢𞤥@example.com', 'ᲜᲘᲜᲝ@example.ge', 'ᏣᎳᎩ@example.com', 'ⵜⵉⴼⵉⵏⴰⵖ@example.ma', '😀@example.com', 'a؜@example.com', 'a‮@example.com',
    ];
    const verdicts = { app: [] as boolean[], rules: [] as boolean[] };
    for (const [i, user] of samples.entries()) {
      verdicts.app.push(isValidEmail(user));
      verdicts.rules.push(await castVote(bob, `${AWARD}_agree_${i}`, vote({ user })).then(() => true, (e: { code?: string }) => {
        if (e.code !== 'permission-denied') throw e;
        return false;
      }));
    }
    expect(verdicts.rules).toEqual(verdicts.app);
    // Not vacuous: both sides accept the ordinary, the longest allowed and the listed scripts, and refuse the rest.
    expect(verdicts.app.filter(Boolean)).toHaveLength(8 + 13);
  });

  it('denies answers that are not the ballot: other keys, write-ins, blanks, maps, numbers, huge text, missing categories', async () => {
    const bad: Record<string, unknown>[] = [
      { q1: 'Designer A', q2: 'Look B', q3: 'Extra' }, // a key that is not a category
      { q1: 'Designer A', bogus: 'Look B' }, // a wrong key in place of one
      { q1: 'My cousin', q2: 'Look B' }, // a write-in
      { q1: 'Look A', q2: 'Look B' }, // another category's option
      { q1: '', q2: 'Look B' },
      { q1: { nested: 'Designer A' }, q2: 'Look B' },
      { q1: 1, q2: 'Look B' },
      { q1: ['Designer A'], q2: 'Look B' },
      { q1: 'x'.repeat(900_000), q2: 'Look B' },
      { q1: 'Designer A' }, // a category left out
      {},
    ];
    for (const [i, answers] of bad.entries()) await assertFails(castVote(bob, `${AWARD}_answers_${i}`, vote({ answers, user: `a${i}@example.com` })));
    await assertFails(castVote(bob, `${AWARD}_str`, vote({ answers: 'q1=a' })));
  });

  it("denies a vote for a poll that doesn't exist", async () => {
    await assertFails(castVote(bob, `nope_${run}`, vote({ pollId: `no-such-poll-${run}` })));
  });

  it('denies oversize and malformed fields, and a vote dated far from now', async () => {
    const day = 86_400_000;
    await assertFails(castVote(bob, `${AWARD}_rid`, vote({ responseId: 'r'.repeat(65) })));
    for (const [i, timestamp] of [
      't'.repeat(41), 'yesterday', '9999-12-31T23:59:59.999Z', '2026-13-45T99:99:99Z', new Date(Date.now() - 40 * day).toISOString(), new Date(Date.now() + 3 * day).toISOString(),
    ].entries()) {
      await assertFails(castVote(bob, `${AWARD}_ts${i}`, vote({ timestamp, user: `t${i}@example.com` })));
    }
    await assertFails(castVote(bob, `${AWARD}_tsobj`, vote({ timestamp: Timestamp.now() })));
    // A vote cast offline days ago still counts.
    await assertSucceeds(castVote(bob, `${AWARD}_old`, vote({ timestamp: new Date(Date.now() - 20 * day).toISOString(), user: 'old@example.com' })));
  });

  it('denies a vote on a ballot of more than 20 categories (the rules check 20)', async () => {
    const id = `huge-award-${run}`;
    const qs = Array.from({ length: 21 }, (_, i) => ({ id: `h${i}`, question: 'Q', options: ['A', 'B'] }));
    await testEnv.withSecurityRulesDisabled(async (ctx) => setDoc(doc(fsOf(ctx), 'polls', id), { id, title: 'Too many', questions: qs }));
    await assertFails(castVote(bob, `${id}_x`, vote({ pollId: id, answers: Object.fromEntries(qs.map((q) => [q.id, 'A'])) })));
  });
});

describe('hostile: user polls', () => {
  it('denies a user poll with a forged ownerUid (someone else)', async () => {
    const id = `forged-${run}`;
    await assertFails(createPoll(bob, id, userPoll(id, ALICE)));
  });

  it('denies a user poll without ownerUid (the pre-#7 client shape)', async () => {
    const id = `noowner-${run}`;
    const { ownerUid: _o, ...old } = userPoll(id, ALICE);
    await assertFails(createPoll(alice, id, old));
  });

  it("denies updating someone else's user poll", async () => {
    await assertFails(updateDoc(doc(bob, 'user-polls', ALICE_POLL), { title: 'Hijacked' }));
    await assertFails(createPoll(bob, ALICE_POLL, userPoll(ALICE_POLL, BOB)));
  });

  it('denies updating even your own user poll (including a would-be replay)', async () => {
    await assertFails(updateDoc(doc(alice, 'user-polls', ALICE_POLL), { title: 'Edited' }));
    await assertFails(createPoll(alice, ALICE_POLL, userPoll(ALICE_POLL, ALICE)));
  });

  it("denies deleting someone else's user poll, and your own", async () => {
    await assertFails(deleteDoc(doc(bob, 'user-polls', ALICE_POLL)));
    await assertFails(deleteDoc(doc(alice, 'user-polls', ALICE_POLL)));
  });

  it('denies uploadedOn that is not the server time', async () => {
    const id = `clienttime-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { uploadedOn: Timestamp.fromMillis(Date.now() - 60_000) })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { uploadedOn: Date.now() })));
  });

  it('denies pollId different from the document id', async () => {
    await assertFails(createPoll(alice, `docid-${run}`, userPoll(`other-${run}`, ALICE)));
  });

  it('denies an oversize title (151 characters) and an empty title', async () => {
    const id = `longtitle-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { title: 't'.repeat(151) })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { title: '' })));
  });

  it('denies an oversize question (301 characters) as the first question and as the 8th', async () => {
    const id = `longq-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [question(0, { question: 'q'.repeat(301) })] })));
    const questions = Array.from({ length: 8 }, (_, i) => question(i, i === 7 ? { question: 'q'.repeat(301) } : {}));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions })));
  });

  it('denies 21 questions, and none', async () => {
    const id = `manyq-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: Array.from({ length: 21 }, (_, i) => question(i)) })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [] })));
  });

  it('denies 5 options, an oversize option (151 characters), options that are not a list, and malformed questions', async () => {
    const id = `opts-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [question(0, { options: ['a', 'b', 'c', 'd', 'e'] })] })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [question(0, { options: ['a', 'o'.repeat(151)] })] })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [question(0), question(1, { hidden: 'x' })] })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: ['just text'] })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [question(0, { options: 'a,b' })] })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { questions: [question(0, { question: '' })] })));
  });

  it('denies a poll posted in someone else\'s name (uploaderId or uploadedBy), and oversize or deep uploadedBy maps', async () => {
    const id = `impostor-${run}`;
    await assertFails(createPoll(bob, id, { ...userPoll(id, BOB), uploaderId: ALICE }));
    await assertFails(createPoll(bob, id, { ...userPoll(id, BOB), uploadedBy: { id: ALICE, first_name: 'Mayor' } }));
    await assertFails(createPoll(bob, id, { ...userPoll(id, BOB), uploadedBy: { id: BOB, first_name: 'M'.repeat(51) } }));
    await assertFails(createPoll(bob, id, { ...userPoll(id, BOB), uploadedBy: { id: BOB, first_name: 'Bob', extra: 'x'.repeat(10_000) } }));
    await assertFails(createPoll(bob, id, { ...userPoll(id, BOB), uploadedBy: { id: BOB, first_name: { deep: { deeper: 'x' } } } }));
    await assertFails(createPoll(bob, id, { ...userPoll(id, BOB), uploadedBy: { id: BOB } }));
    // As themselves, with a short first name: fine.
    await assertSucceeds(createPoll(bob, id, { ...userPoll(id, BOB), uploadedBy: { id: BOB, first_name: 'Bob' } }));
  });

  it('denies a user poll with an extra field, a swapped field, a non-map uploadedBy, and an oversize uploaderId', async () => {
    const id = `extra-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { responses: [] })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { uploaderId: 'u'.repeat(129) })));
    await assertFails(createPoll(alice, id, userPoll(id, ALICE, { uploadedBy: 'Alice' })));
    const { uploaderId: _u, ...missing } = userPoll(id, ALICE);
    await assertFails(createPoll(alice, id, { ...missing, extra: 'x' })); // 7 fields, one unknown
  });
});

describe('hostile: user-poll responses and votes', () => {
  it("denies getting another owner's response (bob reads alice's poll's answers)", async () => {
    await assertFails(getDoc(doc(bob, 'user-poll-responses', A_RESP[0]!)));
    await assertFails(getDoc(doc(alice, 'user-poll-responses', B_RESP)));
  });

  it("denies a non-owner's list query of a poll's responses", async () => {
    await assertFails(getDocs(responsesQuery(bob, ALICE_POLL)));
    await assertFails(getDocs(responsesQuery(visitor, ALICE_POLL)));
  });

  it("denies the owner of one poll listing another owner's responses", async () => {
    await assertFails(getDocs(responsesQuery(alice, BOB_POLL)));
  });

  it('denies an unfiltered list of all responses, even to an owner', async () => {
    await assertFails(getDocs(collection(alice, 'user-poll-responses')));
  });

  it('denies counting responses (the old public count) to a non-owner', async () => {
    await assertFails(getCountFromServer(responsesQuery(bob, ALICE_POLL)));
    await assertFails(getCountFromServer(responsesQuery(visitor, ALICE_POLL)));
  });

  it('denies an answer without its public tally row: every answer the owner counts is one the public count shows (issue #51)', async () => {
    const id = `untallied-${run}`;
    const poll = `untallied-poll-${run}`;
    await assertSucceeds(createPoll(alice, poll, userPoll(poll, ALICE)));
    await assertFails(respond(bob, poll, id, { vote: null }));
    let stored = true;
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      stored = (await getDoc(doc(fsOf(ctx), 'user-poll-responses', id))).exists();
    });
    expect(stored).toBe(false);
    // The same answer with its row is taken.
    await assertSucceeds(respond(bob, poll, id));
  });

  it('denies a user-poll vote without its response in the batch', async () => {
    await assertFails(setDoc(doc(bob, 'user-poll-votes', `lonely-${run}`), { pollId: ALICE_POLL }));
    expect((await getCountFromServer(votesQuery(visitor, ALICE_POLL))).data().count).toBe(4);
  });

  it("denies a vote whose pollId differs from its response's", async () => {
    await assertFails(respond(bob, ALICE_POLL, `mismatch-${run}`, { votePollId: BOB_POLL }));
  });

  it('denies a vote with an extra field', async () => {
    const answers = response(ALICE_POLL, `vote-extra-${run}`)['answers'];
    await assertFails(respond(bob, ALICE_POLL, `vote-extra-${run}`, { vote: { pollId: ALICE_POLL, answers, weight: 100 } }));
  });

  it('the public tally row carries exactly its response\'s answers: none, other ones, or another shape are denied (a share cannot be inflated)', async () => {
    const id = (k: string) => `tally-${k}-${run}`;
    const answers = response(ALICE_POLL, id('x'))['answers'] as Record<string, string>;
    const [q] = Object.keys(answers);
    const other = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v === 'Yes' ? 'No' : 'Yes']));
    for (const [k, vote] of [
      ['none', { pollId: ALICE_POLL }],
      ['other', { pollId: ALICE_POLL, answers: other }],
      ['extra-q', { pollId: ALICE_POLL, answers: { ...answers, 'q-extra': 'Yes' } }],
      ['dropped', { pollId: ALICE_POLL, answers: {} }],
      ['as-text', { pollId: ALICE_POLL, answers: JSON.stringify(answers) }],
      ['as-list', { pollId: ALICE_POLL, answers: [answers[q!]] }],
    ] as const) await assertFails(respond(bob, ALICE_POLL, id(k), { vote: vote as Record<string, unknown> }));
    await assertSucceeds(respond(bob, ALICE_POLL, id('ok')));
    // Anyone reads it — the poll and the answers, nothing of who gave them or when.
    const row = (await getDoc(doc(visitor, 'user-poll-votes', id('ok')))).data();
    expect(row).toEqual({ pollId: ALICE_POLL, answers });
  });

  it("denies moving an existing vote to another poll, and deleting it", async () => {
    await assertFails(setDoc(doc(bob, 'user-poll-votes', A_RESP[0]!), { pollId: BOB_POLL }));
    await assertFails(deleteDoc(doc(bob, 'user-poll-votes', A_RESP[0]!)));
  });

  it("the replay oracle is closed for answers: nobody but their writer re-sends, reads or probes a stored answer", async () => {
    const id = A_RESP[0]!;
    let stored: Record<string, unknown> = {};
    await testEnv.withSecurityRulesDisabled(async (ctx) => { stored = (await getDoc(doc(fsOf(ctx), 'user-poll-responses', id))).data()!; });
    // The right guess is refused exactly like a wrong one (response ids are public through user-poll-votes).
    await assertFails(setDoc(doc(bob, 'user-poll-responses', id), stored));
    await assertFails(setDoc(doc(bob, 'user-poll-responses', id), stored, { merge: true }));
    for (const field of [{ [`answers.${question(0).id}`]: 'Yes' }, { [`answers.${question(0).id}`]: 'No' }, { pollId: ALICE_POLL }]) await assertFails(updateDoc(doc(bob, 'user-poll-responses', id), field));
    await assertFails(getDoc(doc(bob, 'user-poll-responses', id)));
    // Its writer (carol) may re-send it unchanged and read it; the poll's owner reads it.
    const carol = fsOf(testEnv.authenticatedContext(CAROL, { provider_id: 'anonymous' }));
    uidOf.set(carol, CAROL);
    await assertSucceeds(respond(carol, ALICE_POLL, id, { response: stored, by: CAROL }));
    await assertSucceeds(getDoc(doc(carol, 'user-poll-responses', id)));
    await assertSucceeds(getDoc(doc(alice, 'user-poll-responses', id)));
  });

  it('denies answers that are not the poll: other keys, write-ins, blanks, maps, numbers, huge text, a question left out', async () => {
    const [a, b] = [question(0).id, question(1).id];
    const bad: Record<string, unknown>[] = [
      { [a]: 'Yes', [b]: 'No', other: 'Yes' },
      { [a]: 'Yes', bogus: 'No' },
      { [a]: 'Maybe', [b]: 'No' },
      { [a]: '', [b]: 'No' }, // the poll's blank option slots are not answers
      { [a]: { x: 'Yes' }, [b]: 'No' },
      { [a]: 7, [b]: 'No' },
      { [a]: 'y'.repeat(900_000), [b]: 'No' },
      { [a]: 'Yes' },
    ];
    for (const [i, answers] of bad.entries()) await assertFails(respond(bob, ALICE_POLL, `bad-answers-${i}-${run}`, { response: response(ALICE_POLL, `bad-answers-${i}-${run}`, { answers }) }));
  });

  it('denies an answer written in someone else\'s name, and one dated far from now', async () => {
    await assertFails(respond(bob, ALICE_POLL, `forged-author-${run}`, { author: authorDoc(ALICE_POLL, ALICE) }));
    await assertFails(respond(bob, ALICE_POLL, `no-author-${run}`, { author: null }));
    // The old shape, with the author inside the answer where the owner reads it, is refused.
    await assertFails(respond(bob, ALICE_POLL, `inline-author-${run}`, { response: response(ALICE_POLL, `inline-author-${run}`, { author: authorOf(BOB, ALICE_POLL) }) }));
    const day = 86_400_000;
    for (const [i, ms] of [Date.now() - 40 * day, Date.now() + 2 * day, 253_402_300_000_000].entries()) {
      await assertFails(respond(bob, ALICE_POLL, `when-${i}-${run}`, { response: response(ALICE_POLL, `when-${i}-${run}`, { timestamp: Timestamp.fromMillis(ms) }) }));
    }
  });

  it('denies changing a response (replay with changed answers), and deleting it', async () => {
    await assertFails(setDoc(doc(bob, 'user-poll-responses', `bob-answer-${run}`), response(ALICE_POLL, `bob-answer-${run}`, { answers: { [question(0).id]: 'No' } })));
    await assertFails(deleteDoc(doc(bob, 'user-poll-responses', `bob-answer-${run}`)));
  });

  it('denies a response whose responseId differs from the document id', async () => {
    await assertFails(respond(bob, ALICE_POLL, `rid-${run}`, { response: response(ALICE_POLL, `other-${run}`) }));
  });

  it("denies a response to a user poll that doesn't exist", async () => {
    await assertFails(respond(bob, `no-such-user-poll-${run}`, `ghost-${run}`));
  });

  it("denies a response with more answers than the poll's questions, or none", async () => {
    await assertFails(respond(bob, ALICE_POLL, `toomany-${run}`, { response: response(ALICE_POLL, `toomany-${run}`, { answers: { a: '1', b: '2', c: '3' } }) }));
    await assertFails(respond(bob, ALICE_POLL, `none-${run}`, { response: response(ALICE_POLL, `none-${run}`, { answers: {} }) }));
  });

  it('denies a response with a string timestamp, an extra field, or a missing field', async () => {
    await assertFails(respond(bob, ALICE_POLL, `strts-${run}`, { response: response(ALICE_POLL, `strts-${run}`, { timestamp: '2026-11-25T18:30:00Z' }) }));
    await assertFails(respond(bob, ALICE_POLL, `rextra-${run}`, { response: response(ALICE_POLL, `rextra-${run}`, { user: 'x@example.com' }) }));
    const { answers: _a, ...noAnswers } = response(ALICE_POLL, `rmiss-${run}`);
    await assertFails(respond(bob, ALICE_POLL, `rmiss-${run}`, { response: noAnswers }));
  });
});

describe('an owner closes and removes their community poll (issue #54)', () => {
  const fresh = async (id: string) => {
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(fsOf(ctx), 'user-polls', id), userPoll(id, ALICE, { uploadedOn: Timestamp.now() }));
    });
    return id;
  };

  it('the owner closes it once, at the server\'s time; then nobody answers it, and nobody reopens or re-dates it', async () => {
    const poll = await fresh(`close-${run}`);
    await assertSucceeds(respond(bob, poll, `before-close-${run}`));
    await assertFails(updateDoc(doc(bob, 'user-polls', poll), { closedAt: serverTimestamp() })); // not the owner
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { closedAt: Timestamp.fromMillis(Date.now() - 60_000) })); // not now
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { closedAt: serverTimestamp(), title: 'Changed' })); // something else too
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { removedAt: serverTimestamp() })); // removed before closed
    await assertSucceeds(updateDoc(doc(alice, 'user-polls', poll), { closedAt: serverTimestamp() }));
    // Closed: no answer from anyone (the writer learns it is closed, which is public).
    await assertFails(respond(bob, poll, `after-close-${run}`));
    await assertFails(respond(fsOf(testEnv.authenticatedContext(`late-${run}`, { provider_id: 'anonymous' })), poll, `after-close-2-${run}`));
    // Final: not reopened, not re-dated, not by the owner either.
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { closedAt: deleteField() }));
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { closedAt: serverTimestamp() }));
    // Off the list, once; never back on it.
    await assertFails(updateDoc(doc(bob, 'user-polls', poll), { removedAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(doc(alice, 'user-polls', poll), { removedAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { removedAt: deleteField() }));
  });

  it('"results after I close the poll": nobody reads its tally rows or their count until its owner closes it; then everyone does', async () => {
    const poll = `after-close-${run}`;
    for (const bad of [false, 'yes', 1]) await assertFails(createPoll(alice, `${poll}-${String(bad)}`, userPoll(`${poll}-${String(bad)}`, ALICE, { resultsAfterClose: bad })));
    await assertSucceeds(createPoll(alice, poll, userPoll(poll, ALICE, { resultsAfterClose: true })));
    await assertSucceeds(respond(bob, poll, `${poll}-answer`));
    for (const reader of [visitor, bob, alice]) {
      await assertFails(getCountFromServer(votesQuery(reader, poll)));
      await assertFails(getDocs(votesQuery(reader, poll)));
      await assertFails(getDoc(doc(reader, 'user-poll-votes', `${poll}-answer`)));
    }
    // Its owner still reads the responses themselves (their analytics).
    expect((await assertSucceeds(getCountFromServer(responsesQuery(alice, poll)))).data().count).toBe(1);
    await assertSucceeds(updateDoc(doc(alice, 'user-polls', poll), { closedAt: serverTimestamp() }));
    expect((await assertSucceeds(getCountFromServer(votesQuery(visitor, poll)))).data().count).toBe(1);
    expect((await assertSucceeds(getDocs(votesQuery(visitor, poll)))).docs.map((d) => d.data())).toEqual([{ pollId: poll, answers: response(poll, `${poll}-answer`)['answers'] }]);
  });

  it('closing and removing in one write is the owner\'s too; an empty change or an organiser\'s field is not', async () => {
    const poll = await fresh(`close-remove-${run}`);
    await assertFails(updateDoc(doc(alice, 'user-polls', poll), { hiddenAt: serverTimestamp() })); // the organisers' field
    await assertSucceeds(updateDoc(doc(alice, 'user-polls', poll), { closedAt: serverTimestamp(), removedAt: serverTimestamp() }));
    await assertFails(respond(bob, poll, `after-remove-${run}`));
  });
});

describe('hostile: who answered a community poll (issue #30)', () => {
  it("the owner cannot name respondents: no stored field they can read is a hash of a uid that user-polls publishes", async () => {
    // The attack: the owner reads every answer to their poll and hashes every uid that user-polls publishes
    // (ownerUid, uploaderId, uploadedBy.id) with the poll id — the old `author` field matched, and named them.
    const answered = `named-${run}`;
    await assertSucceeds(respond(bob, ALICE_POLL, answered));
    const published = (await getDocs(collection(alice, 'user-polls'))).docs.flatMap((d) => {
      const p = d.data() as { ownerUid?: string; uploaderId?: string; uploadedBy?: { id?: string } | null };
      return [p.ownerUid, p.uploaderId, p.uploadedBy?.id].filter((x): x is string => typeof x === 'string');
    });
    expect(published).toContain(BOB); // Bob posted a poll, so his uid is public
    const hashes = new Set(published.map((uid) => authorOf(uid, ALICE_POLL).toBase64()));
    const seen = await assertSucceeds(getDocs(responsesQuery(alice, ALICE_POLL)));
    expect(seen.docs.map((d) => d.id)).toContain(answered);
    for (const d of seen.docs) {
      for (const value of Object.values(d.data())) {
        if (value instanceof Bytes) expect(hashes.has(value.toBase64())).toBe(false);
      }
      expect(Object.keys(d.data()).sort()).toEqual(['answers', 'pollId', 'responseId', 'timestamp']);
    }
    // Nor can the owner (or anyone but the writer) read or list who wrote it.
    await assertFails(getDoc(doc(alice, 'user-poll-authors', answered)));
    await assertFails(getDocs(query(collection(alice, 'user-poll-authors'), where('pollId', '==', ALICE_POLL))));
    await assertFails(getDocs(collection(alice, 'user-poll-authors')));
    await assertFails(getDoc(doc(visitor, 'user-poll-authors', answered)));
    await assertSucceeds(getDoc(doc(bob, 'user-poll-authors', answered))); // its writer, to read back after a lost acknowledgement
  });

  it('nobody claims an answer afterwards: an authorship for an existing answer is refused, so its answers stay unreadable', async () => {
    // An answer stored without a companion (written before the companion existed, or by the Admin SDK).
    const orphan = `orphan-${run}`;
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(fsOf(ctx), 'user-poll-responses', orphan), response(BOB_POLL, orphan));
    });
    await assertFails(setDoc(doc(alice, 'user-poll-authors', orphan), authorDoc(BOB_POLL, ALICE)));
    await assertFails(getDoc(doc(alice, 'user-poll-responses', orphan)));
    // Nor an answer that has its companion: that is someone else's, and changing it is refused.
    await assertFails(setDoc(doc(alice, 'user-poll-authors', A_RESP[0]!), authorDoc(ALICE_POLL, ALICE)));
    await assertFails(setDoc(doc(alice, 'user-poll-authors', A_RESP[0]!), authorDoc(ALICE_POLL, CAROL)));
    await assertFails(deleteDoc(doc(alice, 'user-poll-authors', A_RESP[0]!)));
    // A companion with no answer beside it, or for another poll, or with more in it, is refused.
    await assertFails(setDoc(doc(bob, 'user-poll-authors', `lonely-author-${run}`), authorDoc(ALICE_POLL)));
    await assertFails(respond(bob, ALICE_POLL, `other-poll-author-${run}`, { author: authorDoc(BOB_POLL) }));
    await assertFails(respond(bob, ALICE_POLL, `fat-author-${run}`, { author: { ...authorDoc(ALICE_POLL), uid: BOB } }));
  });
});

describe('hostile: time on the server\'s clock (issue #30)', () => {
  const at = (ms: number) => new Date(ms).toISOString();
  it('an award vote whose time is not one Date.parse reads is refused (hour 24 or 29, minute 60, 30 February)', async () => {
    const today = at(Date.now()).slice(0, 10);
    for (const [i, timestamp] of [`${today}T24:30:00.000Z`, `${today}T29:59:59Z`, `${today}T23:60:00Z`, `${today}T12:00:60Z`, '2026-02-30T10:00:00Z', `${today}T12:00:00+01:00`, `${today.replace(/-\d\d$/, '-00')}T12:00:00Z`].entries()) {
      expect(Number.isNaN(Date.parse(timestamp)) || !/Z$/.test(timestamp) || timestamp.includes('02-30'), timestamp).toBe(true);
      await assertFails(castVote(bob, `${AWARD}_clock_${i}`, vote({ timestamp, user: `clock${i}@example.com` })));
    }
  });

  it('an award vote is judged by its full time against the server\'s now: ten minutes ahead at most, 31 days back', async () => {
    const min = 60_000;
    const cases: [number, boolean][] = [[-31 * 1440 * min + 5 * min, true], [-31 * 1440 * min - 5 * min, false], [-3 * 60 * min, true], [5 * min, true], [20 * min, false], [3 * 60 * min, false], [2 * 1440 * min, false]];
    for (const [i, [offset, ok]] of cases.entries()) {
      const write = castVote(bob, `${AWARD}_when_${i}`, vote({ timestamp: at(Date.now() + offset), user: `when${i}@example.com` }));
      if (ok) await assertSucceeds(write);
      else await assertFails(write);
    }
  });

  it('an answer is judged the same way: ten minutes ahead at most', async () => {
    await assertSucceeds(respond(bob, ALICE_POLL, `soon-${run}`, { response: response(ALICE_POLL, `soon-${run}`, { timestamp: Timestamp.fromMillis(Date.now() + 5 * 60_000) }) }));
    await assertFails(respond(bob, ALICE_POLL, `later-${run}`, { response: response(ALICE_POLL, `later-${run}`, { timestamp: Timestamp.fromMillis(Date.now() + 20 * 60_000) }) }));
  });
});

describe('hostile: abuse limits (a rolling hour on the server\'s clock)', () => {
  /** A client of its own, so its counts start empty. */
  function newUser(name: string): Firestore {
    const uid = `${name}-${run}`;
    const db = fsOf(testEnv.authenticatedContext(uid, { provider_id: 'anonymous' }));
    uidOf.set(db, uid);
    return db;
  }
  const minutesAgo = (m: number) => Timestamp.fromMillis(Date.now() - m * 60_000);

  it('denies a poll or an answer that is not counted in its writer\'s ring (the client before limits)', async () => {
    const id = `uncounted-${run}`;
    await assertFails(createPoll(alice, id, userPoll(id, ALICE), { count: false }));
    await assertFails(respond(bob, ALICE_POLL, `uncounted-answer-${run}`, { count: false }));
  });

  it('stops at 10 polls and 30 answers per user; the next is denied, other users are not affected', async () => {
    const dave = newUser('dave');
    for (let i = 0; i < 10; i++) {
      const id = `dave-poll-${i}-${run}`;
      await assertSucceeds(createPoll(dave, id, userPoll(id, `dave-${run}`)));
    }
    const eleventh = `dave-poll-10-${run}`;
    await assertFails(createPoll(dave, eleventh, userPoll(eleventh, `dave-${run}`)));
    for (let i = 0; i < 30; i++) await assertSucceeds(respond(dave, ALICE_POLL, `dave-answer-${i}-${run}`, { by: `dave-${run}` }));
    await assertFails(respond(dave, ALICE_POLL, `dave-answer-30-${run}`, { by: `dave-${run}` }));
    await assertSucceeds(respond(bob, ALICE_POLL, `bob-after-dave-${run}`));
    // Its owner reads the ring (how the app tells "limit reached" from "refused"): 10 slots, all server times.
    const ring = (await assertSucceeds(getDoc(rateRef(dave, 'polls')))).data();
    expect(ring?.n).toBe(10);
    expect(Object.values(ring?.slots ?? {}).every((t) => t instanceof Timestamp)).toBe(true);
  });

  it('the limit holds over any 60 minutes, across clock hours: a slot frees exactly when it is an hour old', async () => {
    // The old buckets were named by the hour, so 10 polls at 5:59 and 10 more at 6:00 went through.
    const gina = newUser('gina');
    const slots = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), i === 0 ? minutesAgo(61) : minutesAgo(59 - i)]));
    await testEnv.withSecurityRulesDisabled(async (ctx) => setDoc(doc(fsOf(ctx), 'rates', `gina-${run}`, 'limits', 'polls'), { n: 10, slots, target: 'earlier' }));
    const [first, second] = [`gina-1-${run}`, `gina-2-${run}`];
    await assertSucceeds(createPoll(gina, first, userPoll(first, `gina-${run}`))); // slot 0 was 61 minutes old
    await assertFails(createPoll(gina, second, userPoll(second, `gina-${run}`))); // slot 1 is 58 minutes old
  });

  it('one count covers one write: two polls, two answers or a double count in one commit are denied', async () => {
    const erin = newUser('erin');
    const [x, y] = [`erin-x-${run}`, `erin-y-${run}`];
    let b = writeBatch(erin);
    for (const id of [x, y]) b.set(doc(erin, 'user-polls', id), userPoll(id, `erin-${run}`));
    b.set(rateRef(erin, 'polls'), await countIt(erin, 'polls', x), { merge: true });
    await assertFails(b.commit());
    b = writeBatch(erin);
    for (const r of [`erin-r1-${run}`, `erin-r2-${run}`]) {
      b.set(doc(erin, 'user-poll-responses', r), response(ALICE_POLL, r));
      b.set(doc(erin, 'user-poll-authors', r), authorDoc(ALICE_POLL, `erin-${run}`));
      b.set(doc(erin, 'user-poll-votes', r), { pollId: ALICE_POLL, answers: response(ALICE_POLL, r)['answers'] });
    }
    b.set(rateRef(erin, 'answers'), await countIt(erin, 'answers', `erin-r1-${run}`), { merge: true });
    await assertFails(b.commit());
    // Counting twice in one commit (n + 2, two slots) is not one count each.
    b = writeBatch(erin);
    b.set(doc(erin, 'user-polls', x), userPoll(x, `erin-${run}`));
    b.set(rateRef(erin, 'polls'), { n: 2, slots: { 0: serverTimestamp(), 1: serverTimestamp() }, target: x });
    await assertFails(b.commit());
    // A count naming another document does not cover this one.
    b = writeBatch(erin);
    b.set(doc(erin, 'user-polls', x), userPoll(x, `erin-${run}`));
    b.set(rateRef(erin, 'polls'), await countIt(erin, 'polls', y), { merge: true });
    await assertFails(b.commit());
    // A count made in an earlier commit does not cover a later write.
    await assertSucceeds(setDoc(rateRef(erin, 'polls'), await countIt(erin, 'polls', x), { merge: true }));
    await assertFails(createPoll(erin, x, userPoll(x, `erin-${run}`), { count: false }));
    await assertSucceeds(createPoll(erin, x, userPoll(x, `erin-${run}`)));
  });

  it('denies resetting, jumping, back-dating, skipping a slot, deleting, listing or reaching into rings', async () => {
    const frank = newUser('frank');
    const id = `frank-poll-${run}`;
    await assertSucceeds(createPoll(frank, id, userPoll(id, `frank-${run}`)));
    const mine = rateRef(frank, 'polls');
    await assertFails(setDoc(mine, { n: 0, slots: {}, target: id })); // reset
    await assertFails(setDoc(mine, { n: 1, slots: { 0: serverTimestamp() }, target: id })); // the same count again
    await assertFails(setDoc(mine, { n: 5, slots: { 4: serverTimestamp() }, target: id }, { merge: true })); // a jump
    await assertFails(setDoc(mine, { n: 2, slots: { 1: minutesAgo(90) }, target: id }, { merge: true })); // a time of the device's choosing
    await assertFails(setDoc(mine, { n: 2, slots: { 5: serverTimestamp() }, target: id }, { merge: true })); // a slot that is not next
    await assertFails(setDoc(mine, { n: 2, slots: { 0: serverTimestamp() }, target: id }, { merge: true })); // slot 0 again, not an hour old
    await assertFails(setDoc(mine, { ...(await countIt(frank, 'polls', id)), extra: 'x' }, { merge: true }));
    await assertFails(setDoc(mine, { ...(await countIt(frank, 'polls', id)), target: 't'.repeat(129) }, { merge: true }));
    await assertFails(deleteDoc(mine));
    await assertFails(getDocs(collection(frank, 'rates', `frank-${run}`, 'limits')));
    await assertFails(setDoc(doc(frank, 'rates', `frank-${run}`, 'limits', 'votes'), { n: 1, slots: { 0: serverTimestamp() }, target: id })); // no such kind
    // Another user's ring: neither read (how many polls did Frank post?) nor spent.
    await assertFails(getDoc(doc(bob, 'rates', `frank-${run}`, 'limits', 'polls')));
    await assertFails(setDoc(doc(bob, 'rates', `frank-${run}`, 'limits', 'polls'), { n: 2, slots: { 1: serverTimestamp() }, target: id }, { merge: true }));
    await assertFails(getDoc(doc(visitor, 'rates', `frank-${run}`, 'limits', 'polls')));
  });
});

describe('hostile: the voting window (issue #31), on the server\'s clock', () => {
  const min = 60_000;
  const twoQuestions = [
    { id: 'q1', question: 'Designer of the year?', options: ['Designer A', 'Designer B'] },
    { id: 'q2', question: 'Look of the night?', options: ['Look A', 'Look B'] },
  ];
  const POLLS = {
    scheduled: { opensAt: +60 },
    soon: { opensAt: +5 },
    open: { opensAt: -60, closesAt: +60 },
    justClosed: { closesAt: -5 },
    closedLongAgo: { closesAt: -20 },
  } as const;
  const pid = (name: string) => `window-${name}-${run}`;
  beforeAll(async () => {
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      for (const [name, w] of Object.entries(POLLS)) {
        const times = Object.fromEntries(Object.entries(w).map(([k, m]) => [k, Timestamp.fromMillis(Date.now() + m * min)]));
        await setDoc(doc(fsOf(ctx), 'polls', pid(name)), { id: pid(name), title: name, questions: twoQuestions, deviceLimit: 1000, ...times });
      }
      await setDoc(doc(fsOf(ctx), 'polls', pid('legacyClosed')), { id: pid('legacyClosed'), title: 'Closed', questions: twoQuestions, open: false });
    });
  });
  /** A vote on poll `name` cast `castMinutes` from now (its time on the server's clock, as the app sends it). */
  const castOn = (name: string, castMinutes: number, i = 0) =>
    castVote(bob, `${pid(name)}_${castMinutes}_${i}`, vote({ pollId: pid(name), timestamp: new Date(Date.now() + castMinutes * min).toISOString(), user: `w${i}${castMinutes < 0 ? 'm' : 'p'}${Math.abs(castMinutes)}@example.com` }));

  it('a vote cast inside the window is counted', async () => {
    await assertSucceeds(castOn('open', 0));
    await assertSucceeds(castOn('open', -30)); // cast offline half an hour ago, after the opening
  });

  it('a vote cast before the window opens is refused, also with a cast time forged forward', async () => {
    await assertFails(castOn('scheduled', 0));
    await assertFails(castOn('scheduled', 9)); // as far ahead as any vote may claim: still before the opening
    await assertFails(castOn('open', -61)); // claims to be cast before the opening
  });

  it('no vote is counted before the opening on the server\'s clock, whatever cast time it claims (issue #51: up to 10 minutes ahead was counted)', async () => {
    // The poll opens in 5 minutes; a cast time may run up to 10 minutes ahead of the server, so each of these claims
    // to be cast after the opening while the server's clock is still before it.
    for (const [i, ahead] of [5.5, 6, 8, 9.9].entries()) await assertFails(castOn('soon', ahead, i));
    let counted = -1;
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      counted = (await getCountFromServer(query(collection(fsOf(ctx), 'award-tally'), where('pollId', '==', pid('soon'))))).data().count;
    });
    expect(counted).toBe(0);
  });

  it('a vote cast in the second the poll opened is counted (cast times are read to the whole second); one a second before is not', async () => {
    const opened = Math.floor(Date.now() / 1000) * 1000 - 120_000 + 500; // two minutes ago, half past a second
    const id = pid('openedAtHalf');
    await testEnv.withSecurityRulesDisabled((ctx) => setDoc(doc(fsOf(ctx), 'polls', id), { id, title: 'Half', questions: twoQuestions, deviceLimit: 1000, opensAt: Timestamp.fromMillis(opened) }));
    const at = (ms: number, n: number) => castVote(bob, `${id}_${n}`, vote({ pollId: id, timestamp: new Date(ms).toISOString(), user: `half${n}@example.com` }));
    await assertSucceeds(at(opened + 200, 1));
    await assertFails(at(opened - 600, 2));
  });

  it('a vote cast before the close and arriving within 15 minutes of it is counted (offline at the last call)', async () => {
    await assertSucceeds(castOn('justClosed', -6));
  });

  it('a vote cast after the close is refused, and so is one claiming an earlier cast once the grace is over', async () => {
    await assertFails(castOn('justClosed', 0));
    await assertFails(castOn('justClosed', -4, 1)); // a minute after the close
    await assertFails(castOn('closedLongAgo', -25)); // cast before the close, but the 15 minutes have passed
    await assertFails(castOn('closedLongAgo', -30, 1));
  });

  it('a poll closed with open: false and no close time refuses every vote', async () => {
    await assertFails(castOn('legacyClosed', 0));
    await assertFails(castOn('legacyClosed', -60));
  });

  it('an attendee cannot open, reopen or move the window of a poll', async () => {
    await assertFails(updateDoc(doc(bob, 'polls', pid('justClosed')), { closesAt: Timestamp.fromMillis(Date.now() + 60 * min) }));
    await assertFails(updateDoc(doc(bob, 'polls', pid('scheduled')), { opensAt: Timestamp.now() }));
    await assertFails(updateDoc(doc(bob, 'polls', pid('legacyClosed')), { open: true }));
    await assertFails(setDoc(doc(bob, 'polls', pid('legacyClosed')), { id: pid('legacyClosed'), title: 'Open again', questions: twoQuestions }));
  });
});

describe('organisers: a claim only the Admin SDK sets (issue #31)', () => {
  const twoQuestions = [{ id: 'q1', question: 'Designer of the year?', options: ['Designer A', 'Designer B'] }];
  const org = () => fsOf(testEnv.authenticatedContext(`org-${run}`, { organiser: true }));
  const id = `org-poll-${run}`;

  it('an organiser creates an award poll, schedules it, and closes it now (the close time is the server\'s)', async () => {
    await assertSucceeds(setDoc(doc(org(), 'polls', id), { id, title: 'Designer of the year', questions: twoQuestions, order: 1, opensAt: Timestamp.fromMillis(Date.now() + 3_600_000) }));
    await assertSucceeds(updateDoc(doc(org(), 'polls', id), { opensAt: Timestamp.fromMillis(Date.now() - 60_000) }));
    await assertSucceeds(updateDoc(doc(org(), 'polls', id), { closesAt: serverTimestamp() }));
    const stored = (await getDoc(doc(visitor, 'polls', id))).data();
    expect(stored?.closesAt).toBeInstanceOf(Timestamp);
  });

  it('an attendee cannot write polls, with or without a claim-looking field; a false claim is no claim', async () => {
    const p = `attendee-poll-${run}`;
    await assertFails(setDoc(doc(bob, 'polls', p), { id: p, title: 'Mine', questions: twoQuestions }));
    await assertFails(setDoc(doc(bob, 'polls', p), { id: p, title: 'Mine', questions: twoQuestions, organiser: true }));
    const notOrg = fsOf(testEnv.authenticatedContext(`not-org-${run}`, { organiser: false }));
    await assertFails(setDoc(doc(notOrg, 'polls', p), { id: p, title: 'Mine', questions: twoQuestions }));
    const stringy = fsOf(testEnv.authenticatedContext(`stringy-${run}`, { organiser: 'true' }));
    await assertFails(setDoc(doc(stringy, 'polls', p), { id: p, title: 'Mine', questions: twoQuestions }));
    await assertFails(setDoc(doc(visitor, 'polls', p), { id: p, title: 'Mine', questions: twoQuestions }));
  });

  it('an organiser gives a poll its Spanish and Arabic words (issue #57), at every limit; every other shape is refused', async () => {
    // A language is one text: the title's line, then one line a category (src/lib/pollQuestion.ts encodePollTexts).
    const lines = (...l: string[]) => l.join('\n');
    // At the limits: 20 categories of 300 characters, a 150-character title, in both languages (the expression budget).
    const full = lines('ت'.repeat(150), ...BIG_POLL_QUESTIONS.map(() => 'ف'.repeat(300)));
    const big = `local-big-${run}`;
    await assertSucceeds(setDoc(doc(org(), 'polls', big), { id: big, title: 'Every category', questions: BIG_POLL_QUESTIONS, i18n: { es: full, ar: full } }));
    const small = `local-${run}`;
    const es = lines('Diseñador del año', '¿Diseñador del año?');
    await assertSucceeds(setDoc(doc(org(), 'polls', small), { id: small, title: 'Designer of the year', questions: twoQuestions, i18n: { es } }));
    await assertSucceeds(updateDoc(doc(org(), 'polls', small), { i18n: { es, ar: lines('', 'مصمم العام؟') } }));
    await assertSucceeds(updateDoc(doc(org(), 'polls', small), { i18n: deleteField() }));
    // Each way to break the shape, one at a time: never stored.
    const broken: [string, unknown][] = [
      ['a language the app does not have', { es, fr: es }],
      ['not a map', es],
      ['a list', [es]],
      ['a map of lists (not the stored form)', { es: { title: 'x', questions: ['y'] } }],
      ['no line for the category', { es: 'Diseñador del año' }],
      ['one line too many (a category that is not there)', { es: lines('T', 'a', 'b') }],
      ['a title too long', { es: lines('x'.repeat(151), 'a') }],
      ['a category too long', { es: lines('T', 'x'.repeat(301)) }],
      ['a number instead of a text', { es: 7 }],
    ];
    for (const [why, i18n] of broken) {
      await assertFails(updateDoc(doc(org(), 'polls', small), { i18n })).catch((e: unknown) => {
        throw new Error(`stored with ${why}: ${String(e)}`);
      });
    }
    // Nobody but an organiser writes them, whatever the words.
    await assertFails(updateDoc(doc(bob, 'polls', small), { i18n: { es } }));
  });

  it('an organiser cannot delete a poll, write a malformed one, or alter or delete a vote', async () => {
    await assertFails(deleteDoc(doc(org(), 'polls', id)));
    await assertFails(setDoc(doc(org(), 'polls', `bad-${run}`), { id: 'other', title: 'Wrong id', questions: twoQuestions }));
    await assertFails(setDoc(doc(org(), 'polls', `bad-${run}`), { id: `bad-${run}`, title: 'No questions', questions: [] }));
    await assertFails(setDoc(doc(org(), 'polls', `bad-${run}`), { id: `bad-${run}`, title: 'Text time', questions: twoQuestions, closesAt: '21:30' }));
    await assertFails(setDoc(doc(org(), 'polls', `bad-${run}`), { id: `bad-${run}`, title: 'Extra', questions: twoQuestions, winner: 'Designer A' }));
    await assertFails(updateDoc(doc(org(), 'poll-responses', EXISTING_VOTE), { 'answers.q1': 'Designer B' }));
    await assertFails(deleteDoc(doc(org(), 'poll-responses', EXISTING_VOTE)));
  });
});

describe('hostile: organiser data, other users, unknown paths', () => {
  it('denies writing award polls', async () => {
    await assertFails(setDoc(doc(alice, 'polls', `fake-${run}`), { id: 'x', title: 'Fake', questions: [] }));
    await assertFails(updateDoc(doc(alice, 'polls', AWARD), { title: 'Renamed' }));
    await assertFails(deleteDoc(doc(alice, 'polls', AWARD)));
  });

  it('denies writing org-info', async () => {
    await assertFails(setDoc(doc(alice, 'org-info', ORG), { stories: [] }));
    await assertFails(setDoc(doc(alice, 'org-info', `new-${run}`), { stories: [] }));
  });

  it("denies reading and writing another user's prefs", async () => {
    await assertFails(getDoc(doc(bob, 'prefs', ALICE)));
    await assertFails(setDoc(doc(bob, 'prefs', ALICE), { pref: 'hacked' }));
  });

  it("denies reading and writing another user's users documents", async () => {
    await assertFails(getDoc(doc(bob, 'users', ALICE, 'user_details', 'info')));
    await assertFails(setDoc(doc(bob, 'users', ALICE, 'user_details', 'info'), { email: 'evil@example.com' }));
    await assertFails(setDoc(doc(bob, 'users', ALICE), { x: 1 }));
    await assertFails(getDocs(collection(bob, 'users', ALICE, 'user_details')));
  });

  it('denies writing and reading an unknown collection', async () => {
    await assertFails(setDoc(doc(alice, 'admin', 'settings'), { open: true }));
    await assertFails(getDoc(doc(alice, 'admin', 'settings')));
    await assertFails(getDocs(collection(visitor, 'users')));
  });
});

describe('the organisers\' tally: every vote, without who cast it (issues #31, #52)', () => {
  const org = () => fsOf(testEnv.authenticatedContext(`tally-org-${run}`, { organiser: true }));
  const existing = () => vote({ user: 'existing@example.com' }, ALICE);

  it('an organiser lists the tally rows of a poll: answers, cast time, the device\'s ballot number and the mode — never an e-mail, an author or the vote\'s id', async () => {
    const rows = (await assertSucceeds(getDocs(query(collection(org(), 'award-tally'), where('pollId', '==', AWARD))))).docs;
    const row = rows.find((r) => r.id === existing().responseId);
    expect(row?.data()).toEqual(tallyRow(existing(), 1));
    for (const r of rows) expect(Object.keys(r.data()).sort()).toEqual(['answers', 'at', 'n', 'pollId', 'via']);
    expect(rows.some((r) => r.id === EXISTING_VOTE)).toBe(false);
    // The votes themselves, with their e-mails, stay out of the organiser's reach (Admin SDK only); so do the devices' counts.
    await assertFails(getDocs(query(collection(org(), 'poll-responses'), where('pollId', '==', AWARD))));
    await assertFails(getDoc(doc(org(), 'poll-responses', EXISTING_VOTE)));
    await assertFails(getDoc(doc(org(), 'voters', ALICE, 'ballots', AWARD)));
    expect((await assertSucceeds(getCountFromServer(collection(org(), 'award-tally')))).data().count).toBeGreaterThanOrEqual(rows.length);
  });

  it('nobody else reads it, counts it or gets one row: attendees, visitors, a false or text claim', async () => {
    const notOrg = fsOf(testEnv.authenticatedContext(`tally-not-org-${run}`, { organiser: false }));
    const stringy = fsOf(testEnv.authenticatedContext(`tally-stringy-${run}`, { organiser: 'true' }));
    for (const db of [alice, bob, visitor, notOrg, stringy]) {
      await assertFails(getDocs(collection(db, 'award-tally')));
      await assertFails(getDocs(query(collection(db, 'award-tally'), where('pollId', '==', AWARD))));
      await assertFails(getCountFromServer(query(collection(db, 'award-tally'), where('pollId', '==', AWARD))));
      await assertFails(getDoc(doc(db, 'award-tally', String(existing().responseId))));
    }
  });

  it('a vote without its tally row, or with a row that differs from it, is refused', async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_untallied`), vote({ user: 'untallied@example.com' })));
    const v = vote({ user: 'differs@example.com' });
    const n = (await ballotCount(bob, AWARD)) + 1;
    const variants = [
      { ...tallyRow(v, n), answers: { q1: 'Designer B', q2: 'Look B' } }, // counts another nominee
      { ...tallyRow(v, n), pollId: BIG_AWARD }, // counts for another poll
      { ...tallyRow(v, n), at: new Date(Date.now() - 3_600_000).toISOString() }, // another cast time
      { ...tallyRow(v, n), user: 'differs@example.com' }, // carries the e-mail to the organisers
      { ...tallyRow(v, n), n: 1 }, // claims to be this device's first ballot
      { ...tallyRow(v, n), via: 'code' }, // claims a code
      { pollId: v.pollId, answers: v.answers, at: v.timestamp }, // no ballot number, no mode
    ];
    for (const [i, row] of variants.entries()) {
      const b = writeBatch(bob);
      b.set(doc(bob, 'poll-responses', `${AWARD}_differs_${i}`), v);
      b.set(doc(bob, 'award-tally', String(v.responseId)), row);
      b.set(doc(bob, 'voters', BOB, 'ballots', AWARD), { n, vote: `${AWARD}_differs_${i}` });
      await assertFails(b.commit());
    }
    // At an id other than its vote's responseId: refused too.
    const b = writeBatch(bob);
    b.set(doc(bob, 'poll-responses', `${AWARD}_elsewhere`), v);
    b.set(doc(bob, 'award-tally', `elsewhere-${run}`), tallyRow(v, n));
    b.set(doc(bob, 'voters', BOB, 'ballots', AWARD), { n, vote: `${AWARD}_elsewhere` });
    await assertFails(b.commit());
  });

  it('a row cannot be made without its vote, added to a vote already stored, changed or deleted — by anyone', async () => {
    const v = vote({ user: 'ghost@example.com' });
    await assertFails(setDoc(doc(bob, 'award-tally', String(v.responseId)), tallyRow(v, 1)));
    await assertFails(setDoc(doc(org(), 'award-tally', String(v.responseId)), tallyRow(v, 1)));
    // A second row for a stored vote (its own writer, someone else, an organiser): refused.
    const stored = tallyRow(existing(), 1);
    for (const db of [alice, bob, org()]) {
      await assertFails(setDoc(doc(db, 'award-tally', `copy-${run}`), stored));
      // Changing the row — a nominee, a time — deleting it, or re-sending it unchanged: refused to everyone.
      await assertFails(setDoc(doc(db, 'award-tally', String(existing().responseId)), { ...stored, answers: { q1: 'Designer B', q2: 'Look B' } }));
      await assertFails(updateDoc(doc(db, 'award-tally', String(existing().responseId)), { at: new Date().toISOString() }));
      await assertFails(deleteDoc(doc(db, 'award-tally', String(existing().responseId))));
      await assertFails(setDoc(doc(db, 'award-tally', String(existing().responseId)), stored));
    }
  });

  // Two is what the app puts in one commit (src/remote/firestoreLite.ts VOTES_PER_COMMIT): Firestore lets a commit's
  // rules look at 20 documents and each vote looks at about seven. The emulator does not enforce that limit, so this
  // shows the commit's shape is accepted, not that the limit holds.
  it('two votes of two polls in one commit, each with its row and its count, are accepted', async () => {
    const b = writeBatch(bob);
    for (const [i, pollId] of [AWARD, BIG_AWARD].entries()) {
      const v = vote({ user: `batch${i}@example.com`, pollId, answers: pollId === AWARD ? { q1: 'Designer A', q2: 'Look B' } : Object.fromEntries(BIG_POLL_QUESTIONS.map((q) => [q.id, q.options[1]])) });
      const n = (await ballotCount(bob, pollId)) + 1;
      b.set(doc(bob, 'poll-responses', `batch-${i}-${run}`), v);
      b.set(doc(bob, 'award-tally', String(v.responseId)), tallyRow(v, n));
      b.set(doc(bob, 'voters', BOB, 'ballots', pollId), { n, vote: `batch-${i}-${run}` });
    }
    await assertSucceeds(b.commit());
  });
});

describe('who may vote: one attendee, one ballot (issue #52)', () => {
  const org = () => fsOf(testEnv.authenticatedContext(`codes-org-${run}`, { organiser: true }));
  const OPEN = `open-${run}`; // the default: one ballot a device
  const SHARED = `shared-${run}`; // a shared phone at a table: four
  const TICKETED = `ticketed-${run}`;
  const TICKETED2 = `ticketed2-${run}`;
  const one = [{ id: 'q1', question: 'Best look?', options: ['Ada', 'Bo'] }];
  const ballot = (pollId: string, user: string, by: string, over: Record<string, unknown> = {}) => vote({ pollId, user, answers: { q1: 'Ada' }, ...over }, by);
  /** A device of its own: a fresh anonymous sign-in. */
  const device = (name: string): { db: Firestore; uid: string } => {
    const uid = `${name}-${run}`;
    const db = fsOf(testEnv.authenticatedContext(uid, { provider_id: 'anonymous' }));
    uidOf.set(db, uid);
    return { db, uid };
  };
  const ok = (p: Promise<unknown>) => p.then(() => true, (e: { code?: string }) => {
    if (e.code !== 'permission-denied') throw e;
    return false;
  });
  const rowsOf = async (pollId: string) => (await getDocs(query(collection(org(), 'award-tally'), where('pollId', '==', pollId)))).docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown>);
  const codes = { a: newCode(), b: newCode(), night: newCode(), other: newCode() };
  const issue = (code: string, poll: string) => setDoc(doc(org(), 'voting-codes', code), { poll, issued: serverTimestamp() });

  beforeAll(async () => {
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      const db = fsOf(ctx);
      await setDoc(doc(db, 'polls', OPEN), { id: OPEN, title: 'Open', questions: one });
      await setDoc(doc(db, 'polls', SHARED), { id: SHARED, title: 'Shared', questions: one, deviceLimit: 4 });
      await setDoc(doc(db, 'polls', TICKETED), { id: TICKETED, title: 'Ticketed', questions: one, voting: 'ticketed' });
      await setDoc(doc(db, 'polls', TICKETED2), { id: TICKETED2, title: 'Ticketed too', questions: one, voting: 'ticketed' });
    });
    await issue(codes.a, TICKETED);
    await issue(codes.b, TICKETED);
    await issue(codes.night, '*');
    await issue(codes.other, TICKETED2);
  });

  it('open poll: one device casting 60 ballots with invented e-mails gets one counted; a fresh device one more', async () => {
    const { db } = device('stuffer');
    let counted = 0;
    for (let i = 0; i < 60; i++) if (await ok(castVote(db, `${OPEN}_inv${i}`, ballot(OPEN, `invented${i}@example.com`, `stuffer-${run}`)))) counted += 1;
    expect(counted).toBe(1);
    expect((await rowsOf(OPEN)).length).toBe(1);
    const other = device('other-phone');
    expect(await ok(castVote(other.db, `${OPEN}_other`, ballot(OPEN, 'other@example.com', `other-phone-${run}`)))).toBe(true);
    expect((await rowsOf(OPEN)).map((r) => r.n)).toEqual([1, 1]); // two devices, one ballot each
  });

  it('a shared phone (device limit 4): 4 of 10 counted, numbered 1 to 4 on the tally; distinct devices and the most from one are counts', async () => {
    const { db, uid } = device('table-phone');
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await ok(castVote(db, `${SHARED}_t${i}`, ballot(SHARED, `guest${i}@example.com`, uid))));
    expect(results.filter(Boolean)).toHaveLength(4);
    const rows = await rowsOf(SHARED);
    expect(rows.map((r) => r.n).sort()).toEqual([1, 2, 3, 4]);
    expect(rows.filter((r) => r.n === 1)).toHaveLength(1); // distinct devices
    expect(Math.max(...rows.map((r) => Number(r.n)))).toBe(4); // the most from one device
  });

  it('a device\'s count cannot be forged: a jump, a reset, a count without a vote, one naming a stored vote, another device\'s', async () => {
    const { db, uid } = device('forger');
    const count = (n: number, voteId: string, owner = uid) => setDoc(doc(db, 'voters', owner, 'ballots', OPEN), { n, vote: voteId });
    await assertFails(count(1, `${OPEN}_none`)); // no vote in the commit
    await assertFails(count(1, EXISTING_VOTE)); // a stored vote (and of another poll)
    await assertFails(count(1, `${OPEN}_x`, BOB)); // another device's count
    // A vote whose commit counts it as its device's 0th or 2nd ballot, or leaves the count out.
    for (const n of [0, 2, 5]) {
      const v = ballot(OPEN, `jump${n}@example.com`, uid);
      const b = writeBatch(db);
      b.set(doc(db, 'poll-responses', `${OPEN}_jump${n}`), v);
      b.set(doc(db, 'award-tally', String(v.responseId)), tallyRow(v, n));
      b.set(doc(db, 'voters', uid, 'ballots', OPEN), { n, vote: `${OPEN}_jump${n}` });
      await assertFails(b.commit());
    }
    const v = ballot(OPEN, 'nocount@example.com', uid);
    const b = writeBatch(db);
    b.set(doc(db, 'poll-responses', `${OPEN}_nocount`), v);
    b.set(doc(db, 'award-tally', String(v.responseId)), tallyRow(v, 1));
    await assertFails(b.commit());
    // Counted once, then reset to start again: refused (n only goes up by one, and never without a new vote).
    await assertSucceeds(castVote(db, `${OPEN}_forger`, ballot(OPEN, 'forger@example.com', uid)));
    await assertFails(count(1, `${OPEN}_forger`));
    await assertFails(deleteDoc(doc(db, 'voters', uid, 'ballots', OPEN)));
    // Nobody but the device reads it.
    await assertSucceeds(getDoc(doc(db, 'voters', uid, 'ballots', OPEN)));
    for (const other of [bob, visitor, org()]) await assertFails(getDoc(doc(other, 'voters', uid, 'ballots', OPEN)));
    await assertFails(getDocs(collection(db, 'voters', uid, 'ballots')));
  });

  it('ticketed: no code, a made-up code, a malformed one, one of another poll → refused; a valid one counts once, whoever reuses it; a night code once per poll', async () => {
    const phone = device('ticket-holder');
    const friend = device('friend');
    const cast = (d: { db: Firestore; uid: string }, id: string, over: Record<string, unknown>, pollId = TICKETED) => ok(castVote(d.db, `${pollId}_${id}`, ballot(pollId, `${id}@example.com`, d.uid, over)));
    expect(await cast(phone, 'nocode', {})).toBe(false);
    expect(await cast(phone, 'madeup', { code: newCode() })).toBe(false);
    expect(await cast(phone, 'lower', { code: codes.a.toLowerCase() })).toBe(false);
    expect(await cast(phone, 'short', { code: codes.a.slice(0, 19) })).toBe(false);
    expect(await cast(phone, 'path', { code: `${codes.a}/uses/x` })).toBe(false);
    expect(await cast(phone, 'otherpoll', { code: codes.other })).toBe(false);
    expect(await cast(phone, 'valid', { code: codes.a })).toBe(true);
    expect(await cast(phone, 'again', { code: codes.a })).toBe(false); // the same phone, another e-mail
    expect(await cast(friend, 'reused', { code: codes.a })).toBe(false); // another phone
    expect(await cast(friend, 'second', { code: codes.b })).toBe(true);
    expect(await cast(friend, 'night', { code: codes.night })).toBe(true);
    expect(await cast(phone, 'night2', { code: codes.night })).toBe(false); // used for this poll
    expect(await cast(phone, 'night3', { code: codes.night }, TICKETED2)).toBe(true); // good once in each poll
    const rows = await rowsOf(TICKETED);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.via === 'code')).toBe(true);
    // No device limit in ticketed mode: the friend's phone cast two (a family's codes).
    expect(rows.map((r) => r.n).sort()).toEqual([1, 1, 2]);
    // A code on an open poll is refused: the vote names no code there.
    expect(await ok(castVote(phone.db, `${SHARED}_coded`, ballot(SHARED, 'coded@example.com', phone.uid, { code: codes.b })))).toBe(false);
  });

  it('a code\'s used-mark cannot be forged: made without its vote, with a time of the client\'s, for another poll, changed or deleted', async () => {
    const { db, uid } = device('marker');
    const fresh = newCode();
    await issue(fresh, TICKETED);
    const use = (code: string, pollId = TICKETED) => doc(db, 'voting-codes', code, 'uses', pollId);
    await assertFails(setDoc(use(fresh), { at: serverTimestamp() })); // no vote: a code burnt for someone else
    await assertFails(setDoc(use(fresh), { at: Timestamp.now() }));
    // A vote naming one code while the commit marks another.
    const v = ballot(TICKETED, 'marker@example.com', uid, { code: fresh });
    const b = writeBatch(db);
    b.set(doc(db, 'poll-responses', `${TICKETED}_marker`), v);
    b.set(doc(db, 'award-tally', String(v.responseId)), tallyRow(v, 1));
    b.set(doc(db, 'voters', uid, 'ballots', TICKETED), { n: 1, vote: `${TICKETED}_marker` });
    b.set(use(codes.b), { at: serverTimestamp() });
    await assertFails(b.commit());
    // The used mark of a code used above: nobody changes or deletes it.
    for (const who of [db, bob, org()]) {
      await assertFails(setDoc(doc(who, 'voting-codes', codes.a, 'uses', TICKETED), { at: serverTimestamp() }));
      await assertFails(deleteDoc(doc(who, 'voting-codes', codes.a, 'uses', TICKETED)));
    }
  });

  it('attendees never list codes nor read one they do not hold; a holder reads its code\'s poll and when it was used (a made-up one reads as nothing); organisers list them; nobody changes or deletes one', async () => {
    for (const db of [alice, bob, visitor]) {
      await assertFails(getDocs(collection(db, 'voting-codes')));
      await assertFails(getDocs(query(collection(db, 'voting-codes'), where('poll', '==', TICKETED))));
      await assertFails(getCountFromServer(collection(db, 'voting-codes')));
      await assertFails(getDocs(collection(db, 'voting-codes', codes.a, 'uses')));
    }
    // Whoever holds a code (its id is the secret) reads when it was used; a made-up one reads exactly like an unused one.
    expect((await assertSucceeds(getDoc(doc(bob, 'voting-codes', codes.a)))).data()?.poll).toBe(TICKETED);
    expect((await assertSucceeds(getDoc(doc(bob, 'voting-codes', newCode())))).exists()).toBe(false);
    await assertFails(getDoc(doc(visitor, 'voting-codes', codes.a)));
    const used = await assertSucceeds(getDoc(doc(bob, 'voting-codes', codes.a, 'uses', TICKETED)));
    expect(used.data()?.at).toBeInstanceOf(Timestamp);
    expect((await assertSucceeds(getDoc(doc(bob, 'voting-codes', newCode(), 'uses', TICKETED)))).exists()).toBe(false);
    expect((await assertSucceeds(getDoc(doc(bob, 'voting-codes', codes.b, 'uses', TICKETED2)))).exists()).toBe(false);
    const listed = await assertSucceeds(getDocs(query(collection(org(), 'voting-codes'), where('poll', 'in', [TICKETED, '*']))));
    expect(listed.docs.map((d) => d.id).sort()).toEqual(expect.arrayContaining([codes.a, codes.b, codes.night].sort()));
    for (const db of [alice, org()]) {
      await assertFails(updateDoc(doc(db, 'voting-codes', codes.a), { poll: TICKETED2 }));
      await assertFails(deleteDoc(doc(db, 'voting-codes', codes.a)));
    }
  });

  it('only organisers issue codes, only in the code\'s shape, dated by the server', async () => {
    await assertFails(setDoc(doc(bob, 'voting-codes', newCode()), { poll: TICKETED, issued: serverTimestamp() }));
    await assertFails(setDoc(doc(org(), 'voting-codes', 'ABC'), { poll: TICKETED, issued: serverTimestamp() }));
    await assertFails(setDoc(doc(org(), 'voting-codes', newCode()), { poll: TICKETED, issued: Timestamp.now() }));
    await assertFails(setDoc(doc(org(), 'voting-codes', newCode()), { poll: TICKETED, issued: serverTimestamp(), owner: 'someone' }));
    await assertFails(setDoc(doc(org(), 'voting-codes', codes.a), { poll: TICKETED2, issued: serverTimestamp() })); // an existing code moved
    await assertSucceeds(setDoc(doc(org(), 'voting-codes', newCode()), { poll: '*', issued: serverTimestamp(), batch: 'night-1' }));
  });

  it('H79: an organiser holding the guest list and every code names no voter from what the rules let them read', async () => {
    const guests = [...Array.from({ length: 200 }, (_, i) => `guest${i}@example.com`), 'existing@example.com', 'valid@example.com', 'second@example.com', 'night@example.com', 'forger@example.com', 'other@example.com'];
    const hex = (text: string) => createHash('sha256').update(text).digest('hex');
    const derived = new Set<string>();
    for (const pollId of [AWARD, OPEN, SHARED, TICKETED, TICKETED2]) {
      for (const email of guests) {
        const digest = hex(`${pollId}\n${email}`);
        derived.add(digest).add(digest.slice(0, 32)).add(`${pollId}_${digest.slice(0, 32)}`); // src/features/polls/logic.ts voteDocId
        derived.add(hex(`${pollId}/${email}`));
      }
      for (const code of Object.values(codes)) derived.add(code).add(hex(code)).add(hex(`${pollId}/${code}`)).add(hex(`${pollId}\n${code}`));
    }
    let rows = 0;
    for (const pollId of [AWARD, OPEN, SHARED, TICKETED, TICKETED2]) {
      for (const row of await rowsOf(pollId)) {
        rows += 1;
        for (const value of [row.id, ...Object.values(row).flatMap((v) => (typeof v === 'object' && v !== null ? Object.values(v) : [v]))]) {
          expect(derived.has(String(value)), `tally row ${String(row.id)} holds ${String(value)}, derivable from an e-mail or a code`).toBe(false);
          expect(String(value)).not.toMatch(/@/);
        }
      }
    }
    expect(rows).toBeGreaterThanOrEqual(8);
  });

  it('refused votes, reported: a cause the rules can check must hold, one count each, organisers read them and attendees do not', async () => {
    const { db, uid } = device('reporter');
    const report = (pollId: string, cause: string) => countedWrite(db, 'refusals', async (b, id) => {
      b.set(doc(db, 'award-refusals', id), { pollId, cause, at: serverTimestamp() });
    });
    await assertFails(report(OPEN, 'device-limit')); // this device has cast nothing there
    await assertSucceeds(castVote(db, `${OPEN}_reporter`, ballot(OPEN, 'reporter@example.com', uid)));
    await assertSucceeds(report(OPEN, 'device-limit')); // at its limit now
    await assertFails(report(OPEN, 'code-used')); // not a ticketed poll
    await assertSucceeds(report(TICKETED, 'code-used'));
    await assertFails(report(OPEN, 'window')); // a poll with no window
    await assertFails(report(OPEN, 'anything-else'));
    await assertSucceeds(report(OPEN, 'email-used'));
    // Without its count, with a client time, with more than the fields: refused.
    await assertFails(setDoc(doc(db, 'award-refusals', `uncounted-${run}`), { pollId: OPEN, cause: 'email-used', at: serverTimestamp() }));
    await assertFails(countedWrite(db, 'refusals', async (b, id) => {
      b.set(doc(db, 'award-refusals', id), { pollId: OPEN, cause: 'email-used', at: Timestamp.now() });
    }));
    await assertFails(countedWrite(db, 'refusals', async (b, id) => {
      b.set(doc(db, 'award-refusals', id), { pollId: OPEN, cause: 'email-used', at: serverTimestamp(), user: 'x@example.com' });
    }));
    const listed = await assertSucceeds(getDocs(query(collection(org(), 'award-refusals'), where('pollId', '==', OPEN))));
    expect(listed.docs.map((d) => d.data().cause).sort()).toEqual(['device-limit', 'email-used']);
    for (const other of [alice, bob, visitor]) await assertFails(getDocs(query(collection(other, 'award-refusals'), where('pollId', '==', OPEN))));
  });
});

describe('organisers\' polls: the limits the organiser screen checks (issue #31)', () => {
  const org = () => fsOf(testEnv.authenticatedContext(`limits-org-${run}`, { organiser: true }));
  const cat = (i: number, options: unknown[]) => ({ id: `c${i}`, question: `Category ${i}`, options });
  const write = (id: string, questions: unknown[]) => setDoc(doc(org(), 'polls', id), { id, title: 'Awards', questions });

  it('a poll at every limit is accepted: 20 categories of 20 nominees of 150 characters', async () => {
    const nominees = Array.from({ length: 20 }, (_, n) => `${n}`.padEnd(150, 'n'));
    await assertSucceeds(write(`max-${run}`, Array.from({ length: 20 }, (_, i) => ({ ...cat(i, nominees), question: 'q'.repeat(300) }))));
  });

  it('categories outside the limits are refused', async () => {
    const bad: unknown[][] = [
      [cat(0, ['Only one'])], // fewer than two nominees
      [cat(0, Array.from({ length: 21 }, (_, n) => `N${n}`))], // more than twenty
      [cat(0, ['A', ''])], // a blank nominee
      [cat(0, ['A', 'x'.repeat(151)])], // a nominee too long
      [{ ...cat(0, ['A', 'B']), question: '' }],
      [{ ...cat(0, ['A', 'B']), winner: 'A' }], // a field the ballot does not have
      [{ question: 'No id', options: ['A', 'B'] }],
      Array.from({ length: 21 }, (_, i) => cat(i, ['A', 'B'])), // more than twenty categories
    ];
    for (const [i, questions] of bad.entries()) await assertFails(write(`bad-cat-${i}-${run}`, questions));
  });
});

describe('moderation: reports of community polls and hiding them (issue #53)', () => {
  const org = () => fsOf(testEnv.authenticatedContext(`org-${run}`, { organiser: true }));
  /** A report's id as src/remote/firestoreLite.ts makes it: hex SHA-256 of the writer's uid and the poll. */
  const reportId = (uid: string, pollId: string) => createHash('sha256').update(`${uid}/report/${pollId}`).digest('hex');
  const report = (pollId: string, reason = 'spam') => ({ pollId, reason, at: serverTimestamp() });
  const pollOf = (db: Firestore, id: string) => getDoc(doc(db, 'user-polls', id)).then((s) => s.data());

  it('an attendee reports a poll once at its own id; a replay or a new reason lands on the same document', async () => {
    const ref = doc(bob, 'poll-reports', reportId(BOB, ALICE_POLL));
    await assertSucceeds(setDoc(ref, report(ALICE_POLL)));
    await assertSucceeds(setDoc(ref, report(ALICE_POLL)));
    await assertSucceeds(setDoc(ref, report(ALICE_POLL, 'misleading')));
    const stored = await getDocs(query(collection(org(), 'poll-reports'), where('pollId', '==', ALICE_POLL)));
    expect(stored.docs.filter((d) => d.id === reportId(BOB, ALICE_POLL)).map((d) => d.data().reason)).toEqual(['misleading']);
  });

  it('hostile reports: someone else\'s id, a made-up id, another poll on one id, free text, a device clock, no poll, not signed in', async () => {
    await assertFails(setDoc(doc(bob, 'poll-reports', reportId(ALICE, BOB_POLL)), report(BOB_POLL))); // Alice's id
    await assertFails(setDoc(doc(bob, 'poll-reports', `spam-${run}-${Math.random()}`), report(BOB_POLL))); // one device, many reports
    await assertFails(setDoc(doc(bob, 'poll-reports', reportId(BOB, ALICE_POLL)), report(BOB_POLL))); // the id of another poll
    await assertFails(setDoc(doc(bob, 'poll-reports', reportId(BOB, BOB_POLL)), report(BOB_POLL, 'I know who wrote this: Alice Smith')));
    await assertFails(setDoc(doc(bob, 'poll-reports', reportId(BOB, BOB_POLL)), { ...report(BOB_POLL), note: 'extra' }));
    await assertFails(setDoc(doc(bob, 'poll-reports', reportId(BOB, BOB_POLL)), { ...report(BOB_POLL), at: Timestamp.fromMillis(Date.now() - 3_600_000) }));
    await assertFails(setDoc(doc(bob, 'poll-reports', reportId(BOB, `no-such-poll-${run}`)), report(`no-such-poll-${run}`)));
    await assertFails(setDoc(doc(visitor, 'poll-reports', reportId('nobody', BOB_POLL)), report(BOB_POLL)));
    await assertFails(deleteDoc(doc(bob, 'poll-reports', reportId(BOB, ALICE_POLL))));
  });

  it('only organisers read reports: not the reporter, not the poll\'s owner, not a visitor', async () => {
    await assertSucceeds(getDocs(collection(org(), 'poll-reports')));
    await assertSucceeds(getDoc(doc(org(), 'poll-reports', reportId(BOB, ALICE_POLL))));
    for (const db of [alice, bob, visitor]) {
      await assertFails(getDoc(doc(db, 'poll-reports', reportId(BOB, ALICE_POLL))));
      await assertFails(getDocs(query(collection(db, 'poll-reports'), where('pollId', '==', ALICE_POLL))));
    }
  });

  it('an organiser hides a poll on the server\'s clock and restores it; the poll is otherwise untouched', async () => {
    const before = await pollOf(visitor, BOB_POLL);
    await assertSucceeds(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: serverTimestamp() }));
    const hidden = await pollOf(visitor, BOB_POLL);
    expect(hidden?.hiddenAt).toBeInstanceOf(Timestamp);
    expect(Math.abs((hidden!.hiddenAt as Timestamp).toMillis() - Date.now())).toBeLessThan(60_000);
    await assertSucceeds(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: deleteField() }));
    expect(await pollOf(visitor, BOB_POLL)).toEqual(before);
  });

  it('a hidden poll takes no new answer, from anyone; restored, it takes them again', async () => {
    const eve = fsOf(testEnv.authenticatedContext(`moderated-${run}`, { provider_id: 'anonymous' }));
    uidOf.set(eve, `moderated-${run}`);
    const answer = (id: string) => respond(eve, ALICE_POLL, id, { author: authorDoc(ALICE_POLL, `moderated-${run}`) });
    await assertSucceeds(updateDoc(doc(org(), 'user-polls', ALICE_POLL), { hiddenAt: serverTimestamp() }));
    try {
      await assertFails(answer(`hidden-answer-${run}`));
      // Nor without its count, its tally row or its author: no shape of the write gets past the hiding.
      await assertFails(respond(eve, ALICE_POLL, `hidden-answer-2-${run}`, { author: authorDoc(ALICE_POLL, `moderated-${run}`), vote: null }));
      await assertFails(respond(eve, ALICE_POLL, `hidden-answer-3-${run}`, { author: authorDoc(ALICE_POLL, `moderated-${run}`), count: false }));
      expect((await getDoc(doc(org(), 'user-poll-votes', `hidden-answer-${run}`))).exists()).toBe(false);
    } finally {
      await assertSucceeds(updateDoc(doc(org(), 'user-polls', ALICE_POLL), { hiddenAt: deleteField() }));
    }
    await assertSucceeds(answer(`restored-answer-${run}`));
  });

  it('hostile hiding: the owner, another attendee, a false claim, a visitor; an organiser changing anything else or choosing the time', async () => {
    const notOrg = fsOf(testEnv.authenticatedContext(`not-org-${run}`, { organiser: false }));
    for (const db of [bob, alice, notOrg, visitor]) await assertFails(updateDoc(doc(db, 'user-polls', BOB_POLL), { hiddenAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: Timestamp.fromMillis(Date.now() - 86_400_000) })); // back-dated
    await assertFails(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: true }));
    await assertFails(updateDoc(doc(org(), 'user-polls', BOB_POLL), { title: 'Rewritten by an organiser' }));
    await assertFails(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: serverTimestamp(), title: 'Rewritten' }));
    await assertFails(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenBy: 'org' }));
    await assertFails(deleteDoc(doc(org(), 'user-polls', BOB_POLL)));
    // Hidden, the owner still cannot touch it (to unhide it, say).
    await assertSucceeds(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(bob, 'user-polls', BOB_POLL), { hiddenAt: deleteField() }));
    await assertSucceeds(updateDoc(doc(org(), 'user-polls', BOB_POLL), { hiddenAt: deleteField() }));
  });
});
