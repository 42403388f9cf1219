// Real anonymous auth (the Auth emulator of firebase-tools), as a visitor meets it: who the app signs in, and a
// flush whose ID token expired while the phone was offline — refreshed, or, when the refresh itself fails, retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminGet, adminWriteMany } from '../integration/env';
import { awaitTakeover, BASE_URL, figure, launch, PHONE } from './harness';
import { BallotPage } from './pages/BallotPage';
import { outboxRows } from './pages/outbox';
import { waitForSignIn } from './pages/auth';
import { voteDocId } from '../../src/features/polls/logic';

const POLL = 'auth-e2e-vote';
const HOUR = 3_600_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  await adminWriteMany([{ path: `polls/${POLL}`, data: { id: POLL, title: 'Auth check', questions: [{ id: 'q1', question: 'Best look?', options: ['Alpha', 'Beta'] }] } }]);
});

afterAll(async () => {
  await browser?.close();
});

/** No service worker: its clock is not the page's, and only the page's flusher is under test here. */
async function pageContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = awaitTakeover(await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'block', reducedMotion: 'reduce' }));
  const page = await context.newPage();
  await page.clock.install(); // time runs as usual until the test moves it
  return { context, page };
}

/** Token refresh requests (securetoken) the page sends to the Auth emulator, and the ID tokens they returned. */
function watchRefreshes(page: Page): { urls: string[]; tokens: string[] } {
  const seen = { urls: [] as string[], tokens: [] as string[] };
  page.on('request', (r) => {
    if (r.url().includes('/securetoken.googleapis.com/')) seen.urls.push(r.url());
  });
  page.on('response', (r) => {
    if (!r.url().includes('/securetoken.googleapis.com/') || r.status() !== 200) return;
    void r.json().then((body: { id_token?: string }) => {
      if (body.id_token) seen.tokens.push(body.id_token);
    }, () => undefined);
  });
  return seen;
}

/** Signs a new visitor in (Settings reads their preference), then queues an award vote with the phone offline. */
async function voteOfflineAfterSignIn(context: BrowserContext, page: Page, email: string) {
  await page.goto(`${BASE_URL}/my-profile`);
  const before = await waitForSignIn(page);
  const ballot = new BallotPage(page);
  await ballot.open(POLL);
  await context.setOffline(true);
  await ballot.enterEmail(email);
  await page.locator('.poll-option').first().click();
  await ballot.submit();
  await page.getByTestId('vote-status').waitFor();
  expect((await outboxRows(page)).map((r) => r.state)).toEqual(['queued']);
  return before;
}

describe('real anonymous auth', () => {
  it('a new visitor is signed in anonymously, and that uid becomes their visitor id', async () => {
    const { context, page } = await pageContext();
    // Signed in by the warm-up once the page has loaded (src/sync/engine.ts signInWhenOnline), on any page —
    // before anything is queued, so the service worker later sends as this same user.
    await page.goto(`${BASE_URL}/vote`);
    const user = await waitForSignIn(page);
    expect(user.uid).toMatch(/^[A-Za-z0-9]{20,}$/); // the Auth emulator's anonymous uid
    await expect.poll(() => page.evaluate(() => localStorage.getItem('uid'))).toBe(user.uid);
    await context.close();
  });

  it('a vote queued offline is sent after the ID token expired: the SDK refreshes it and delivers', async () => {
    const { context, page } = await pageContext();
    const refreshes = watchRefreshes(page);
    const email = 'expired-token@example.com';
    const before = await voteOfflineAfterSignIn(context, page, email);
    expect(before.expiresAt).toBeGreaterThan(Date.now());

    // The emulator stamps tokens to the second (iat): a refresh within the second of the sign-in would mint the very
    // same token, and this test could not tell a refresh from none (it failed so once in a fast run).
    const signedInAt = before.expiresAt - HOUR; // the SDK sets the expiry an hour after it got the token
    if (Date.now() < signedInAt + 1100) await page.waitForTimeout(signedInAt + 1100 - Date.now());
    // Two hours pass with no signal: the token the page holds is long expired when the connection returns.
    await page.clock.setSystemTime(Date.now() + 2 * HOUR);
    const t0 = Date.now();
    await context.setOffline(false);
    await page.locator('[data-testid="vote-status"][data-sent="yes"]').waitFor({ timeout: 20_000 });
    figure('delivered after reconnect with an expired token in', `${Date.now() - t0} ms`);

    // The SDK refreshed the expired token (a new one came back from the Auth emulator) for the same visitor.
    expect(refreshes.urls.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => refreshes.tokens.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.tokens.every((t) => t !== before.idToken)).toBe(true);
    expect((await waitForSignIn(page)).uid).toBe(before.uid);
    expect(await adminGet(`poll-responses/${await voteDocId(POLL, email)}`)).not.toBeNull();
    await context.close();
  });

  it('a token refresh that fails mid-flush is a retry, never a refusal; the vote goes out when it succeeds', async () => {
    const { context, page } = await pageContext();
    const refreshes = watchRefreshes(page);
    const email = 'refresh-fails@example.com';
    await voteOfflineAfterSignIn(context, page, email);
    await page.clock.setSystemTime(Date.now() + 2 * HOUR);

    // The first refresh request dies on the way (the venue's Wi-Fi drops again).
    let failedOnce = false;
    await context.route('**/securetoken.googleapis.com/**', async (route) => {
      if (failedOnce) return route.continue();
      failedOnce = true;
      return route.abort('connectionreset');
    });
    const states = new Set<string>();
    await context.setOffline(false);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await outboxRows(page);
      for (const r of rows) states.add(r.state);
      if (rows.length === 0) break;
      if (Date.now() > deadline) throw new Error(`not delivered: ${JSON.stringify(rows)}`);
      await page.waitForTimeout(100);
    }
    expect(failedOnce).toBe(true);
    expect(refreshes.urls.length).toBeGreaterThanOrEqual(2); // the failed one, then the one that worked
    expect(states.has('failed')).toBe(false);
    await page.locator('[data-testid="vote-status"][data-sent="yes"]').waitFor();
    expect(await adminGet(`poll-responses/${await voteDocId(POLL, email)}`)).not.toBeNull();
    await context.close();
  });
});
