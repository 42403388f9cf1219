// Never lost, never contradicted (issue #51), through the real UI against the emulators and the seeded demo data:
// - answers to several community polls given offline (one tab, or one in each of two tabs) all reach the server
//   once the phone is back online — the second of two was refused for good ("Not accepted") before;
// - a community poll whose first write reached the server and whose answer was lost is shown as sent;
// - a phone whose clock is two hours slow shows an open poll as open within 2 s of learning the server's clock,
//   on /vote and on the ballot (it said "Opens at …" until a reload, or for 15 s).
import { beforeEach } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { adminClear, adminGet, adminList, adminWriteMany } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { figure } from './harness';
import { waitForSignIn } from './pages/auth';
import { BallotPage } from './pages/BallotPage';
import { answerThroughUi, createPollThroughUi } from './pages/communityPolls';
import { outboxRows } from './pages/outbox';
import { COMMIT } from './pages/syncPoll';
import { VotePage } from './pages/VotePage';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const MIN = 60_000;

// The demo data a newcomer meets: three community polls, two award polls.
beforeEach(async () => {
  await adminClear();
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
});

const COMMUNITY = ['demo-poll-coney-island', 'demo-poll-park-cleanup', 'demo-poll-bus-routes'] as const;

/** The answers the server holds for `pollId` (user-poll-responses, each with its public tally row). */
async function serverAnswers(pollId: string): Promise<number> {
  let n = 0;
  for (const id of await adminList('user-poll-responses')) {
    const d = (await adminGet(`user-poll-responses/${id}`)) as { fields: { pollId?: { stringValue?: string } } } | null;
    if (d?.fields.pollId?.stringValue === pollId && !id.startsWith('demo-')) n += (await adminGet(`user-poll-votes/${id}`)) ? 1 : 0;
  }
  return n;
}


describe('several answers queued offline (issue #51)', () => {
  it('three community polls answered offline are all on the server within 60 s of the connection returning; the queue empties', async ({ app, page }) => {
    const list = new VotePage(page);
    await list.open();
    await app.installed();
    await list.cards('Weekend bus service priorities (demo)').waitFor(); // the list, saved for offline
    await app.offline();
    for (const id of COMMUNITY) await answerThroughUi(page, id);
    await expect.poll(async () => (await outboxRows(page)).filter((r) => r.key.startsWith('user-poll-responses/')).length).toBe(3);
    await page.getByTestId('sync-badge').filter({ hasText: '3 waiting to send' }).waitFor();

    const t0 = Date.now();
    await app.online();
    for (const id of COMMUNITY) await expect.poll(() => serverAnswers(id), { timeout: 60_000, interval: 250 }).toBe(1);
    figure('three answers queued offline: all on the server after', `${Date.now() - t0} ms`);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    await page.getByTestId('sync-badge').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('two tabs of one phone, each answering one poll offline: both answers arrive, both badges go', async ({ app, context, page }) => {
    const list = new VotePage(page);
    await list.open();
    await app.installed();
    await list.cards('Weekend bus service priorities (demo)').waitFor();
    const second = await context.newPage();
    await new VotePage(second).open();
    await app.offline();
    await answerThroughUi(page, COMMUNITY[0]);
    await answerThroughUi(second, COMMUNITY[2]);
    await expect.poll(async () => (await outboxRows(page)).length).toBe(2);

    await app.online();
    await expect.poll(() => serverAnswers(COMMUNITY[0]), { timeout: 60_000, interval: 250 }).toBe(1);
    await expect.poll(() => serverAnswers(COMMUNITY[2]), { timeout: 60_000, interval: 250 }).toBe(1);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    for (const p of [page, second]) await p.getByTestId('sync-badge').waitFor({ state: 'detached', timeout: 10_000 });
  });
});

describe('a lost acknowledgement is never called a refusal (issue #51)', () => {
  it('a community poll whose first write reached the server but whose answer was lost is shown as sent, and is on the server once', async ({ page }) => {
    const title = `Held poll ${Date.now().toString(36)}`;
    let lost = 0;
    // The first commit carrying this poll reaches the server; its answer never reaches the phone.
    await page.context().route(COMMIT, async (route: Route) => {
      if (lost === 0 && (route.request().postData() ?? '').includes(title)) {
        lost += 1;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.fallback();
    });
    await createPollThroughUi(page, title, 'Best look tonight?', ['Red carpet', 'After-party']);
    await expect.poll(() => lost, { timeout: 15_000 }).toBe(1);
    // Retried, found on the server as this device's: delivered, not "not accepted".
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 30_000 }).toBe(0);
    const polls: string[] = [];
    for (const id of await adminList('user-polls')) {
      const d = (await adminGet(`user-polls/${id}`)) as { fields: { title?: { stringValue?: string } } } | null;
      if (d?.fields.title?.stringValue === title) polls.push(id);
    }
    expect(polls).toHaveLength(1);
    await expect.poll(() => page.getByText('not accepted', { exact: false }).count()).toBe(0);
    await page.getByRole('tab', { name: 'My Polls' }).click();
    // The card's heading (the "Your poll is live" card above names it too, issue #54).
    await page.getByRole('heading', { name: title }).waitFor();
  });
});

describe('a phone whose clock is two hours slow (issue #51)', () => {
  const OPEN = 'slow-clock-open';
  beforeEach(async () => {
    // Open on the server's clock since half an hour; on the phone's clock it would open in an hour and a half.
    await adminWriteMany([{ path: `polls/${OPEN}`, data: { id: OPEN, title: 'Open since the doors', order: 0, opensAt: new Date(Date.now() - 30 * MIN), closesAt: new Date(Date.now() + 120 * MIN), questions: [{ id: 'look', question: 'Best look', options: ['Ada Stone', 'Bo Reyes'] }] } }]);
  });

  /** When the page stored the server's offset (ms since `t0`), and the offset. */
  async function offsetLearned(page: Page): Promise<{ at: number; offset: number }> {
    for (;;) {
      const raw = await page.evaluate(() => localStorage.getItem('ts:server-clock-offset'));
      if (raw !== null) return { at: Date.now(), offset: Number(raw) };
      await page.waitForTimeout(50);
    }
  }

  it('/vote shows the poll as open within 2 s of the offset arriving', async ({ context, page }) => {
    await context.clock.setSystemTime(Date.now() - 120 * MIN); // Date in the page; its timers run at real speed
    // The server's clock (a :batchGet's readTime, src/remote/serverClock.ts) answers only once the list has drawn
    // the poll on the phone's own clock — the order a slow venue network gives.
    let answerClock!: () => void;
    const drawn = new Promise<void>((r) => (answerClock = r));
    await context.route(/documents:batchGet/, async (route) => {
      await drawn;
      await route.fallback();
    });
    const list = new VotePage(page);
    await list.open();
    await page.getByText(/^Opens at /).first().waitFor();
    // Signed in and the list refreshed meanwhile: nothing else is left to redraw the list when the clock arrives.
    await waitForSignIn(page);
    await page.waitForTimeout(1_000);
    await page.getByText(/^Opens at /).first().waitFor();
    answerClock();
    const learned = await offsetLearned(page);
    expect(learned.offset).toBeGreaterThan(110 * MIN);
    const vote = page.getByRole('link', { name: /^Vote in \W*Open since the doors\W*$/ });
    await vote.waitFor({ timeout: 2_000 });
    figure('2 h slow: /vote shows the open poll after the offset in', `${Date.now() - learned.at} ms`);
  });

  it('the ballot shows the open poll (its e-mail step) within 2 s of the offset arriving', async ({ context, page }) => {
    await context.clock.setSystemTime(Date.now() - 120 * MIN);
    const ballot = new BallotPage(page);
    await ballot.open(OPEN);
    const learned = await offsetLearned(page);
    await ballot.emailDialog().waitFor({ timeout: 2_000 });
    figure('2 h slow: the ballot opens after the offset in', `${Date.now() - learned.at} ms`);
  });
});
