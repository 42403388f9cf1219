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
  Timestamp, collection, deleteDoc, doc, getCountFromServer, getDoc, getDocs, query, serverTimestamp, setDoc,
  updateDoc, where, writeBatch, type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT ?? 'demo-town-square';
const run = Date.now().toString(36);

// Users (anonymous-auth uids) and fixtures, unique per run so other suites on the same emulator don't matter.
const ALICE = `alice-${run}`;
const BOB = `bob-${run}`;
const AWARD = `award-${run}`; // polls/{AWARD}: 2 questions
const ORG = `org-${run}`;
const ALICE_POLL = `alice-poll-${run}`; // user-polls, owned by ALICE, 2 questions
const BOB_POLL = `bob-poll-${run}`; // user-polls, owned by BOB
const EXISTING_VOTE = `${AWARD}_existing`;
const A_RESP = [`a1-${run}`, `a2-${run}`]; // responses to ALICE_POLL (seeded, with votes)
const B_RESP = `b1-${run}`; // response to BOB_POLL (seeded, with vote)

let testEnv: RulesTestEnvironment;
let alice: Firestore;
let bob: Firestore;
let visitor: Firestore; // not signed in

const fsOf = (ctx: RulesTestContext): Firestore => ctx.firestore() as unknown as Firestore;

function vote(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pollId: AWARD,
    responseId: '0b6f2a3e-8c1d-4f7a-9e2b-5d4c3b2a1f00',
    answers: { q1: 'Designer A', q2: 'Look B' },
    timestamp: '2026-11-25T18:30:00.000Z',
    user: 'voter@example.com',
    ...over,
  };
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

function response(pollId: string, responseId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { pollId, answers: { [question(0).id]: 'Yes' }, timestamp: Timestamp.fromMillis(1_764_000_000_000), responseId, ...over };
}

/** The app's write for a community-poll answer: the response and its public tally companion, in one batch. */
function respond(db: Firestore, pollId: string, responseId: string, opts: { votePollId?: string; response?: Record<string, unknown>; vote?: Record<string, unknown> } = {}) {
  const b = writeBatch(db);
  b.set(doc(db, 'user-poll-responses', responseId), opts.response ?? response(pollId, responseId));
  b.set(doc(db, 'user-poll-votes', responseId), opts.vote ?? { pollId: opts.votePollId ?? pollId });
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
    await setDoc(doc(db, 'polls', AWARD), { id: AWARD, title: 'Detroit Fashion Choice Awards', questions: twoQuestions });
    await setDoc(doc(db, 'org-info', ORG), { stories: [{ id: 's1', name: 'Honoree', bio: 'Bio', smallImg: '', bigImg: '' }] });
    await setDoc(doc(db, 'poll-responses', EXISTING_VOTE), vote({ user: 'existing@example.com' }));
    await setDoc(doc(db, 'user-polls', ALICE_POLL), userPoll(ALICE_POLL, ALICE, { uploadedOn: Timestamp.now() }));
    await setDoc(doc(db, 'user-polls', BOB_POLL), userPoll(BOB_POLL, BOB, { uploadedOn: Timestamp.now() }));
    for (const id of A_RESP) {
      await setDoc(doc(db, 'user-poll-responses', id), response(ALICE_POLL, id));
      await setDoc(doc(db, 'user-poll-votes', id), { pollId: ALICE_POLL });
    }
    await setDoc(doc(db, 'user-poll-responses', B_RESP), response(BOB_POLL, B_RESP));
    await setDoc(doc(db, 'user-poll-votes', B_RESP), { pollId: BOB_POLL });
    for (const uid of [ALICE, BOB]) {
      await setDoc(doc(db, 'prefs', uid), { pref: 'dark' });
      await setDoc(doc(db, 'users', uid, 'user_details', 'info'), { email: `${uid}@example.com`, fName: 'A', lName: 'B', state: 'MI', zip: '48201' });
    }
  });
  alice = fsOf(testEnv.authenticatedContext(ALICE, { provider_id: 'anonymous' }));
  bob = fsOf(testEnv.authenticatedContext(BOB, { provider_id: 'anonymous' }));
  visitor = fsOf(testEnv.unauthenticatedContext());
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
    await assertSucceeds(setDoc(doc(bob, 'poll-responses', `${AWARD}_bob`), vote({ user: 'bob@example.com' })));
  });

  it('an identical replay of that vote (lost acknowledgement) succeeds', async () => {
    await assertSucceeds(setDoc(doc(bob, 'poll-responses', `${AWARD}_bob`), vote({ user: 'bob@example.com' })));
  });

  it('a vote answering fewer questions than the poll has is accepted', async () => {
    await assertSucceeds(setDoc(doc(bob, 'poll-responses', `${AWARD}_partial`), vote({ user: 'p@example.org', answers: { q1: 'Designer A' } })));
  });

  it('a signed-in visitor creates a user poll as themselves with serverTimestamp()', async () => {
    const id = `alice-new-${run}`;
    await assertSucceeds(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE)));
    const stored = (await getDoc(doc(visitor, 'user-polls', id))).data();
    expect(stored?.uploadedOn).toBeInstanceOf(Timestamp);
    expect(stored?.ownerUid).toBe(ALICE);
  });

  it('a user poll with uploadedBy null (no user details) is accepted', async () => {
    const id = `alice-nullby-${run}`;
    await assertSucceeds(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { uploadedBy: null, uploaderId: '' })));
  });

  it('a user poll at every limit (150-char title, 20 questions of 300 chars, 4 options of 150) is accepted', async () => {
    const id = `alice-max-${run}`;
    const questions = Array.from({ length: 20 }, (_, i) => question(i, { question: 'q'.repeat(300), options: ['o'.repeat(150), 'p'.repeat(150), 'r'.repeat(150), 's'.repeat(150)] }));
    await assertSucceeds(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { title: 't'.repeat(150), questions })));
  });

  it('a visitor answers a user poll: response and public vote in one batch', async () => {
    await assertSucceeds(respond(bob, ALICE_POLL, `bob-answer-${run}`));
  });

  it('an identical replay of that batch (lost acknowledgement) succeeds', async () => {
    await assertSucceeds(respond(bob, ALICE_POLL, `bob-answer-${run}`));
  });

  it('the owner can answer their own poll too', async () => {
    await assertSucceeds(respond(alice, ALICE_POLL, `alice-answer-${run}`));
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
    await assertFails(setDoc(doc(visitor, 'poll-responses', `${AWARD}_anon`), vote()));
  });

  it('denies an identical replay of an existing vote from a visitor who is not signed in', async () => {
    await assertFails(setDoc(doc(visitor, 'poll-responses', EXISTING_VOTE), vote({ user: 'existing@example.com' })));
  });

  it('denies creating a user poll when not signed in', async () => {
    const id = `anon-poll-${run}`;
    await assertFails(setDoc(doc(visitor, 'user-polls', id), { ...userPoll(id, 'x'), ownerUid: null }));
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
  it('denies getting any vote, even one with your own e-mail', async () => {
    await assertFails(getDoc(doc(bob, 'poll-responses', `${AWARD}_bob`)));
    await assertFails(getDoc(doc(visitor, 'poll-responses', EXISTING_VOTE)));
  });

  it('denies listing votes (whole collection and filtered by poll or e-mail)', async () => {
    await assertFails(getDocs(collection(bob, 'poll-responses')));
    await assertFails(getDocs(query(collection(bob, 'poll-responses'), where('pollId', '==', AWARD))));
    await assertFails(getDocs(query(collection(bob, 'poll-responses'), where('user', '==', 'bob@example.com'))));
    await assertFails(getCountFromServer(query(collection(visitor, 'poll-responses'), where('pollId', '==', AWARD))));
  });

  it('denies changing a vote (replay with changed answers)', async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', EXISTING_VOTE), vote({ user: 'existing@example.com', answers: { q1: 'Designer B', q2: 'Look B' } })));
    await assertFails(updateDoc(doc(bob, 'poll-responses', EXISTING_VOTE), { 'answers.q1': 'Designer B' }));
  });

  it('denies deleting a vote', async () => {
    await assertFails(deleteDoc(doc(bob, 'poll-responses', EXISTING_VOTE)));
  });

  it('denies a vote with an extra field', async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_extra`), vote({ isAdmin: true })));
  });

  it('denies a vote with a missing field (no user)', async () => {
    const { user: _user, ...noUser } = vote();
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_nouser`), noUser));
  });

  it('denies a vote with an oversize e-mail (255 characters)', async () => {
    const user = `${'a'.repeat(243)}@example.com`; // 255
    expect(user).toHaveLength(255);
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_longmail`), vote({ user })));
  });

  it('denies a vote whose user is not an e-mail address', async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_notmail`), vote({ user: 'not an email' })));
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_space`), vote({ user: 'a b@example.com' })));
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_nodot`), vote({ user: 'ab@localhost' })));
  });

  it("denies an answers map larger than the poll's question count", async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_toomany`), vote({ answers: { q1: 'a', q2: 'b', q3: 'c' } })));
  });

  it('denies an empty answers map, and answers that are not a map', async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_empty`), vote({ answers: {} })));
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_str`), vote({ answers: 'q1=a' })));
  });

  it("denies a vote for a poll that doesn't exist", async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `nope_${run}`), vote({ pollId: `no-such-poll-${run}` })));
  });

  it('denies oversize responseId and timestamp fields', async () => {
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_rid`), vote({ responseId: 'r'.repeat(65) })));
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_ts`), vote({ timestamp: 't'.repeat(41) })));
    await assertFails(setDoc(doc(bob, 'poll-responses', `${AWARD}_ts2`), vote({ timestamp: Timestamp.now() })));
  });
});

describe('hostile: user polls', () => {
  it('denies a user poll with a forged ownerUid (someone else)', async () => {
    const id = `forged-${run}`;
    await assertFails(setDoc(doc(bob, 'user-polls', id), userPoll(id, ALICE)));
  });

  it('denies a user poll without ownerUid (the pre-#7 client shape)', async () => {
    const id = `noowner-${run}`;
    const { ownerUid: _o, ...old } = userPoll(id, ALICE);
    await assertFails(setDoc(doc(alice, 'user-polls', id), old));
  });

  it("denies updating someone else's user poll", async () => {
    await assertFails(updateDoc(doc(bob, 'user-polls', ALICE_POLL), { title: 'Hijacked' }));
    await assertFails(setDoc(doc(bob, 'user-polls', ALICE_POLL), userPoll(ALICE_POLL, BOB)));
  });

  it('denies updating even your own user poll (including a would-be replay)', async () => {
    await assertFails(updateDoc(doc(alice, 'user-polls', ALICE_POLL), { title: 'Edited' }));
    await assertFails(setDoc(doc(alice, 'user-polls', ALICE_POLL), userPoll(ALICE_POLL, ALICE)));
  });

  it("denies deleting someone else's user poll, and your own", async () => {
    await assertFails(deleteDoc(doc(bob, 'user-polls', ALICE_POLL)));
    await assertFails(deleteDoc(doc(alice, 'user-polls', ALICE_POLL)));
  });

  it('denies uploadedOn that is not the server time', async () => {
    const id = `clienttime-${run}`;
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { uploadedOn: Timestamp.fromMillis(Date.now() - 60_000) })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { uploadedOn: Date.now() })));
  });

  it('denies pollId different from the document id', async () => {
    await assertFails(setDoc(doc(alice, 'user-polls', `docid-${run}`), userPoll(`other-${run}`, ALICE)));
  });

  it('denies an oversize title (151 characters) and an empty title', async () => {
    const id = `longtitle-${run}`;
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { title: 't'.repeat(151) })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { title: '' })));
  });

  it('denies an oversize question (301 characters) as the first question and as the 8th', async () => {
    const id = `longq-${run}`;
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [question(0, { question: 'q'.repeat(301) })] })));
    const questions = Array.from({ length: 8 }, (_, i) => question(i, i === 7 ? { question: 'q'.repeat(301) } : {}));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions })));
  });

  it('denies 21 questions, and none', async () => {
    const id = `manyq-${run}`;
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: Array.from({ length: 21 }, (_, i) => question(i)) })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [] })));
  });

  it('denies 5 options, an oversize option (151 characters), options that are not a list, and malformed questions', async () => {
    const id = `opts-${run}`;
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [question(0, { options: ['a', 'b', 'c', 'd', 'e'] })] })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [question(0, { options: ['a', 'o'.repeat(151)] })] })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [question(0), question(1, { hidden: 'x' })] })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: ['just text'] })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [question(0, { options: 'a,b' })] })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { questions: [question(0, { question: '' })] })));
  });

  it('denies a user poll with an extra field, a swapped field, a non-map uploadedBy, and an oversize uploaderId', async () => {
    const id = `extra-${run}`;
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { responses: [] })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { uploaderId: 'u'.repeat(129) })));
    await assertFails(setDoc(doc(alice, 'user-polls', id), userPoll(id, ALICE, { uploadedBy: 'Alice' })));
    const { uploaderId: _u, ...missing } = userPoll(id, ALICE);
    await assertFails(setDoc(doc(alice, 'user-polls', id), { ...missing, extra: 'x' })); // 7 fields, one unknown
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

  it('denies a user-poll vote without its response in the batch', async () => {
    await assertFails(setDoc(doc(bob, 'user-poll-votes', `lonely-${run}`), { pollId: ALICE_POLL }));
    expect((await getCountFromServer(votesQuery(visitor, ALICE_POLL))).data().count).toBe(4);
  });

  it("denies a vote whose pollId differs from its response's", async () => {
    await assertFails(respond(bob, ALICE_POLL, `mismatch-${run}`, { votePollId: BOB_POLL }));
  });

  it('denies a vote with an extra field', async () => {
    await assertFails(respond(bob, ALICE_POLL, `vote-extra-${run}`, { vote: { pollId: ALICE_POLL, weight: 100 } }));
  });

  it("denies moving an existing vote to another poll, and deleting it", async () => {
    await assertFails(setDoc(doc(bob, 'user-poll-votes', A_RESP[0]!), { pollId: BOB_POLL }));
    await assertFails(deleteDoc(doc(bob, 'user-poll-votes', A_RESP[0]!)));
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
