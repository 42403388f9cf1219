// Another visitor, in another browser context, tries to read what the first visitor wrote.
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { adminClear, adminList, adminWriteMany, emulatorConfig } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { BallotPage } from './pages/BallotPage';
import { outboxRows } from './pages/outbox';
import { waitForSignIn } from './pages/auth';

const cfg = emulatorConfig();
const FS = `http://${cfg.emulators!.firestore.host}:${cfg.emulators!.firestore.port}`;
const DOCS = `${FS}/v1/projects/${cfg.firebase.projectId}/databases/(default)/documents`;

/** Reads a Firestore REST URL from inside the page, with that visitor's real ID token (from the Auth emulator). */
async function readAs(page: Page, url: string, body?: unknown): Promise<number> {
  const { idToken } = await waitForSignIn(page);
  return page.evaluate(
    async ({ url, token, body }) => (await fetch(url, { method: body ? 'POST' : 'GET', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) })).status,
    { url, token: idToken, body },
  );
}

beforeAll(async () => {
  await adminClear();
  await adminWriteMany([
    { path: 'polls/private-vote', data: { id: 'private-vote', title: 'Private vote', questions: [{ id: 'q1', question: 'Best look?', options: ['Alpha', 'Beta'] }] } },
    { path: 'user-polls/alice-poll', data: { title: 'Alice asks', pollId: 'alice-poll', questions: [{ id: 'q1', question: 'Tea or coffee?', options: ['Tea', 'Coffee', '', ''] }], uploadedBy: null, uploaderId: 'alice', ownerUid: 'alice', uploadedOn: new Date() } },
  ]);
});

describe('another visitor is refused', () => {
  it("cannot read the first visitor's award vote or their user poll's responses", async ({ app, page: a }) => {
    // Visitor 1 (alice) votes in the award poll and answers her own poll, through the app.
    await app.goto('/?uid=alice');
    const ballot = new BallotPage(a);
    await ballot.open('private-vote');
    await ballot.enterEmail('alice@example.com');
    await ballot.choose(0);
    await ballot.submit();
    await ballot.sent().waitFor({ timeout: 15_000 });
    await ballot.open('alice-poll');
    await ballot.choose(0);
    await ballot.submit();
    await ballot.sent().waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
      throw new Error(`user-poll answer not sent; outbox: ${JSON.stringify(await outboxRows(a))}; ${String(e)}`);
    });
    const [voteId] = await adminList('poll-responses');
    const [responseId] = await adminList('user-poll-responses');
    expect(voteId).toBeDefined();
    expect(responseId).toBeDefined();

    // Visitor 2, another browser context: a stranger, signed in anonymously by the app (a real token from the
    // Auth emulator) when Settings reads their preference — and that uid is now their visitor id.
    const { page: b } = await app.phone();
    await app.goto('/my-profile', b);
    const stranger = await waitForSignIn(b);
    expect(stranger.uid).not.toBe('alice');
    await expect.poll(() => b.evaluate(() => localStorage.getItem('uid'))).toBe(stranger.uid);
    expect(await readAs(b, `${DOCS}/poll-responses/${voteId}`)).toBe(403);
    expect(await readAs(b, `${DOCS}/poll-responses`)).toBe(403);
    expect(await readAs(b, `${DOCS}/user-poll-responses/${responseId}`)).toBe(403);
    const query = { structuredQuery: { from: [{ collectionId: 'user-poll-responses' }], where: { fieldFilter: { field: { fieldPath: 'pollId' }, op: 'EQUAL', value: { stringValue: 'alice-poll' } } } } };
    expect(await readAs(b, `${DOCS}:runQuery`, query)).toBe(403);
    // A link naming alice does not make the stranger alice on a real project; here (emulators) it would, by
    // design (docs/security.md) — so the stranger's own token is what is tested above.
    // The app says so too, instead of showing someone else's analytics.
    await app.goto('/responses?id=alice-poll', b);
    await b.getByText('Only the person who created this poll can see its responses.').waitFor();

    // Control: the owner may read her poll's responses, and her own vote (its writer, to compare after a lost
    // acknowledgement) — but not list award votes, not even her own.
    expect((await waitForSignIn(a)).uid).toBe('alice'); // the emulator demo link signed her in as alice
    expect(await readAs(a, `${DOCS}:runQuery`, query)).toBe(200);
    expect(await readAs(a, `${DOCS}/poll-responses/${voteId}`)).toBe(200);
    expect(await readAs(a, `${DOCS}/poll-responses`)).toBe(403);
  });
});
