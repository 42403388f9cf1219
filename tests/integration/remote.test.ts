import { createHash } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { countUserPollVotes, fetchAwardPolls, fetchPublicUserPoll, fetchPublicUserPolls, loadFirestore, loadRealtime } from '../../src/remote';
import { newPushKey } from '../../src/lib/pushKey';
import { RATE_LIMITS } from '../../src/lib/limits';
import { adminGet, adminWriteMany, emulatorConfig, rtdbGet } from './env';

/** The REST address of a database path on the emulator (firebase-server behind scripts/rtdb-server.mjs). */
function rtdbUrl(path: string): string {
  const { host, port } = emulatorConfig().emulators!.database;
  return `http://${host}:${port}/${path}.json?ns=${emulatorConfig().firebase.projectId}`;
}

/** An unsigned ID token for `uid`, of the kind the Auth emulator issues (the local server decodes, never verifies). */
function unsignedToken(uid: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, iat: Math.floor(Date.now() / 1000) })}.`;
}

// Writes are made as this visitor (the emulator's mock auth token); the rules check it.
const cfg = { ...emulatorConfig(), identity: 'wiring-owner' };
const run = `${Date.now().toString(36)}`;

describe('src/remote against the real emulators', () => {
  it('writes a poll response at a deterministic id and reads it back', async () => {
    const fs = await loadFirestore(cfg);
    // A kiosk's poll: this suite's writer casts several votes in it (the default is one ballot a device, issue #52).
    await adminWriteMany([{ path: 'polls/wiring', data: { id: 'wiring', title: 'Wiring', questions: [{ id: 'q1', question: 'Q?', options: ['A', 'B'] }], deviceLimit: 1000 } }]);
    const docId = `wiring-${run}`;
    const data = { pollId: 'wiring', responseId: `r-${run}`, answers: { q1: 'A' }, timestamp: new Date().toISOString(), user: 'wiring@example.com' };
    await fs.writePollResponse({ docId, data });
    const stored = await adminGet(`poll-responses/${docId}`);
    expect(stored).not.toBeNull();
    const fields = (stored as { fields: Record<string, { stringValue?: string }> }).fields;
    expect(fields.user?.stringValue).toBe('wiring@example.com');
    expect(fields.pollId?.stringValue).toBe('wiring');
  });

  it('a replay refused because the stored vote changed since (an organiser marked it) is read back: same vote, delivered', async () => {
    const fs = await loadFirestore(cfg);
    const data = { pollId: 'wiring', responseId: `rm-${run}`, answers: { q1: 'A' }, timestamp: new Date().toISOString(), user: 'marked@example.com' };
    const author = createHash('sha256').update(`wiring-owner/${data.pollId}`).digest('base64');
    const stored = (over: Record<string, unknown>) => ({
      fields: {
        ...Object.fromEntries(Object.entries({ ...data, ...over }).map(([k, v]) => [k, typeof v === 'string' ? { stringValue: v } : { mapValue: { fields: { q1: { stringValue: (v as { q1: string }).q1 } } } }])),
        author: { bytesValue: author },
        checkedByOrganiser: { booleanValue: true },
      },
    });
    const put = async (docId: string, over: Record<string, unknown>) => {
      const c = emulatorConfig();
      const url = `http://${c.emulators!.firestore.host}:${c.emulators!.firestore.port}/v1/projects/${c.firebase.projectId}/databases/(default)/documents/poll-responses/${docId}`;
      const res = await fetch(url, { method: 'PATCH', headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }, body: JSON.stringify(stored(over)) });
      expect(res.ok).toBe(true);
    };
    await put(`marked-${run}`, {});
    await fs.writePollResponse({ docId: `marked-${run}`, data }); // the unchanged update is refused; the read-back finds this vote
    await put(`marked-other-${run}`, { answers: { q1: 'B' } });
    // Another vote of this writer's there (read back, different answers): a refusal, said as what was established.
    await expect(fs.writePollResponse({ docId: `marked-other-${run}`, data })).rejects.toMatchObject({ code: 'already-exists' });
  });

  it('writes many votes of several polls in batched commits (each with its tally row and its count); a replay of the batch is refused whole and each vote reads back as delivered', async () => {
    const fs = await loadFirestore(cfg);
    const polls = Array.from({ length: 6 }, (_, p) => `batch-poll-${p}-${run}`);
    await adminWriteMany(polls.map((id) => ({ path: `polls/${id}`, data: { id, title: 'Batch', questions: [{ id: 'q1', question: 'Q?', options: ['A', 'B'] }], deviceLimit: 1000 } })));
    const items = Array.from({ length: 42 }, (_, i) => ({ docId: `batch-${run}-${i}`, data: { pollId: polls[i % 6]!, responseId: `rb-${run}-${i}`, answers: { q1: 'B' }, timestamp: new Date().toISOString(), user: `batch${i}@example.com` } }));
    await fs.writePollResponses(items);
    for (const i of [0, 21, 41]) {
      expect(await adminGet(`poll-responses/batch-${run}-${i}`)).not.toBeNull();
      expect(((await adminGet(`award-tally/rb-${run}-${i}`)) as { fields: { n: { integerValue: string } } }).fields.n.integerValue).toBe(String(Math.floor(i / 6) + 1));
    }
    // Lost acknowledgement: the batch again is refused (a count cannot go up twice for one vote); the outbox then
    // sends them one by one, and each is read back as this writer's — delivered, nothing written twice.
    await expect(fs.writePollResponses(items.slice(0, 4))).rejects.toMatchObject({ code: 'permission-denied' });
    for (const item of items.slice(0, 4)) await expect(fs.writePollResponse(item)).resolves.toBeUndefined();
  });

  it('a user poll written twice (lost acknowledgement) stays one document with its first timestamp', async () => {
    const fs = await loadFirestore(cfg);
    const pollId = `wiring-poll-${run}`;
    const poll = { title: 'Wiring', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: { id: 'u1', first_name: 'Uma' }, uploaderId: 'u1' };
    expect(await fs.writeUserPoll(poll)).toBe('created');
    const first = await fetchPublicUserPoll(pollId, emulatorConfig());
    expect(await fs.writeUserPoll(poll)).toBe('already-there');
    const second = await fetchPublicUserPoll(pollId, emulatorConfig());
    expect(second?.uploadedOnMs).toBe(first?.uploadedOnMs);
    expect(typeof first?.uploadedOnMs).toBe('number');
  });

  it('a user poll whose earlier attempt lands between this attempt\'s read and its commit is delivered, not refused', async () => {
    // The reproduced failure of issue #18: an attempt given up at its deadline lands while the retry is on its way.
    // Here the earlier attempt lands (written for the same owner) just before the retry's commit reaches the server.
    const fs = await loadFirestore(cfg);
    const pollId = `late-poll-${run}`;
    const poll = { title: 'Late', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: { id: 'wiring-owner', first_name: 'Uma' }, uploaderId: 'wiring-owner' };
    const realFetch = globalThis.fetch;
    let commits = 0;
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes(':commit') && String(init?.body ?? '').includes(pollId) && commits++ === 0) {
        globalThis.fetch = realFetch;
        await adminWriteMany([{ path: `user-polls/${pollId}`, data: { ...poll, ownerUid: 'wiring-owner', uploadedOn: new Date() } }]);
      }
      return realFetch(input, init);
    };
    try {
      expect(await fs.writeUserPoll(poll)).toBe('already-there');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(commits).toBe(1); // the commit that met the landed poll was retried as a read, which found it
  });

  it('an answer whose count changes between its read and its commit is run again, not refused (failed-precondition)', async () => {
    // Found by the emulator model under load (2026-12-04): an earlier attempt of another answer, given up at its
    // deadline, landed between this one's read of the writer's ring and its commit. The rules pass (the count is
    // still this commit's to take), and the commit's precondition on the ring then fails: the emulator answers
    // FAILED_PRECONDITION, which was taken as a refusal — "The server did not accept this", for good.
    const fs = await loadFirestore(cfg);
    const uid = await fs.authUid();
    const pollId = `moved-ring-${run}`;
    await fs.writeUserPoll({ title: 'Moved ring', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: null, uploaderId: uid });
    const ringPath = `rates/${uid}/limits/answers`;
    await fs.writeUserPollResponse({ pollId, answers: { q1: 'a' }, timestamp: Date.now(), responseId: `${pollId}-first` });
    const responseId = `${pollId}-second`;
    const realFetch = globalThis.fetch;
    let commits = 0;
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes(':commit') && String(init?.body ?? '').includes(responseId) && commits++ === 0) {
        // The ring touched, its count unchanged: what the rules judge is the same, the version the commit read is not.
        const ring = (await adminGet(ringPath)) as { fields: { n: { integerValue: string }; slots: { mapValue: { fields: Record<string, { timestampValue: string }> } } } };
        const slots = Object.fromEntries(Object.entries(ring.fields.slots.mapValue.fields).map(([k, v]) => [k, new Date(v.timestampValue)]));
        await adminWriteMany([{ path: ringPath, data: { n: Number(ring.fields.n.integerValue), slots, target: 'another-attempt' } }]);
      }
      return realFetch(input, init);
    };
    try {
      await expect(fs.writeUserPollResponse({ pollId, answers: { q1: 'b' }, timestamp: Date.now(), responseId })).resolves.toBeUndefined();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(commits).toBe(2); // refused once by the moved version, then run again on the new one
    expect(await adminGet(`user-poll-responses/${responseId}`)).not.toBeNull();
  });

  it('a user poll whose first attempt lands while its retry is on the way is read back: delivered once, not refused (issue #51)', async () => {
    // The page's first attempt is held by the network (it reaches the server, its answer is lost); the retry reads
    // "not there", then its commit meets the landed poll — the emulator refuses that as an update.
    const fs = await loadFirestore(cfg);
    const uid = await fs.authUid();
    const pollId = `held-poll-${run}`;
    const poll = { title: 'Held', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: null, uploaderId: uid };
    const realFetch = globalThis.fetch;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let firstLanded!: Promise<unknown>;
    let commits = 0;
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes(':commit') || !String(init?.body ?? '').includes(pollId)) return realFetch(input, init);
      commits += 1;
      if (commits === 1) {
        firstLanded = firstHeld.then(() => realFetch(input, init));
        return firstLanded as Promise<Response>;
      }
      if (commits === 2) {
        releaseFirst();
        await firstLanded; // on the server now, before the retry's commit arrives
      }
      return realFetch(input, init);
    };
    try {
      const first = fs.writeUserPoll(poll).catch((e: unknown) => e);
      await expect.poll(() => commits).toBe(1);
      expect(await fs.writeUserPoll(poll)).toBe('already-there');
      expect(await first).toBe('created');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(commits).toBeGreaterThanOrEqual(2);
    expect(((await adminGet(`user-polls/${pollId}`)) as { fields: { title: { stringValue: string } } }).fields.title.stringValue).toBe('Held');
  });

  it('several polls and answers of one writer sent at once all land, each counted once (issue #51: the second was refused for good)', async () => {
    const fs = await loadFirestore(cfg);
    const uid = await fs.authUid();
    const count = async (kind: string) => Number(((await adminGet(`rates/${uid}/limits/${kind}`)) as { fields: { n: { integerValue: string } } } | null)?.fields.n.integerValue ?? 0);
    const before = { polls: await count('polls'), answers: await count('answers') };
    const question = [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }];
    const polls = Array.from({ length: 3 }, (_, i) => ({ title: `Burst ${i}`, questions: question, pollId: `burst-${i}-${run}`, uploadedBy: null, uploaderId: uid }));
    expect(await Promise.all(polls.map((p) => fs.writeUserPoll(p)))).toEqual(['created', 'created', 'created']);
    const answers = polls.flatMap((p, i) => [0, 1].map((j) => ({ pollId: p.pollId, answers: { q1: 'a' }, timestamp: Date.now(), responseId: `burst-${i}-${j}-${run}` })));
    await Promise.all(answers.map((a) => fs.writeUserPollResponse(a)));
    for (const a of answers) {
      expect(await adminGet(`user-poll-responses/${a.responseId}`)).not.toBeNull();
      expect(await adminGet(`user-poll-votes/${a.responseId}`)).not.toBeNull();
    }
    expect(await count('polls')).toBe(before.polls + 3);
    expect(await count('answers')).toBe(before.answers + 6);
  });

  it('a poll id already taken by someone else is a refusal, not a delivery', async () => {
    const fs = await loadFirestore(cfg);
    const pollId = `taken-poll-${run}`;
    await adminWriteMany([{ path: `user-polls/${pollId}`, data: { title: 'Theirs', pollId, questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b'] }], uploadedBy: null, uploaderId: 'someone-else', ownerUid: 'someone-else', uploadedOn: new Date() } }]);
    await expect(fs.writeUserPoll({ title: 'Theirs', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b'] }], pollId, uploadedBy: null, uploaderId: 'wiring-owner' })).rejects.toMatchObject({ code: 'already-exists' });
  });

  it('an answer to a poll the organisers hid is refused as such (poll-hidden), not as "not accepted"; a shown poll takes it (issue #53)', async () => {
    const fs = await loadFirestore(cfg);
    const poll = (pollId: string, hidden: boolean) => ({ path: `user-polls/${pollId}`, data: { title: 'Moderated', pollId, questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], uploadedBy: null, uploaderId: 'someone-else', ownerUid: 'someone-else', uploadedOn: new Date(), ...(hidden ? { hiddenAt: new Date() } : {}) } });
    await adminWriteMany([poll(`hidden-${run}`, true), poll(`shown-${run}`, false)]);
    const answer = (pollId: string) => fs.writeUserPollResponse({ pollId, answers: { q1: 'a' }, timestamp: Date.now(), responseId: `${pollId}-answer` });
    await expect(answer(`hidden-${run}`)).rejects.toMatchObject({ code: 'poll-hidden' });
    expect(await adminGet(`user-poll-votes/hidden-${run}-answer`)).toBeNull();
    await expect(answer(`shown-${run}`)).resolves.toBeUndefined();
  });

  it('the owner closes their poll, then removes it (issue #54): each once, read back when asked again; an answer queued before the close is refused as such (poll-closed), and a stranger cannot close it', async () => {
    const fs = await loadFirestore(cfg);
    const uid = await fs.authUid();
    const mine = `owned-${run}`;
    const theirs = `not-mine-${run}`;
    const poll = (pollId: string, owner: string) => ({ path: `user-polls/${pollId}`, data: { title: 'Closing', pollId, questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], uploadedBy: null, uploaderId: owner, ownerUid: owner, uploadedOn: new Date() } });
    await adminWriteMany([poll(mine, uid), poll(theirs, 'someone-else')]);
    await fs.closeUserPoll(mine, false);
    const closed = (await adminGet(`user-polls/${mine}`)) as { fields: Record<string, { timestampValue?: string }> };
    expect(Math.abs(Date.parse(closed.fields['closedAt']?.timestampValue ?? '') - Date.now())).toBeLessThan(60_000);
    expect(closed.fields['removedAt']).toBeUndefined();
    await expect(fs.closeUserPoll(mine, false)).resolves.toBeUndefined(); // already closed: nothing to do
    await expect(fs.writeUserPollResponse({ pollId: mine, answers: { q1: 'a' }, timestamp: Date.now(), responseId: `${mine}-late` })).rejects.toMatchObject({ code: 'poll-closed' });
    await fs.closeUserPoll(mine, true);
    const removed = (await adminGet(`user-polls/${mine}`)) as { fields: Record<string, { timestampValue?: string }> };
    expect(removed.fields['closedAt']).toEqual(closed.fields['closedAt']); // the close is not re-dated
    expect(removed.fields['removedAt']?.timestampValue).toBeDefined();
    await expect(fs.closeUserPoll(theirs, false)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(((await adminGet(`user-polls/${theirs}`)) as { fields: Record<string, unknown> }).fields['closedAt']).toBeUndefined();
  });

  it('over the limit a poll or an answer is "send later" (rate-limited) until its slot is an hour old; a replay still lands', async () => {
    const fs = await loadFirestore(cfg);
    const uid = await fs.authUid();
    const pollId = `limit-poll-${run}`;
    const answered = { pollId, answers: { q1: 'a' }, timestamp: Date.now(), responseId: `${pollId}-first` };
    await fs.writeUserPoll({ title: 'Limits', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: null, uploaderId: uid });
    await fs.writeUserPollResponse(answered);
    // The rest of the hour's allowance used up (as if by many earlier writes); the oldest slot 40 minutes old.
    const oldest = Date.now() - 40 * 60_000;
    const ring = (limit: number) => Object.fromEntries(Array.from({ length: limit }, (_, i) => [String(i), new Date(oldest + i * 1000)]));
    const full = await Promise.all((['polls', 'answers'] as const).map(async (kind) => {
      const n = Number(((await adminGet(`rates/${uid}/limits/${kind}`)) as { fields: { n: { integerValue: string } } }).fields.n.integerValue);
      // Slot n % limit is the next one written: make it the oldest.
      const slots = Object.fromEntries(Object.entries(ring(RATE_LIMITS[kind])).map(([k, v]) => [String((Number(k) + n) % RATE_LIMITS[kind]), v]));
      return { path: `rates/${uid}/limits/${kind}`, data: { n, slots, target: 'earlier' } };
    }));
    await adminWriteMany(full);
    onTestFinished(async () => {
      // The other tests here write as the same user: give the allowance back (every slot over an hour old).
      await adminWriteMany(full.map(({ path, data }) => ({ path, data: { ...data, slots: Object.fromEntries(Object.keys(data.slots).map((k) => [k, new Date(Date.now() - 2 * 3_600_000)])) } })));
    });
    const another = `limit-poll-2-${run}`;
    const expectedUntil = oldest + 3_600_000;
    const poll = fs.writeUserPoll({ title: 'One more', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId: another, uploadedBy: null, uploaderId: uid });
    await expect(poll).rejects.toMatchObject({ code: 'rate-limited', rate: { what: 'polls', limit: 10 } });
    const until = ((await poll.catch((e: { rate?: { until?: number } }) => e)) as { rate?: { until?: number } }).rate?.until ?? 0;
    expect(Math.abs(until - expectedUntil)).toBeLessThan(5_000); // when the oldest slot is an hour old
    await expect(fs.writeUserPollResponse({ ...answered, responseId: `${pollId}-second` }))
      .rejects.toMatchObject({ code: 'rate-limited', rate: { what: 'answers', limit: 30 } });
    expect(await adminGet(`user-polls/${another}`)).toBeNull();
    expect(await adminGet(`user-poll-responses/${pollId}-second`)).toBeNull();
    // A replay of the answer that landed (its acknowledgement lost) is read back: delivered, not limited.
    await expect(fs.writeUserPollResponse(answered)).resolves.toBeUndefined();
  });

  it('lists user polls and reads one over plain REST, without a token: the list and the document agree', async () => {
    const fs = await loadFirestore(cfg);
    const pollId = `rest-poll-${run}`;
    const poll = { title: 'REST “quotes” & émoji 🎉', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: { id: 'u1', first_name: 'Uma' }, uploaderId: 'u1' };
    await fs.writeUserPoll(poll);
    // No identity: the list is public (firestore.rules), and this is what a first visit to /vote sends.
    const list = await fetchPublicUserPolls({ ...emulatorConfig() });
    const viaList = list.find((p) => p.pollId === pollId);
    const viaDoc = await fetchPublicUserPoll(pollId, { ...emulatorConfig() });
    // Who posted it is the signed-in writer, whatever the caller named (the rules refuse anything else).
    expect(viaList).toMatchObject({ title: poll.title, questions: poll.questions, uploadedBy: { id: 'wiring-owner', first_name: 'Uma' }, uploaderId: 'wiring-owner', pollId });
    expect(viaDoc).toEqual(viaList);
    expect(typeof viaList?.uploadedOnMs).toBe('number');
    expect(await fetchPublicUserPoll(`${pollId}-missing`, { ...emulatorConfig() })).toBeNull();
  });

  it('lists the award polls over plain REST, without a token (what the ballot page preloads)', async () => {
    await adminWriteMany([{ path: `polls/rest-award-${run}`, data: { id: `rest-award-${run}`, title: 'Award', open: false, order: 3, questions: [{ id: 'q1', question: 'Best?', options: ['A', 'B'] }] } }]);
    const polls = await fetchAwardPolls({ ...emulatorConfig() });
    expect(polls.find((p) => p.id === `rest-award-${run}`)).toEqual({ id: `rest-award-${run}`, title: 'Award', open: false, order: 3, questions: [{ id: 'q1', question: 'Best?', options: ['A', 'B'] }] });
  });

  it('counts votes (public tally rows written with each response) with a REST aggregation, without a token', async () => {
    const fs = await loadFirestore(cfg);
    const pollId = `count-${run}`;
    // Only the poll's owner may read its responses; anyone may count its public tally rows.
    await fs.writeUserPoll({ title: 'Count', questions: [{ id: 'q1', question: 'Q?', options: ['a', 'b', '', ''] }], pollId, uploadedBy: null, uploaderId: 'wiring-owner' });
    for (let i = 0; i < 3; i++) await fs.writeUserPollResponse({ pollId, answers: { q1: 'a' }, timestamp: Date.now(), responseId: `${pollId}-${i}` });
    expect(await countUserPollVotes(pollId, { ...emulatorConfig() })).toBe(3);
    expect(await countUserPollVotes(`${pollId}-none`, { ...emulatorConfig() })).toBe(0);
    const { responses: rows, skipped } = await fs.fetchUserPollResponses(pollId);
    expect(rows.map((r) => r.responseId).sort()).toEqual([0, 1, 2].map((i) => `${pollId}-${i}`));
    expect(typeof rows[0]?.timestamp).toBe('number');
    expect(skipped).toBe(0);
  });

  it('sends feedback over the REST API: refused where the rules refuse, delivered once, a replay recognised', async () => {
    const rt = await loadRealtime(cfg);
    // Someone else's feedback at a key (written over REST with that visitor's token): the rules refuse the same key
    // to this visitor, and the app says so — a refusal, not a retry (this visitor has no recent mark yet).
    const theirs = newPushKey();
    const other = `wiring-other-${run}`;
    const res = await fetch(`${rtdbUrl('')}&auth=${unsignedToken(other)}`, {
      method: 'PATCH',
      body: JSON.stringify({ [`feedbacks/${theirs}`]: { feedback: 'theirs', uid: other }, [`feedbackRates/${other}`]: { last: { '.sv': 'timestamp' }, target: theirs } }),
    });
    expect(res.status).toBe(200);
    await expect(rt.writeFeedback(theirs, { feedback: 'theirs' })).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await rtdbGet(`feedbacks/${theirs}`)).toEqual({ feedback: 'theirs', uid: other });

    const key = newPushKey();
    await rt.writeFeedback(key, { feedback: `hello ${run}` });
    expect(await rtdbGet(`feedbacks/${key}`)).toEqual({ feedback: `hello ${run}`, uid: 'wiring-owner' });
    // Sent again at once (its acknowledgement lost): the server refuses it as too soon, the writer's own rate
    // mark names it, so it is delivered — once.
    await expect(rt.writeFeedback(key, { feedback: `hello ${run}` })).resolves.toBeUndefined();
    // Another feedback at once is "send later", not a refusal; nothing is written.
    const next = newPushKey();
    await expect(rt.writeFeedback(next, { feedback: `again ${run}` }))
      .rejects.toMatchObject({ code: 'rate-limited', rate: { what: 'feedback', limit: 30 } });
    expect(await rtdbGet(`feedbacks/${next}`)).toBeNull();
  });
});
