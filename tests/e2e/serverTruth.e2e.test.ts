// What the phone says is what the server holds (issue #30), through the real UI against the emulators:
// - a device whose clock is hours or days off still gets a community poll, an answer and an award vote onto the
//   server exactly once, with the server's time, and says sent;
// - a write that reached the server from the service worker at the moment the browser died (its
//   acknowledgement lost, nothing recorded on the device) is recognised after relaunch as this device's own:
//   sent, never "not accepted" — for an answer, an award vote and a poll.
import { execFileSync } from 'node:child_process';
import { beforeEach } from 'vitest';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { adminGet, adminList, adminWriteMany } from '../integration/env';
import { awaitTakeover, BASE_URL, figure, launchPersistent, screenshot, waitForController } from './harness';
import { describe, expect, test as it } from './fixtures';
import { BallotPage } from './pages/BallotPage';
import { answerThroughUi, createPollThroughUi } from './pages/communityPolls';
import { outboxRows } from './pages/outbox';
import { OutboxPage } from './pages/OutboxPage';
import { COMMIT, POLL, seedPoll, until } from './pages/syncPoll';
import { waitForSignIn } from './pages/auth';
import { dispatchOutboxSync, workerSession } from './pages/serviceWorker';

// Each scenario starts from a clean lane project holding just the award poll.
beforeEach(seedPoll);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A community poll already on the server, for the answer scenarios (one question). */
const COMMUNITY = 'truth-community';

async function seedCommunityPoll(): Promise<void> {
  await adminWriteMany([{
    path: `user-polls/${COMMUNITY}`,
    data: { title: 'Best coney on Lafayette?', pollId: COMMUNITY, questions: [{ id: 'q1', question: 'Which one?', options: ['Lafayette', 'American', '', ''] }], uploadedBy: null, uploaderId: 'someone', ownerUid: 'someone', uploadedOn: new Date() },
  }]);
}

type Fields = Record<string, { stringValue?: string; timestampValue?: string; mapValue?: { fields?: Record<string, { stringValue?: string }> } }>;
async function serverDocs(collection: string, match: (f: Fields) => boolean): Promise<Fields[]> {
  const out: Fields[] = [];
  for (const id of await adminList(collection)) {
    const d = (await adminGet(`${collection}/${id}`)) as { fields: Fields } | null;
    if (d && match(d.fields)) out.push(d.fields);
  }
  return out;
}

/** Who sent each commit: the page or the service worker. */
function commitSenders(context: BrowserContext): string[] {
  const senders: string[] = [];
  context.on('request', (r: Request) => {
    if (COMMIT.test(r.url())) senders.push(r.serviceWorker() ? 'worker' : 'page');
  });
  return senders;
}


async function voteThroughUi(page: Page, email: string): Promise<void> {
  const ballot = new BallotPage(page);
  await ballot.open(POLL);
  await ballot.enterEmail(email);
  await ballot.choose(0);
  await ballot.submit();
  await ballot.thankYou().waitFor();
}

/** The queue screen, as the visitor reads it: nothing waiting, nothing refused. */
async function saysAllSent(page: Page): Promise<void> {
  await until(async () => (await outboxRows(page)).length === 0, 30_000, 'outbox drained');
  const outbox = new OutboxPage(page);
  await outbox.open();
  await outbox.allSent().waitFor();
  expect(await page.getByText('Not accepted').count()).toBe(0);
}

describe('a device whose clock is wrong (issue #30)', () => {
  for (const [label, skew] of [['3 hours fast', 3 * HOUR], ['3 hours slow', -3 * HOUR], ['2 days fast', 2 * DAY], ['2 days slow', -2 * DAY]] as const) {
    it(`clock ${label}: a community poll, an answer and an award vote each land once, on the server's time, and the device says sent`, async ({ context }) => {
      await seedCommunityPoll();
      await context.clock.setSystemTime(Date.now() + skew); // Date in the page only; the service worker keeps the real clock
      // No Background Sync, so the page — the one with the wrong clock — is what sends (with it, the worker may
      // win the race to the outbox lock; it sends on the real clock with the offset the page recorded).
      await context.addInitScript(() => {
        delete (window as { SyncManager?: unknown }).SyncManager;
        delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
      });
      const senders = commitSenders(context);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      await page.goto(`${BASE_URL}/vote`);
      await waitForController(page);
      await waitForSignIn(page);
      expect(Math.abs((await page.evaluate(() => Date.now())) - Date.now() - skew)).toBeLessThan(60_000);
      // The app learned the offset from the server, before anything was written.
      const learned = await until(async () => (await page.evaluate(() => localStorage.getItem('ts:server-clock-offset'))) !== null, 15_000, 'offset learned');
      const offset = Number(await page.evaluate(() => localStorage.getItem('ts:server-clock-offset')));
      figure(`clock ${label}: offset learned in`, `${learned} ms (${offset} ms)`);
      expect(Math.abs(offset + skew)).toBeLessThan(5_000);

      const title = `Clock ${label} ${Date.now()}`;
      await createPollThroughUi(page, title);
      await answerThroughUi(page, COMMUNITY);
      const email = `clock-${skew}@example.com`;
      await voteThroughUi(page, email);
      await saysAllSent(page);

      const now = Date.now();
      const polls = await serverDocs('user-polls', (f) => f.title?.stringValue === title);
      const answers = await serverDocs('user-poll-responses', (f) => f.pollId?.stringValue === COMMUNITY);
      const votes = await serverDocs('poll-responses', (f) => f.user?.stringValue === email);
      expect([polls.length, answers.length, votes.length]).toEqual([1, 1, 1]);
      // Their times are the server's, not the device's.
      for (const t of [answers[0]!.timestamp?.timestampValue, votes[0]!.timestamp?.stringValue, polls[0]!.uploadedOn?.timestampValue]) {
        expect(Math.abs(Date.parse(t ?? '') - now), `${t} vs now`).toBeLessThan(5 * 60_000);
      }
      // The page sent them (its clock is the wrong one); the worker, whose clock is right, did not.
      expect(senders.filter((s) => s === 'page').length).toBeGreaterThanOrEqual(3);
      expect(senders.filter((s) => s === 'worker')).toEqual([]);
      if (skew === 2 * DAY) await screenshot(page, 'outbox-all-sent-clock-2-days-fast');
    });
  }
});

describe('a write that landed as the browser died (issue #30)', () => {
  /** Kills every Chromium process of this profile at once, as a phone's OS does: no clean shutdown. */
  function killBrowser(userDataDir: string): void {
    try {
      execFileSync('pkill', ['-KILL', '-f', '--', `--user-data-dir=${userDataDir}`]); // '--': the pattern starts with dashes
    } catch {
      // nothing left to kill
    }
  }

  const scenarios: { kind: string; act: (page: Page) => Promise<void>; onServer: () => Promise<number> }[] = [
    {
      kind: 'an answer to a community poll',
      act: (page) => answerThroughUi(page, COMMUNITY),
      onServer: async () => (await serverDocs('user-poll-responses', (f) => f.pollId?.stringValue === COMMUNITY)).length,
    },
    {
      kind: 'an award vote',
      act: (page) => voteThroughUi(page, 'crash@example.com'),
      onServer: async () => (await serverDocs('poll-responses', (f) => f.user?.stringValue === 'crash@example.com')).length,
    },
    {
      kind: 'a community poll',
      act: (page) => createPollThroughUi(page, 'Crash-time poll'), // its "created" alert: accepted by the BallotPage of the set-up
      onServer: async () => (await serverDocs('user-polls', (f) => f.title?.stringValue === 'Crash-time poll')).length,
    },
  ];

  for (const { kind, act, onServer } of scenarios) {
    it(`${kind}: sent by the service worker, landed, browser killed before the answer came back → after relaunch the device says sent`, async ({ track }) => {
      await seedCommunityPoll();
      let { context, userDataDir } = await launchPersistent();
      track(awaitTakeover(context)); // goto returns once the app has replaced the prerendered copy of the screen
      let page = await context.newPage();
      await page.goto(`${BASE_URL}/vote`);
      await waitForController(page);
      await waitForSignIn(page);
      // Both ballots saved on the device for the offline vote and answer.
      const ballot = new BallotPage(page);
      await ballot.open(COMMUNITY);
      await ballot.options().first().waitFor();
      await ballot.open(POLL);
      await ballot.emailDialog().waitFor();
      // Made offline, so the page cannot send it; its tab then closed, so the worker's Background Sync does.
      await context.setOffline(true);
      await act(page);
      expect((await outboxRows(page)).length).toBe(1);
      await page.close();
      let landed = false;
      let fromWorker = false;
      // The worker's commit reaches the emulator (HTTP 200) — and the browser dies before the answer reaches it.
      await context.route(COMMIT, async (route: Route) => {
        fromWorker = route.request().serviceWorker() !== null;
        const response = await route.fetch();
        landed = response.ok();
        killBrowser(userDataDir);
      });
      const worker = await workerSession(context);
      await context.setOffline(false);
      await worker.session.send('ServiceWorker.stopAllWorkers');
      await worker.session.send('ServiceWorker.startWorker', { scopeURL: worker.reg.scopeURL });
      void dispatchOutboxSync(worker).catch(() => undefined); // never answered: the browser dies meanwhile
      await until(async () => landed, 20_000, 'the worker\'s write reached the server');
      expect(fromWorker).toBe(true);
      await context.close().catch(() => undefined); // already dead
      expect(await onServer()).toBe(1);

      // Relaunch: the row is still on the device, unacknowledged; the page sends it again.
      ({ context, userDataDir } = await launchPersistent(userDataDir));
      track(awaitTakeover(context));
      page = await context.newPage();
      await page.goto(`${BASE_URL}/`);
      const ms = await until(async () => (await outboxRows(page)).length === 0, 30_000, 'outbox drained after relaunch');
      figure(`crash at commit (${kind}): recognised as sent after relaunch in`, `${ms} ms`);
      await saysAllSent(page);
      expect(await onServer()).toBe(1);
    });
  }
});
