import { beforeEach } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { seed } from '../../scripts/seed.mjs';
import { adminClear, adminGet, adminList, adminWriteMany } from '../integration/env';
import { outboxRows } from './pages/outbox';
import { axe, figure, formatViolations } from './harness';
import { describe, expect, test as it } from './fixtures';
import { waitForSignIn } from './pages/auth';
import { BallotPage } from './pages/BallotPage';
import { VotePage } from './pages/VotePage';
import { VoteCopy } from './pages/VoteCopy';
import { createPollThroughUi } from './pages/communityPolls';

const POLL = 'dfca-2025-fashion';
const demoPolls = JSON.parse(readFileSync('scripts/demo-data/polls.json', 'utf8')) as Record<string, { questions: unknown[] }>;
const CATEGORIES = demoPolls[`polls/${POLL}`]!.questions.length;
/** The API stand-in's own users (scripts/api-standin.mjs), beside the demo accounts. */
const apiUsers = JSON.parse(readFileSync('scripts/demo-data/api/users.json', 'utf8')) as Record<string, { first_name: string }>;

async function reseed(): Promise<void> {
  await adminClear();
  await seed({ firestoreHost: process.env.FIRESTORE_EMULATOR_HOST, projectId: process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square' });
}

async function responsesFor(email: string): Promise<number> {
  let n = 0;
  for (const id of await adminList('poll-responses')) {
    const doc = (await adminGet(`poll-responses/${id}`)) as { fields: { user?: { stringValue: string } } } | null;
    if (doc?.fields.user?.stringValue === email) n++;
  }
  return n;
}

/** The backend API v1 the build calls: scripts/with-emulators.mjs starts the stand-in and sets VITE_API_BASE. */
function apiBase(): string {
  const base = process.env.VITE_API_BASE;
  if (!base) throw new Error('VITE_API_BASE is not set: run the e2e suites through scripts/with-emulators.mjs');
  return base.replace(/\/$/, '');
}

/** Every user-details answer the page received: its address and status. */
function userDetailsLookups(page: Page): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/user-details/')) seen.push({ url: r.url(), status: r.status() });
  });
  return seen;
}

async function waitFor(fn: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  while (!(await fn())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Date.now() - t0;
}

beforeEach(async () => {
  await reseed();
});

describe('award poll', () => {
  it('vote online: e-mail first, one category at a time, thank-you says it was sent, one document on the server', async ({ app, page, errors }) => {
    const ballot = new BallotPage(page);
    await ballot.open(POLL);
    await ballot.emailDialog().waitFor();
    await app.screenshot('poll-email-modal');
    // Invalid e-mail: the spec's alert, and the modal stays.
    await ballot.enterEmail('not-an-email');
    await expect.poll(() => ballot.alerts).toContain('Please enter a valid email address.');
    expect(await ballot.emailDialog().isVisible()).toBe(true);
    await ballot.enterEmail('online.voter@example.com');
    await ballot.emailDialog().waitFor({ state: 'detached' });
    expect(await ballot.step()).toEqual({ n: 1, m: CATEGORIES });
    expect(await ballot.submitButton().count()).toBe(0);
    await app.screenshot('poll-question');
    await ballot.answerAll();
    expect(await ballot.step()).toEqual({ n: CATEGORIES, m: CATEGORIES });
    await ballot.submitButton().waitFor();
    await ballot.submit();
    await ballot.thankYou().waitFor();
    await ballot.sent().waitFor({ timeout: 15_000 });
    await app.screenshot('poll-thank-you');
    expect(await responsesFor('online.voter@example.com')).toBe(1);
    await ballot.closeButton().click();
    await page.waitForURL(`${app.baseUrl}/`);
    expect(errors).toEqual([]);
  });

  it('vote offline → reload → online: saved, then exactly one response document', async ({ app, page }) => {
    const ballot = new BallotPage(page);
    await ballot.open(POLL);
    await app.installed();
    await ballot.emailDialog().waitFor();
    await app.offline();
    await page.reload();
    await ballot.enterEmail('offline.voter@example.com');
    await ballot.answerAll(1);
    await ballot.submit();
    await ballot.thankYou().waitFor();
    expect(await ballot.status().innerText()).toMatch(/saved on this device and will be sent/);
    await page.getByTestId('sync-badge').filter({ hasText: '1 waiting to send' }).waitFor();
    await page.reload();
    await page.getByTestId('sync-badge').filter({ hasText: '1 waiting to send' }).waitFor();
    expect(await responsesFor('offline.voter@example.com')).toBe(0);
    await app.online();
    const ms = await waitFor(async () => (await responsesFor('offline.voter@example.com')) === 1, 15_000);
    figure('offline vote delivered after reconnect', `${ms} ms`);
    await page.getByTestId('sync-badge').filter({ hasText: 'waiting' }).waitFor({ state: 'detached', timeout: 10_000 });
    // Delivered means the outbox let go of it: nothing is left that could send it again.
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    expect(await responsesFor('offline.voter@example.com')).toBe(1);
  });

  it('the last step reviews every choice and lets one be changed; the voted ballot then reopens on what was voted, not the e-mail step, and /vote says so', async ({ app, page }) => {
    const ballot = new BallotPage(page);
    await ballot.open(POLL);
    await ballot.enterEmail('twice@example.com');
    const chosen = await ballot.answerAll();
    // The review above Submit Vote: every category with its choice.
    const review = ballot.review();
    await review.waitFor();
    const rows = review.getByRole('listitem');
    expect(await rows.count()).toBe(CATEGORIES);
    expect((await rows.allInnerTexts()).map((r, i) => r.includes(chosen[i]!))).toEqual(chosen.map(() => true));
    // Change the first category: the ballot goes to it, and the new choice comes straight back to the last step.
    await rows.first().getByRole('button', { name: /^Change your choice for / }).click();
    await ballot.stepLine(1, CATEGORIES).waitFor();
    const others = (await ballot.optionNames()).filter((o) => o !== chosen[0]);
    await ballot.option(others[0]!).click();
    await ballot.stepLine(CATEGORIES, CATEGORIES).waitFor();
    await rows.first().filter({ hasText: others[0]! }).waitFor();
    const final = [others[0]!, ...chosen.slice(1)];
    await app.screenshot('poll-review');
    expect(formatViolations(await axe(page))).toBe('');
    await ballot.submit();
    await ballot.sent().waitFor({ timeout: 15_000 });

    // Reopened, and reloaded (the page before the app, then the app): what was voted, never the e-mail step.
    for (const reopen of [() => ballot.open(POLL), () => page.reload()]) {
      await reopen();
      const mine = ballot.yourVotes();
      await mine.waitFor();
      const text = await mine.innerText();
      for (const c of final) expect(text).toContain(c);
      expect(text).not.toContain(chosen[0]!);
      expect(text).toContain('twice@example.com');
      await mine.getByText(/^Sent and counted /).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    await app.screenshot('poll-your-vote');
    expect(formatViolations(await axe(page))).toBe('');
    const vote = new VotePage(page);
    await vote.open();
    const row = page.getByRole('link', { name: /^See your vote in / }).first();
    await row.click();
    await ballot.yourVotes().waitFor();
    expect(await responsesFor('twice@example.com')).toBe(1);
  });

  it('a shared phone (two ballots a phone) opens on the e-mail step for the next attendee, never showing the last one\'s choices; the same e-mail is told so; at its limit it shows only where each ballot is', async ({ page }) => {
    const poll = 'shared-phone-poll';
    const questions = [{ id: 'q1', question: 'Designer of the Night', options: ['Ada Quill', 'Bo Marsh'] }];
    await adminWriteMany([{ path: `polls/${poll}`, data: { id: poll, title: 'Shared phone', order: 9, questions, deviceLimit: 2 } }]);
    const ballot = new BallotPage(page);
    await ballot.open(poll);
    await ballot.enterEmail('first.at.table@example.com');
    await ballot.option('Ada Quill').click();
    await ballot.submit();
    await ballot.sent().waitFor({ timeout: 15_000 });
    // Passed to the next attendee: the e-mail step, and nothing of the first ballot on screen.
    await ballot.open(poll);
    await ballot.emailDialog().waitFor();
    expect(await ballot.yourVotes().count()).toBe(0);
    expect(await page.getByText('first.at.table@example.com').count()).toBe(0);
    await ballot.enterEmail('FIRST.at.table@example.com ');
    const dialog = page.getByRole('dialog', { name: 'You have already voted' });
    await dialog.waitFor();
    // Found at the e-mail step, before anything was submitted now: it says so, not "this one was not counted again".
    expect(await dialog.innerText()).toMatch(/You have already voted in this poll with FIRST\.at\.table@example\.com on this device\. Each e-mail can vote once\./);
    expect(await dialog.innerText()).not.toMatch(/counted again/);
    await ballot.open(poll);
    await ballot.enterEmail('second.at.table@example.com');
    await ballot.option('Bo Marsh').click();
    await ballot.submit();
    await ballot.sent().waitFor({ timeout: 15_000 });
    // Both of the phone's ballots are cast: where each is, and no one's e-mail or choice.
    await ballot.open(poll);
    await expect.poll(() => ballot.yourVotes().count()).toBe(2);
    const text = await page.locator('#root').innerText();
    for (const hidden of ['first.at.table@example.com', 'second.at.table@example.com', 'Ada Quill', 'Bo Marsh']) expect(text).not.toContain(hidden);
    expect(await ballot.yourVotes().allInnerTexts()).toEqual([expect.stringMatching(/^Ballot 1\s+Sent and counted /), expect.stringMatching(/^Ballot 2\s+Sent and counted /)]);
    expect(await responsesFor('first.at.table@example.com')).toBe(1);
    expect(await responsesFor('second.at.table@example.com')).toBe(1);
  });

  it('a half-answered ballot resumes after a reload', async ({ page }) => {
    const ballot = new BallotPage(page);
    await ballot.open(POLL);
    await ballot.enterEmail('draft@example.com');
    const first = await ballot.choose(2);
    await ballot.stepLine(2, CATEGORIES).waitFor();
    const order = await ballot.optionNames();
    await page.reload();
    await ballot.stepLine(2, CATEGORIES).waitFor();
    expect(await ballot.emailDialog().count()).toBe(0);
    expect(await ballot.optionNames()).toEqual(order);
    await ballot.previousButton().click();
    expect(await ballot.chosen().inputValue()).toBe(first);
  });

  it('error views: no id, unknown poll — each with Back to Polls', async ({ app, page }) => {
    await page.goto(`${app.baseUrl}/poll`);
    expect(await page.getByRole('alert').innerText()).toContain('No poll ID provided');
    await page.goto(`${app.baseUrl}/poll?id=does-not-exist`);
    await page.getByText('Poll not found').waitFor();
    expect(await page.locator('main .poll-error-panel h1').innerText()).toBe('Error');
    await app.screenshot('poll-not-found', page);
    const v = await axe(page);
    expect(v, formatViolations(v)).toEqual([]);
    await page.getByRole('link', { name: 'Back to Polls' }).click();
    await page.waitForURL(`${app.baseUrl}/vote`);
  });
});

describe('user polls', () => {
  it('polls list shows the spec texts and the vote counts from the server', async ({ app, page }) => {
    const vote = new VotePage(page);
    await vote.open('?uid=demo-visitor');
    await vote.heading().waitFor();
    await vote.cards().first().waitFor();
    // Counts come from one aggregation query per poll (demo data: 4, 3 and 3 responses).
    await vote.cards('Best late-night bite downtown').filter({ hasText: '4 people voted' }).waitFor();
    await expect.poll(() => page.getByText('Counting votes…').count()).toBe(0);
    const cards = await vote.cards().allInnerTexts();
    expect(cards.length).toBe(3);
    for (const c of cards) expect(c).toMatch(/Posted by: \S/); // always a name after it
    for (const c of cards) expect(c).toMatch(/Be the first to vote|1 person voted|\d+ people voted/);
    await app.screenshot('polls-list');
    await vote.tab('mine').click();
    expect(await vote.cards().count()).toBe(1);
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('a community poll speaks for itself ("Question 1 of 2", no bar for one question) and, once answered, shows its results — live, then offline "as of"', async ({ app, page }) => {
    const ballot = new BallotPage(page);
    // Two questions: "Question n of m" and a bar; never the awards' "Category".
    await ballot.open('demo-poll-coney-island');
    await ballot.questionLine(1, 2).waitFor();
    expect(await page.getByText(/^Category \d/).count()).toBe(0);
    expect(await page.getByRole('progressbar', { name: 'Progress' }).count()).toBe(1);
    // One question: neither a step line nor a bar that is full from the start.
    await ballot.open('demo-poll-bus-routes');
    await ballot.option('Covered shelters').waitFor();
    expect(await ballot.questionLine().count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await app.installed();
    await ballot.option('Covered shelters').click();
    await ballot.submit();
    await ballot.answeredHeading().waitFor();
    // No dialog sending the visitor home: the results, where the eyes are (focus on the thanks).
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Thanks for answering!');
    await ballot.status().filter({ hasText: 'Your answer has been sent.' }).waitFor({ timeout: 15_000 });
    // The seed's three answers (2 × More frequent buses, 1 × Later service) and this one, read from the public tally.
    const results = ballot.results();
    await results.getByText(/^4 answers · As of /).waitFor({ timeout: 15_000 });
    const rows = async () => (await results.getByTestId('result-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    const expected = ['More frequent buses 2 (50.0%)', 'Later service 1 (25.0%)', 'Covered shelters Your answer 1 (25.0%)', 'Real-time arrival screens 0 (0.0%)'];
    expect(await rows()).toEqual(expected);
    expect(await results.getByText('Your answer is not in these results yet', { exact: false }).count()).toBe(0);
    await app.screenshot('community-results');
    expect(formatViolations(await axe(page))).toBe('');
    // Offline, reopened: the same results, said to be as of the last read.
    await app.offline();
    await page.reload();
    await results.getByText(/^4 answers · Offline — results as of /).waitFor({ timeout: 15_000 });
    expect(await rows()).toEqual(expected);
    await ballot.status().filter({ hasText: 'Your answer has been sent.' }).waitFor();
    await app.online();
  });

  it('its owner closes a poll (no more answers, final results for everyone) and then takes it off the list', async ({ app, page }) => {
    page.on('dialog', (d) => void d.accept());
    await createPollThroughUi(page, 'Closing time poll', 'Last call?', ['Yes', 'No']);
    const link = await page.getByTestId('poll-live').getByRole('textbox').inputValue();
    const pollId = new URL(link).searchParams.get('id')!;
    await page.getByTestId('poll-live').getByRole('heading', { name: 'Your poll is live' }).waitFor({ timeout: 15_000 });
    // Someone answers it.
    const voter = await app.phone();
    const voterBallot = new BallotPage(voter.page);
    await voterBallot.open(pollId);
    await voterBallot.option('Yes').click(); // by name: the options are shuffled
    await voterBallot.submit();
    await voterBallot.status().filter({ hasText: 'Your answer has been sent.' }).waitFor({ timeout: 15_000 });
    // The owner closes it from its responses screen.
    await page.goto(`${app.baseUrl}/responses?id=${encodeURIComponent(pollId)}`);
    const actions = page.getByTestId('owner-actions');
    await actions.getByRole('button', { name: 'Close this poll' }).click();
    await actions.getByText(/^Closed .* — no more answers are taken\.$/).waitFor({ timeout: 15_000 });
    expect(await actions.getByRole('button', { name: 'Close this poll' }).count()).toBe(0);
    await app.screenshot('poll-owner-closed');
    expect(formatViolations(await axe(page))).toBe('');
    // A third phone opens the link: no ballot, the final results.
    const late = await app.phone();
    const ballot = new BallotPage(late.page);
    await late.page.goto(link);
    await late.page.getByTestId('poll-closed-note').waitFor({ timeout: 15_000 });
    expect(await late.page.getByRole('radio').count()).toBe(0);
    await ballot.results().getByText(/^1 answer · As of /).waitFor({ timeout: 15_000 });
    expect((await ballot.results().getByTestId('result-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Yes 1 (100.0%)', 'No 0 (0.0%)']);
    // Removed: off everyone else's list, and its link says so.
    await actions.getByRole('button', { name: 'Remove from the polls list' }).click();
    await actions.getByText(/^Removed from the polls list /).waitFor({ timeout: 15_000 });
    const lateList = new VotePage(late.page);
    await lateList.open();
    await lateList.cards().first().waitFor();
    expect(await lateList.cards('Closing time poll').count()).toBe(0);
    await late.page.goto(link);
    await late.page.getByText('Its owner removed this poll.').waitFor({ timeout: 15_000 });
    // Still under its owner's My Polls, saying so.
    const mine = new VotePage(page);
    await mine.open();
    await mine.tab('mine').click();
    await mine.cards('Closing time poll').filter({ hasText: /Removed from the polls list/ }).waitFor({ timeout: 15_000 });
  });

  it('"results after I close the poll": voters see neither results nor a count until its owner closes it, then the final results', async ({ app, page }) => {
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${app.baseUrl}/create-poll`);
    await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
    await page.getByLabel('Poll Title').fill('Secret until the end');
    await page.getByPlaceholder('Question 1').fill('Best encore?');
    await page.getByPlaceholder('Option 1').fill('Ballad');
    await page.getByPlaceholder('Option 2').fill('Anthem');
    await page.getByLabel('Show the results only after I close the poll').check();
    await page.getByRole('button', { name: 'Create Poll' }).click();
    const live = page.getByTestId('poll-live');
    await live.getByRole('heading', { name: 'Your poll is live' }).waitFor({ timeout: 15_000 });
    const link = await live.getByRole('textbox').inputValue();
    const pollId = new URL(link).searchParams.get('id')!;
    const voter = await app.phone();
    const ballot = new BallotPage(voter.page);
    await ballot.open(pollId);
    await ballot.option('Anthem').click();
    await ballot.submit();
    await ballot.status().filter({ hasText: 'Your answer has been sent.' }).waitFor({ timeout: 15_000 });
    // No results and no count: the rules refuse them, and the screens say why instead.
    await voter.page.getByTestId('results-later').filter({ hasText: 'Its owner shows the results once the poll is closed.' }).waitFor();
    expect(await ballot.results().getByTestId('result-row').count()).toBe(0);
    const list = new VotePage(voter.page);
    await list.open();
    await list.cards('Secret until the end').filter({ hasText: 'Results once the poll closes' }).waitFor({ timeout: 15_000 });
    // Closed by its owner: the final results for the voter.
    await page.goto(`${app.baseUrl}/responses?id=${encodeURIComponent(pollId)}`);
    await page.getByTestId('owner-actions').getByRole('button', { name: 'Close this poll' }).click();
    await page.getByTestId('owner-actions').getByText(/^Closed /).waitFor({ timeout: 15_000 });
    await ballot.open(pollId);
    await voter.page.getByTestId('poll-closed-note').waitFor({ timeout: 15_000 });
    await ballot.results().getByText(/^1 answer · As of /).waitFor({ timeout: 15_000 });
    expect((await ballot.results().getByTestId('result-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Ballad 0 (0.0%)', 'Anthem Your answer 1 (100.0%)']);
  });

  it('a poll whose writer gave no name says "Posted by: an attendee", on the page before the app and in the app', async ({ app, page, browser, track }) => {
    // The beforeEach reseeds, so this poll is gone for the next test.
    await adminWriteMany([{ path: 'user-polls/nameless-e2e', data: { title: 'Nameless poll', pollId: 'nameless-e2e', questions: [{ id: 'q1', question: 'Q?', options: ['A', 'B', '', ''] }], uploadedBy: null, uploaderId: 'someone', ownerUid: 'someone', uploadedOn: new Date() } }]);
    // Before the app (its entry never arrives): the prerendered /vote's preview draws the card from the server's list.
    const held = await track(await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })).newPage();
    await held.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await app.goto('/vote', held);
    const copy = VoteCopy.beforeApp(held);
    await expect.poll(() => copy.cards().filter({ hasText: 'Nameless poll' }).innerText().catch(() => ''), { timeout: 15_000 }).toContain('Posted by: an attendee');
    // The app.
    const vote = new VotePage(page);
    await vote.open();
    await expect.poll(() => vote.cards('Nameless poll').innerText(), { timeout: 15_000 }).toContain('Posted by: an attendee');
  });

  it('offline with no polls saved says so (not "no polls"), and fills in by itself when the connection returns', async ({ app, page, errors }) => {
    await page.goto(`${app.baseUrl}/?uid=demo-visitor`);
    await app.installed();
    await app.offline();
    const vote = new VotePage(page);
    await vote.open('?uid=demo-visitor');
    const offline = vote.offlineNote();
    await offline.waitFor();
    await page.getByText('No polls saved on this device yet — they will show here when you are back online.').waitFor();
    expect(await page.getByText('No polls yet — create the first one.').count()).toBe(0);
    await app.screenshot('polls-list-offline-empty');
    // Back online on the same screen, without a reload or a tap: the list and its counts arrive.
    await app.online();
    await vote.cards('Best late-night bite downtown').filter({ hasText: '4 people voted' }).waitFor({ timeout: 15_000 });
    expect(await vote.cards().count()).toBe(3);
    expect(await offline.count()).toBe(0);
    expect(await page.getByText('No polls saved on this device yet').count()).toBe(0);
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch|could not be refreshed/i.test(e))).toEqual([]);
  });

  it('create a poll offline → under My Polls at once, marked waiting → synced when online', async ({ app, page }) => {
    const uid = `creator-${Date.now()}`;
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.goto(`${app.baseUrl}/create-poll?uid=${uid}`);
    await app.installed();
    // A visitor who has been online once: the app signed them in (as the link's identity, on the emulators), so
    // whoever sends the poll later — this page or the service worker's Background Sync — sends it as them.
    expect((await waitForSignIn(page)).uid).toBe(uid);
    await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
    await app.offline();
    // Empty title: a clear message, nothing queued.
    await page.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByText('Poll Title is required.').waitFor();
    await page.getByLabel('Poll Title').fill('Best coney island in Detroit?');
    await page.getByPlaceholder('Question 1').fill('Which one?');
    await page.getByPlaceholder('Option 1').fill('Lafayette');
    await page.getByPlaceholder('Option 2').fill('American');
    await page.getByRole('button', { name: 'Add One More Question' }).click();
    await page.getByPlaceholder('Question 2').fill('Chili or loose?');
    await app.screenshot('create-poll');
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.getByRole('button', { name: 'Create Poll' }).click();
    await page.waitForURL(`${app.baseUrl}/vote`);
    expect(alerts).toContain('Poll created successfully!');
    // Offline, the card on top says it is saved and when it will be live, with the link it will have.
    const live = page.getByTestId('poll-live');
    await live.getByRole('heading', { name: 'Your poll is saved on this device' }).waitFor();
    expect(await live.innerText()).toContain('It will be live once it is sent — the link below works from then.');
    expect(await live.getByRole('textbox').inputValue()).toMatch(new RegExp(`^${app.baseUrl}/poll\\?id=[0-9a-f-]{36}$`));
    const vote = new VotePage(page);
    await vote.tab('mine').click();
    const card = vote.cards('Best coney island in Detroit?');
    await card.waitFor();
    expect(await card.innerText()).toMatch(/waiting to send/);
    expect(await card.innerText()).toMatch(/Be the first to vote/);
    await app.online();
    await waitFor(async () => {
      for (const id of await adminList('user-polls')) {
        const d = (await adminGet(`user-polls/${id}`)) as { fields: { title: { stringValue: string }; uploaderId: { stringValue: string } } };
        if (d.fields.title.stringValue === 'Best coney island in Detroit?' && d.fields.uploaderId.stringValue === uid) return true;
      }
      return false;
    }, 15_000);
    await card.filter({ hasText: 'waiting to send' }).waitFor({ state: 'detached', timeout: 10_000 });
    // Delivered while the list is open: its count is known at once (it was "unavailable" until a reload).
    expect(await card.getByTestId('vote-count').innerText()).toBe('Be the first to vote');
    // … and the card on top turned into "live".
    await live.getByRole('heading', { name: 'Your poll is live' }).waitFor();
  });

  it('creating a poll ends on "Your poll is live" with its link and QR code; the link opens the poll on a second phone; Done puts the card away', async ({ app, page }) => {
    const uid = `live-${Date.now()}`;
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${app.baseUrl}/create-poll?uid=${uid}`);
    await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
    await page.getByLabel('Poll Title').fill('Best late-night food near Fox Theatre?');
    await page.getByPlaceholder('Question 1').fill('Where after the show?');
    await page.getByPlaceholder('Option 1').fill('Lafayette Coney');
    await page.getByPlaceholder('Option 2').fill('Hygrade Deli');
    await page.getByRole('button', { name: 'Create Poll' }).click();
    await page.waitForURL(`${app.baseUrl}/vote`);
    const live = page.getByTestId('poll-live');
    await live.getByRole('heading', { name: 'Your poll is live' }).waitFor({ timeout: 15_000 });
    // Focus moved to the card: a screen reader hears it, a keyboard continues from it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('poll-live-heading');
    const link = await live.getByRole('textbox').inputValue();
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/poll\\?id=[0-9a-f-]{36}$`));
    await live.getByRole('img', { name: /^QR code for / }).waitFor();
    await app.screenshot('poll-live');
    expect(formatViolations(await axe(page))).toBe('');
    // A reload keeps it (the history entry carries it, /vote stays /vote) …
    await page.reload();
    await live.getByRole('heading', { name: 'Your poll is live' }).waitFor();
    // … the link works on someone else's phone …
    const other = await app.phone();
    await other.page.goto(link);
    await other.page.getByRole('heading', { level: 1, name: 'Best late-night food near Fox Theatre?' }).waitFor({ timeout: 15_000 });
    await other.page.getByRole('radio', { name: 'Hygrade Deli' }).waitFor();
    // … and Done puts the card away, for good on this entry.
    await live.getByRole('button', { name: 'Done' }).click();
    await live.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor();
    expect(await live.count()).toBe(0);
  });

  it('"Posted by" shows the first name the user-details API gives (the API stand-in), not the account\'s', async ({ app, page, errors }) => {
    const uid = 'api-visitor';
    const apiName = apiUsers[uid]!.first_name;
    // The account document says otherwise: the name shown can only have come from GET {api}/api/v1/user-details.
    await adminWriteMany([{ path: `users/${uid}/user_details/info`, data: { demo: true, fName: 'Morgan', lName: 'Account' } }]);
    const lookups = userDetailsLookups(page);
    await page.goto(`${app.baseUrl}/create-poll?uid=${uid}`);
    await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
    await page.getByTestId('posting-as').filter({ hasText: `Posting as ${apiName}.` }).waitFor({ timeout: 15_000 });
    expect(lookups).toContainEqual({ url: `${apiBase()}/api/v1/user-details/${uid}`, status: 200 });
    expect(await page.getByText('Your poll will be posted without a name.').count()).toBe(0);
    expect(await page.getByText('Morgan').count()).toBe(0);
    const title = `${apiName}'s poll ${Date.now()}`;
    await page.getByLabel('Poll Title').fill(title);
    await page.getByPlaceholder('Question 1').fill('Coffee or tea?');
    await page.getByPlaceholder('Option 1').fill('Coffee');
    await page.getByPlaceholder('Option 2').fill('Tea');
    page.on('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Create Poll' }).click();
    await page.waitForURL(`${app.baseUrl}/vote`);
    const card = new VotePage(page).cards(title);
    await card.filter({ hasText: `Posted by: ${apiName}` }).waitFor();
    // On the server too, as the signed-in writer.
    await waitFor(async () => {
      for (const id of await adminList('user-polls')) {
        const d = (await adminGet(`user-polls/${id}`)) as { fields: { title: { stringValue: string }; uploadedBy?: { mapValue?: { fields?: { first_name?: { stringValue: string } } } } } };
        if (d.fields.title.stringValue === title) return d.fields.uploadedBy?.mapValue?.fields?.first_name?.stringValue === apiName;
      }
      return false;
    }, 15_000);
    // The stand-in answered across origins (CORS) and the CSP let the call through: neither would pass silently.
    expect(errors).toEqual([]);
  });

  it('"Posted by" falls back to the account\'s first name when the user-details API does not know the visitor', async ({ app, page, errors }) => {
    const uid = `account-only-${Date.now()}`;
    await adminWriteMany([{ path: `users/${uid}/user_details/info`, data: { demo: true, fName: 'Jordan', lName: 'Account' } }]);
    const lookups = userDetailsLookups(page);
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.goto(`${app.baseUrl}/create-poll?uid=${uid}`);
    await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
    await page.getByTestId('posting-as').filter({ hasText: 'Posting as Jordan.' }).waitFor({ timeout: 15_000 });
    expect(lookups).toContainEqual({ url: `${apiBase()}/api/v1/user-details/${uid}`, status: 404 });
    // Spec §7: a non-OK answer is logged as 'User not found' — and that known message is all (the harness skips it).
    expect(logged).toContain('User not found');
    expect(errors).toEqual([]);
  });

  it('owner analytics of a poll with 2,000 responses shows the right numbers', async ({ app, page }) => {
    const uid = 'analytics-owner';
    const pollId = 'scale-poll';
    const options = ['Red', 'Green', 'Blue', ''];
    await adminWriteMany([{ path: `user-polls/${pollId}`, data: { title: 'Colour of the year', pollId, questions: [{ id: 'q1', question: 'Pick a colour', options }], uploadedBy: { id: uid, first_name: 'Owner' }, uploaderId: uid, ownerUid: uid, uploadedOn: new Date() } }]);
    // 1,000 Red, 600 Green, 400 Blue.
    const docs = Array.from({ length: 2000 }, (_, i) => ({
      path: `user-poll-responses/${pollId}-${i}`,
      data: { pollId, responseId: `${pollId}-${i}`, answers: { q1: i < 1000 ? 'Red' : i < 1600 ? 'Green' : 'Blue' }, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) },
    }));
    await adminWriteMany(docs);
    // The public tally rows the polls list counts (one per response, pollId only).
    await adminWriteMany(docs.map((d) => ({ path: `user-poll-votes/${d.data.responseId}`, data: { pollId } })));
    // Three responses the rules refuse, planted with admin rights (or left from before the rules checked
    // answers): a map as an answer (it crashed this screen), an answer of 100,000 characters, answers as a number.
    const at = new Date(Date.UTC(2026, 0, 2));
    await adminWriteMany([
      { path: `user-poll-responses/${pollId}-map`, data: { pollId, responseId: `${pollId}-map`, answers: { q1: { nested: 'Red' } }, timestamp: at } },
      { path: `user-poll-responses/${pollId}-long`, data: { pollId, responseId: `${pollId}-long`, answers: { q1: 'R'.repeat(100_000) }, timestamp: at } },
      { path: `user-poll-responses/${pollId}-number`, data: { pollId, responseId: `${pollId}-number`, answers: 7, timestamp: at } },
    ]);
    const t0 = Date.now();
    await page.goto(`${app.baseUrl}/responses?id=${pollId}&uid=${uid}`);
    await page.getByTestId('total-responses').filter({ hasText: 'Total Responses: 2000' }).waitFor({ timeout: 30_000 });
    figure('analytics of 2,000 responses rendered in', `${Date.now() - t0} ms`);
    const text = await page.locator('.result-q').innerText();
    expect(text).toContain('1000 (50.0%)');
    expect(text).toContain('600 (30.0%)');
    expect(text).toContain('400 (20.0%)');
    expect(await page.locator('.result-row').count()).toBe(3); // the blank option is not shown
    expect(await page.locator('.individual > li').count()).toBe(50);
    await page.getByText('3 responses could not be read and are not counted.').waitFor();
    // The CSV holds the 2,000 readable responses, one line each after the header.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download responses (CSV)' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2001);
    expect(csv).not.toContain('RRRRRRRRRR');
    await page.getByRole('heading', { name: 'Individual Responses' }).waitFor();
    await app.screenshot('responses-2000');
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    // Someone else opening the analytics link is told it's for the owner.
    await page.goto(`${app.baseUrl}/responses?id=${pollId}&uid=somebody-else`);
    await page.getByText('Only the person who created this poll can see its responses.').waitFor();
  });
});

describe('the new poll screens in Spanish and Arabic (issue #54)', () => {
  for (const [locale, lang] of [['es-MX', 'es'], ['ar', 'ar']] as const) {
    it(`${lang}: the review, "You voted", a community poll's results and "Your poll is live" — in that language, axe clean`, async ({ app }) => {
      const { page } = await app.phone({ locale });
      page.on('dialog', (d) => void d.accept());
      const ballot = new BallotPage(page, lang);
      await ballot.open(POLL);
      await ballot.enterEmail(`${lang}-review@example.com`);
      await ballot.answerAll();
      await ballot.review().waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
      await app.screenshot(`poll-review-${lang}`, page);
      expect(formatViolations(await axe(page))).toBe('');
      await ballot.submit();
      await ballot.sent().waitFor({ timeout: 15_000 });
      await ballot.open(POLL);
      await ballot.yourVotes().waitFor();
      await app.screenshot(`poll-your-vote-${lang}`, page);
      expect(formatViolations(await axe(page))).toBe('');

      await ballot.open('demo-poll-bus-routes');
      await ballot.answerCommunity(0);
      await ballot.submit();
      await ballot.answeredHeading().waitFor();
      await ballot.results().getByTestId('result-row').first().waitFor({ timeout: 15_000 });
      await app.screenshot(`community-results-${lang}`, page);
      expect(formatViolations(await axe(page))).toBe('');

      await page.goto(`${app.baseUrl}/create-poll`);
      await page.locator('#poll-title').fill(lang === 'ar' ? 'أفضل مطعم بعد العرض؟' : '¿Dónde cenar después del show?');
      await page.locator('input[id^="q-"]').first().fill(lang === 'ar' ? 'أين؟' : '¿Dónde?');
      await page.locator('input[id^="o-"]').nth(0).fill('Lafayette Coney');
      await page.locator('input[id^="o-"]').nth(1).fill('Hygrade Deli');
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('poll-live').getByRole('img').waitFor({ timeout: 15_000 });
      await app.screenshot(`poll-live-${lang}`, page);
      expect(formatViolations(await axe(page))).toBe('');
    });
  }
});
