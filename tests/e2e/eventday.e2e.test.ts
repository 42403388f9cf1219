// Event-day voting (issue #17), in the production build: the award ballots reached by tapping, ready offline
// before they are needed, usable before the app has arrived (the prerendered ballot's island), and everything
// queued offline delivered at once when the connection returns.
import { beforeAll } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { adminClear, adminGet, adminList, rtdbGet } from '../integration/env';
import { describe, expect, test as it, type Track } from './fixtures';
import { PHONE, axe, figure, formatViolations } from './harness';
import { BallotPage } from './pages/BallotPage';
import { msg } from './pages/messages';
import { countRows } from './pages/idb';
import { LandingPage } from './pages/LandingPage';
import { outboxRows } from './pages/outbox';
import { OutboxPage } from './pages/OutboxPage';
import { serverVotes } from './pages/serverVotes';
import { VotePage } from './pages/VotePage';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const run = Date.now().toString(36);
const FASHION = 'dfca-2025-fashion';

beforeAll(async () => {
  // Only the demo data: the ballots on the server are exactly the two demo award polls.
  await adminClear();
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
});

type Fields = Record<string, { stringValue?: string; booleanValue?: boolean; mapValue?: { fields?: Record<string, { stringValue?: string }> } }>;

/** The open award ballots as the server holds them (the polls collection decides, not the code). */
async function openBallots(): Promise<{ id: string; title: string }[]> {
  const out: { id: string; title: string }[] = [];
  for (const id of await adminList('polls')) {
    const d = (await adminGet(`polls/${id}`)) as { fields: Fields } | null;
    if (d && d.fields.open?.booleanValue !== false && d.fields.title?.stringValue) out.push({ id, title: d.fields.title.stringValue });
  }
  return out;
}

/**
 * A context whose pages see the raw page (no wait for the takeover, which the fixtures' phones have): the
 * prerendered ballot is what is tested. Closed after the test like the fixtures' own.
 */
async function rawContext(browser: Browser, track: Track, locale = 'en-US'): Promise<BrowserContext> {
  return track(await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'allow', reducedMotion: 'reduce', locale }));
}

/** Holds the app's entry chunk in the network until `release()`: the prerendered page stays the only ballot. */
async function holdApp(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Answers the ballot on screen (island or app) from category `from` on by the option at `pick`; returns the choices. */
async function answerAll(ballot: BallotPage, pick = 0, from = 1): Promise<string[]> {
  const chosen: string[] = [];
  const { m } = await ballot.step();
  for (let i = from; i <= m; i++) {
    // Each choice moves the ballot on by itself: wait for category i before choosing in it.
    await ballot.stepLine(i, m).waitFor();
    chosen.push(await ballot.choose(pick));
  }
  return chosen;
}

describe('event day', () => {
  it('from the landing a visitor reaches every award ballot by tapping only: the banner, /vote, Event Details, the honorees', async ({ app, page, errors }) => {
    const ballots = await openBallots();
    expect(ballots.map((b) => b.id).sort()).toEqual(['dfca-2025-community', FASHION]);
    const ballot = new BallotPage(page);
    const landing = new LandingPage(page);

    for (const b of ballots) {
      // The "Cast your vote" banner → /vote, where the award ballots come first.
      await landing.open();
      // The voting banner is the second (issue #57): its button in the carousel's picker ("Slide 2: …").
      const second = landing.dots().nth(1);
      expect(await second.getAttribute('aria-label')).toMatch(/^Slide 2:/);
      await second.click();
      const banner = page.getByRole('link', { name: /Cast your vote for your favorite fashion icons/ });
      await banner.waitFor();
      if (b === ballots[0]) {
        await page.evaluate(() => document.fonts.ready);
        await app.screenshot('eventday-banner');
      }
      await banner.click();
      await page.waitForURL(app.url('/vote'));
      const card = page.getByRole('link', { name: `Vote in ${b.title}` });
      await card.waitFor();
      if (b === ballots[0]) {
        await app.screenshot('eventday-vote-awards');
        const violations = await axe(page);
        expect(violations, formatViolations(violations)).toEqual([]);
      }
      await card.click();
      await page.waitForURL((u) => u.pathname === '/poll' && u.searchParams.get('id') === b.id);
      await ballot.emailDialog().waitFor();
      expect(await ballot.title().innerText()).toBe(b.title);

      // The Fashion category → Event Details → "Vote: …".
      await page.evaluate(() => localStorage.removeItem('awards.category'));
      await landing.open();
      await landing.categoryCard('fashion').click();
      const vote = page.getByRole('link', { name: `Vote: ${b.title}` });
      await vote.waitFor();
      if (b === ballots[0]) {
        await vote.scrollIntoViewIfNeeded();
        await app.screenshot('eventday-event-details');
        const violations = await axe(page);
        expect(violations, formatViolations(violations)).toEqual([]);
      }
      await vote.click();
      await page.waitForURL((u) => u.pathname === '/poll' && u.searchParams.get('id') === b.id);
      await ballot.emailDialog().waitFor();

      // The honorees (bottom navigation) → "Vote: …".
      await page.getByRole('link', { name: 'Honorees' }).click();
      await page.getByRole('link', { name: `Vote: ${b.title}` }).click();
      await page.waitForURL((u) => u.pathname === '/poll' && u.searchParams.get('id') === b.id);
      await ballot.emailDialog().waitFor();
      await page.evaluate(() => localStorage.removeItem('awards.category'));
    }
    expect(errors).toEqual([]);
  });

  it('after one online visit to the landing, every award ballot opens offline, and a vote cast there arrives exactly once', async ({ app, page }) => {
    await app.goto('/');
    await app.installed();
    // Saved in the background after the first paint (src/app/warmUp.ts): nothing was opened but the landing.
    await expect.poll(() => countRows(page, 'polls'), { timeout: 15_000 }).toBe(2);

    await app.offline();
    const ballot = new BallotPage(page);
    for (const b of await openBallots()) {
      await ballot.open(b.id);
      await ballot.emailDialog().waitFor();
      expect(await ballot.title().innerText()).toBe(b.title);
    }
    const email = `offline-${run}@example.com`;
    await ballot.open(FASHION);
    await ballot.enterEmail(email);
    const chosen = await answerAll(ballot, 1);
    await ballot.submit();
    const status = ballot.status();
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting');
    expect(await status.innerText()).toBe('Your vote is saved on this device and will be sent automatically when the connection returns.');
    await app.screenshot('eventday-offline-vote');
    expect(await serverVotes(email)).toEqual([]);

    await app.online();
    await expect.poll(() => status.getAttribute('data-sent'), { timeout: 10_000 }).toBe('yes');
    expect(await status.innerText()).toBe('Your vote has been sent and counted.');
    const votes = await serverVotes(email);
    expect(votes).toHaveLength(1);
    expect(Object.values(votes[0]!.answers).sort()).toEqual([...chosen].sort());
    // Nothing is left that could send it a second time: the outbox let go of it.
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    expect(await serverVotes(email)).toHaveLength(1);
  });

  it('a first visit gets a usable ballot before the app: an e-mail and choices made there survive the takeover, in the same order', async ({ app, browser, track }) => {
    const context = await rawContext(browser, track);
    const release = await holdApp(context);
    const page = await context.newPage();
    const errors = app.watchErrors(page);
    const ballot = new BallotPage(page);
    await ballot.open(FASHION);
    // The prerendered page's island drew the ballot: the e-mail step is usable with no app at all.
    const island = BallotPage.beforeApp(page);
    await island.emailField().waitFor();
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBe(0);
    expect(await island.title().innerText()).toBe('Detroit Choice Awards 2025: Fashion (demo)');
    await page.evaluate(() => document.fonts.ready);
    await app.screenshot('eventday-ballot-before-app', page);
    const email = `island-${run}@example.com`;
    await island.enterEmail(email);
    await island.root.getByRole('dialog').waitFor({ state: 'detached' });
    const q1 = await island.optionNames();
    await island.choose(2);
    await island.stepLine(2, 6).waitFor();
    const q2 = await island.optionNames();
    await island.choose(1);
    expect(await island.chosen().inputValue()).toBe(q2[1]);

    // The app arrives and takes over the page.
    release();
    await page.waitForFunction(() => !document.getElementById('prerender'), null, { timeout: 15_000 });
    const inApp = BallotPage.inApp(page);
    // E-mail accepted (no e-mail step), the same question, the same options in the same order, the same choice.
    // (The app's dialogs are portals outside #root: looked for in the whole page.)
    expect(await ballot.emailDialog().count()).toBe(0);
    await expect.poll(() => inApp.stepLine().innerText(), { timeout: 5_000 }).toMatch(/^Category [23] of 6$/);
    if ((await inApp.stepLine().innerText()) === 'Category 3 of 6') await inApp.previousButton().click();
    expect(await inApp.optionNames()).toEqual(q2);
    expect(await inApp.chosen().inputValue()).toBe(q2[1]);
    await inApp.previousButton().click();
    expect(await inApp.optionNames()).toEqual(q1);
    expect(await inApp.chosen().inputValue()).toBe(q1[2]);
    await app.screenshot('eventday-ballot-after-takeover', page);

    // The rest in the app, and the vote lands once with the choices made before the takeover.
    const next = inApp.root.getByRole('button', { name: 'Next', exact: true });
    await next.click();
    await inApp.stepLine(2, 6).waitFor();
    await next.click();
    const rest = await answerAll(inApp, 0, 3);
    await ballot.submit();
    await expect.poll(() => ballot.status().getAttribute('data-sent'), { timeout: 15_000 }).toBe('yes');
    const votes = await serverVotes(email);
    expect(votes).toHaveLength(1);
    expect(votes[0]?.answers['designer-of-the-year']).toBe(q1[2]);
    expect(Object.values(votes[0]?.answers ?? {})).toContain(rest[rest.length - 1]);
    expect(errors).toEqual([]);
  });

  it('text typed into the prerendered ballot goes on in the app, with the focus, when it takes over mid-typing', async ({ browser, track }) => {
    const context = await rawContext(browser, track);
    const release = await holdApp(context);
    const page = await context.newPage();
    const ballot = new BallotPage(page);
    await ballot.open(FASHION);
    const field = BallotPage.beforeApp(page).emailField();
    await field.waitFor();
    await field.pressSequentially('typing-in-progress@exa');
    release();
    await page.waitForFunction(() => !document.getElementById('prerender'), null, { timeout: 15_000 });
    // The app's e-mail field (its dialog is a portal outside #root) holds the text and has the focus.
    expect(await ballot.emailField().inputValue()).toBe('typing-in-progress@exa');
    expect(await ballot.emailField().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('mple.com');
    expect(await ballot.emailField().inputValue()).toBe('typing-in-progress@example.com');
  });

  // en and es: the tab closes before the app ever ran, and the next visit (another page) sends the vote; ar: the
  // app arrives on the same page. Either way the vote was in the IndexedDB outbox before any of the app's code ran,
  // and the ballot before the app spoke the visitor's language (the build's templates of the app's components).
  // it.for, not it.each: only .for hands a case its fixtures.
  it.for([
    ['en-US', 'en', 'close'],
    ['es-MX', 'es', 'close'],
    ['ar', 'ar', 'stay'],
  ] as const)('a vote submitted before the app has started is in the IndexedDB outbox at once (%s), and the app delivers it exactly once', async ([locale, lang, then], { app, browser, track }) => {
    const context = await rawContext(browser, track, locale);
    const release = await holdApp(context);
    const page = await context.newPage();
    const errors = app.watchErrors(page);
    await new BallotPage(page, lang).open(FASHION);
    // The words are the visitor's language's (found by the catalog's texts), and the ballot reads in its direction.
    const island = BallotPage.beforeApp(page, lang);
    await island.emailField().waitFor();
    expect(await page.locator('#prerender main .page').evaluate((el) => [el.closest('[lang]')?.getAttribute('lang'), getComputedStyle(el).direction])).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
    await page.evaluate(() => document.fonts.ready);
    await app.screenshot(`eventday-ballot-before-app-${lang}`, page);
    const email = `pre-app-${lang}-${run}@example.com`;
    await island.enterEmail(email);
    const chosen = await answerAll(island, 0);
    await island.submit();
    await island.root.getByRole('dialog', { name: msg(lang, 'polls.thanks.title') }).waitFor();
    // Still no app on the page (its entry is held back), and the vote is already in the outbox, queued once.
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBe(0);
    const rows = await outboxRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'queued', lastError: null });
    expect(rows[0]?.key).toMatch(/^poll-responses\/dfca-2025-fashion_[0-9a-f]{32}$/);
    // Nothing about the vote in localStorage (IndexedDB is the one place a write waits).
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /vote|ballot/i.test(k)))).toEqual([]);
    await app.screenshot(`eventday-ballot-pre-app-vote-${lang}`, page);
    let reader = page;
    if (then === 'close') {
      await page.close();
      release();
      reader = await context.newPage();
      await app.goto('/local', reader);
    } else {
      release();
      await page.waitForFunction(() => !document.getElementById('prerender'), null, { timeout: 15_000 });
      // The app's ballot says the vote was cast (it took the vote over, not a fresh ballot).
      await BallotPage.inApp(page).status().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    await expect.poll(async () => (await serverVotes(email)).length, { timeout: 20_000 }).toBe(1);
    const [vote] = await serverVotes(email);
    expect(Object.values(vote?.answers ?? {}).sort()).toEqual([...chosen].sort());
    // Nothing is left that could send it a second time, and a fresh start of the app sends nothing more.
    await expect.poll(async () => (await outboxRows(reader)).length).toBe(0);
    await reader.reload();
    await reader.waitForTimeout(1_500);
    expect(await serverVotes(email)).toHaveLength(1);
    if (then === 'stay') expect(errors).toEqual([]);
  });

  it('the Wi-Fi drops on a first visit before the outbox’s code has come: a vote cast then is sent when it returns, no reload', async ({ app }) => {
    // A first visit the service worker does not serve yet: the outbox's code comes from the network after the app
    // has taken over, and here that request fails (the venue's Wi-Fi dropping at that moment) until the test lets it.
    const { context, page } = await app.phone({ serviceWorkers: 'block' });
    let refused = 0;
    const chunk = /\/assets\/writeKinds-[\w-]+\.js$/;
    await context.route(chunk, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    const ballot = new BallotPage(page);
    await ballot.open(FASHION);
    await page.waitForFunction(() => !document.getElementById('prerender'));
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(0);
    await context.unroute(chunk);

    await app.offline(context);
    const email = `dropped-${run}@example.com`;
    await ballot.enterEmail(email);
    const chosen = await answerAll(ballot, 1);
    await ballot.submit();
    await page.getByRole('dialog', { name: 'Thank you for voting!' }).waitFor();
    expect((await outboxRows(page)).map((r) => r.state)).toEqual(['queued']);

    const t0 = Date.now();
    await app.online(context);
    await expect.poll(async () => (await serverVotes(email)).length, { timeout: 15_000 }).toBe(1);
    figure('first visit, outbox code refused then the connection back: vote on the server after', `${Date.now() - t0} ms`);
    const [vote] = await serverVotes(email);
    expect(Object.values(vote?.answers ?? {}).sort()).toEqual([...chosen].sort());
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    expect(await serverVotes(email)).toHaveLength(1);
  });

  it('back online, four mixed items queued offline are all delivered within 3 s, and the badge says All sent', async ({ app, page }) => {
    const ballot = new BallotPage(page); // also accepts the app's alerts and keeps their texts
    const uid = `mixed-${run}`;
    const vote = new VotePage(page);
    await vote.open(`?uid=${uid}`);
    await app.installed();
    await vote.cards('Best late-night bite downtown (demo)').waitFor();
    await ballot.open(FASHION);
    await ballot.emailDialog().waitFor();
    await app.goto('/create-poll');
    await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
    await app.offline();

    // 1. An award vote.
    const email = `mixed-${run}@example.com`;
    await ballot.open(FASHION);
    await ballot.enterEmail(email);
    await answerAll(ballot, 0);
    await ballot.submit();
    await ballot.thankYou().waitFor();
    // 2. An answer to a community poll.
    await ballot.open('demo-poll-coney-island');
    await ballot.answerCommunity(0);
    await ballot.submit();
    await ballot.answeredHeading().waitFor();
    // 3. A new poll.
    const title = `Event-day poll ${run}`;
    await app.goto('/create-poll');
    await page.getByLabel('Poll Title').fill(title);
    await page.getByPlaceholder('Question 1').fill('Best look tonight?');
    await page.getByPlaceholder('Option 1').fill('Red carpet');
    await page.getByPlaceholder('Option 2').fill('After-party');
    await page.getByRole('button', { name: 'Create Poll' }).click();
    await page.waitForURL(app.url('/vote'));
    // 4. Feedback.
    const feedback = `Mixed offline feedback ${run}`;
    await app.goto('/feedback');
    await page.getByLabel('Your feedback').fill(feedback);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => ballot.alerts.includes('Thanks for your feedback!')).toBe(true);
    await page.getByTestId('sync-badge').filter({ hasText: '4 waiting to send' }).waitFor();
    expect((await outboxRows(page)).map((r) => r.key.split('/')[0]).sort()).toEqual(['feedbacks', 'poll-responses', 'user-poll-responses', 'user-polls']);
    await app.screenshot('eventday-four-waiting');

    // The queue screen names each item by what it is and says what happens next, in plain words.
    const outbox = new OutboxPage(page);
    await outbox.open();
    const items = outbox.items();
    await expect.poll(() => items.count()).toBe(4);
    await page.getByRole('status').filter({ hasText: '4 waiting to send. You are offline: they will be sent when the connection returns.' }).waitFor();
    const names = await Promise.all((await items.all()).map((item) => outbox.what(item).innerText()));
    expect(names).toEqual([
      'Your vote in “Detroit Choice Awards 2025: Fashion (demo)”',
      'Your answer to “Best late-night bite downtown (demo)”',
      `New poll “${title}”`,
      `Feedback: “${feedback}”`,
    ]);
    for (let i = 0; i < 4; i++) expect(await items.nth(i).innerText()).toContain('It will be sent when you are back online.');
    expect(await items.first().innerText()).toContain(`as ${email}`);
    expect(await outbox.sendNow().isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(/user-poll|poll-responses|feedbacks\/|Request failed|\(unknown\)|Temporary problem/);
    // Times move while you watch ("Saved just now" → "Saved 5 s ago"), with no reload.
    const saved = items.first().getByText(/^Saved /);
    const before = await saved.innerText();
    await expect.poll(() => saved.innerText(), { timeout: 8_000 }).not.toBe(before);
    await app.screenshot('sync-four-offline');
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    const t0 = Date.now();
    await app.online();
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 3_000, interval: 50 }).toBe(0);
    const drained = Date.now() - t0;
    figure('four mixed items delivered after reconnecting in', `${drained} ms`);
    expect(drained).toBeLessThanOrEqual(3_000);
    await page.getByTestId('sync-badge').filter({ hasText: 'All sent' }).waitFor({ timeout: 2_000 });
    // Each arrived, once.
    expect(await serverVotes(email)).toHaveLength(1);
    const polls = [];
    for (const id of await adminList('user-polls')) {
      const d = (await adminGet(`user-polls/${id}`)) as { fields: Fields } | null;
      if (d?.fields.title?.stringValue === title) polls.push(id);
    }
    expect(polls).toHaveLength(1);
    const all = ((await rtdbGet('feedbacks')) ?? {}) as Record<string, { feedback?: string }>;
    expect(Object.values(all).filter((f) => f.feedback === feedback)).toHaveLength(1);
    // The strip docked on the bottom navigation leaves the end of the page clear, and goes once all is sent.
    await page.getByTestId('sync-badge').waitFor({ state: 'detached', timeout: 5_000 });
    // Nothing waits: no list, and no "Send now" beside "Everything has been sent."
    await page.getByRole('status').filter({ hasText: 'Everything has been sent.' }).waitFor();
    expect(await outbox.sendNow().count()).toBe(0);
  });

  it('the thank-you never promises a delivery the server refused: the same e-mail already voted from another device', async ({ app, page: a }) => {
    const email = `twice-${run}@example.com`;
    const ballotA = new BallotPage(a);
    await ballotA.open(FASHION);
    await ballotA.enterEmail(email);
    await answerAll(ballotA, 0);
    await ballotA.submit();
    await expect.poll(() => ballotA.status().getAttribute('data-sent'), { timeout: 10_000 }).toBe('yes');

    const { page: b } = await app.phone();
    const ballotB = new BallotPage(b);
    await ballotB.open(FASHION);
    await ballotB.enterEmail(email);
    await answerAll(ballotB, 1);
    await ballotB.submit();
    const status = ballotB.status();
    // While it is on its way it says so; once refused, why — and no promise that it will be sent.
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('refused');
    expect(await status.innerText()).toMatch(/not counted.*already recorded/);
    expect(await status.innerText()).not.toMatch(/will be sent/);
    expect(await b.getByRole('link', { name: 'See what was not sent' }).getAttribute('href')).toBe('/outbox');
    await app.screenshot('eventday-refused', b);
    expect(await serverVotes(email)).toHaveLength(1);
  });

  it('the sync strip never covers the end of a screen', async ({ app, page }) => {
    const vote = new VotePage(page);
    await vote.open();
    await app.installed();
    await vote.cards().first().waitFor();
    await app.offline();
    await app.goto('/feedback');
    await page.getByLabel('Your feedback').fill(`Strip check ${run}`);
    page.on('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('sync-badge').waitFor();
    for (const path of ['/vote', '/local', '/stories-page']) {
      await app.goto(path);
      await page.getByTestId('sync-badge').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      const { contentBottom, stripTop } = await page.evaluate(() => {
        const main = document.querySelector('main .page') as HTMLElement;
        return { contentBottom: main.getBoundingClientRect().bottom, stripTop: document.querySelector('[data-testid="sync-badge"]')!.getBoundingClientRect().top };
      });
      expect(contentBottom, path).toBeLessThanOrEqual(stripTop);
    }
    await app.screenshot('eventday-strip');
    await app.online();
  });
});
