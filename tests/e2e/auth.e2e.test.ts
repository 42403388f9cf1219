// Real anonymous auth (the Auth emulator of firebase-tools), as a visitor meets it: who the app signs in, and a
// flush whose ID token expired while the phone was offline — refreshed, or, when the refresh itself fails, retried.
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { adminGet, adminWriteMany } from '../integration/env';
import { figure } from './harness';
import { describe, expect, test, type App } from './fixtures';
import { BallotPage } from './pages/BallotPage';
import { outboxRows } from './pages/outbox';
import { waitForSignIn } from './pages/auth';
import { voteDocId } from '../../src/features/polls/logic';

const POLL = 'auth-e2e-vote';
const HOUR = 3_600_000;
beforeAll(async () => {
  await adminWriteMany([{ path: `polls/${POLL}`, data: { id: POLL, title: 'Auth check', questions: [{ id: 'q1', question: 'Best look?', options: ['Alpha', 'Beta'] }] } }]);
});

/** No service worker: its clock is not the page's, and only the page's flusher is under test here. */
const it = test.override({ phone: { serviceWorkers: 'block' } });

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
async function voteOfflineAfterSignIn(app: App, email: string) {
  const { page } = app;
  await app.goto('/my-profile');
  const before = await waitForSignIn(page);
  const ballot = new BallotPage(page);
  await ballot.open(POLL);
  await app.offline();
  await ballot.enterEmail(email);
  await ballot.choose(0);
  await ballot.submit();
  await ballot.status().waitFor();
  expect((await outboxRows(page)).map((r) => r.state)).toEqual(['queued']);
  return before;
}

describe('real anonymous auth', () => {
  it('a new visitor is signed in anonymously, and that uid becomes their visitor id', async ({ app, page }) => {
    await page.clock.install(); // time runs as usual until the test moves it
    // Signed in by the warm-up once the page has loaded (src/sync/engine.ts signInWhenOnline), on any page —
    // before anything is queued, so the service worker later sends as this same user. Without the Auth SDK: one
    // request to Auth's REST API (src/remote/anonymousUser.ts); the SDK's ~50 kB wait until something is sent.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await app.goto('/vote');
    const user = await waitForSignIn(page);
    expect(user.uid).toMatch(/^[A-Za-z0-9]{20,}$/); // the Auth emulator's anonymous uid
    await expect.poll(() => page.evaluate(() => localStorage.getItem('uid'))).toBe(user.uid);
    expect(scripts.filter((p) => /firebase-(auth|core)/.test(p))).toEqual([]);
  });

  it('a vote queued offline is sent after the ID token expired: the SDK refreshes it and delivers', async ({ app, page }) => {
    await page.clock.install(); // time runs as usual until the test moves it
    const refreshes = watchRefreshes(page);
    const email = 'expired-token@example.com';
    const before = await voteOfflineAfterSignIn(app, email);
    expect(before.expiresAt).toBeGreaterThan(Date.now());

    // The emulator stamps tokens to the second (iat): a refresh within the second of the sign-in would mint the very
    // same token, and this test could not tell a refresh from none (it failed so once in a fast run).
    const signedInAt = before.expiresAt - HOUR; // the SDK sets the expiry an hour after it got the token
    if (Date.now() < signedInAt + 1100) await page.waitForTimeout(signedInAt + 1100 - Date.now());
    // Two hours pass with no signal: the token the page holds is long expired when the connection returns.
    await page.clock.setSystemTime(Date.now() + 2 * HOUR);
    const t0 = Date.now();
    await app.online();
    await new BallotPage(page).sent().waitFor({ timeout: 20_000 });
    figure('delivered after reconnect with an expired token in', `${Date.now() - t0} ms`);

    // The SDK refreshed the expired token (a new one came back from the Auth emulator) for the same visitor.
    expect(refreshes.urls.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => refreshes.tokens.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.tokens.every((t) => t !== before.idToken)).toBe(true);
    expect((await waitForSignIn(page)).uid).toBe(before.uid);
    expect(await adminGet(`poll-responses/${await voteDocId(POLL, email)}`)).not.toBeNull();
  });

  it('a token refresh that fails mid-flush is a retry, never a refusal; the vote goes out when it succeeds', async ({ app, context, page }) => {
    await page.clock.install(); // time runs as usual until the test moves it
    const refreshes = watchRefreshes(page);
    const email = 'refresh-fails@example.com';
    await voteOfflineAfterSignIn(app, email);
    await page.clock.setSystemTime(Date.now() + 2 * HOUR);

    // The first refresh request dies on the way (the venue's Wi-Fi drops again).
    let failedOnce = false;
    await context.route('**/securetoken.googleapis.com/**', async (route) => {
      if (failedOnce) return route.continue();
      failedOnce = true;
      return route.abort('connectionreset');
    });
    const states = new Set<string>();
    await app.online();
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
    await new BallotPage(page).sent().waitFor();
    expect(await adminGet(`poll-responses/${await voteDocId(POLL, email)}`)).not.toBeNull();
  });
});
