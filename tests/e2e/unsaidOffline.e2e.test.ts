// Offline without the browser's word: the network is gone but `navigator.onLine` stays true and no
// `online`/`offline` event reaches the page — as on Chromium 150's offline emulation, or a venue's Wi-Fi that
// lost its uplink, or a captive portal. The app must still say it is offline on every screen that depends on
// the connection, keep a vote, and come back by itself (no event, no reload) when the network returns.
import { beforeAll } from 'vitest';
import { seed } from '../../scripts/seed.mjs';
import { adminClear } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { BallotPage } from './pages/BallotPage';
import { VotePage } from './pages/VotePage';
import { countRows } from './pages/idb';
import { outboxRows } from './pages/outbox';
import { serverVotes } from './pages/serverVotes';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const FASHION = 'dfca-2025-fashion';

/**
 * Runs in every page before its scripts: the browser's flag always says online and its connectivity events are
 * swallowed before any listener of the app hears them (a capturing listener registered first, on the target).
 */
function browserNeverSaysOffline(): void {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
  for (const type of ['online', 'offline']) window.addEventListener(type, (e) => e.stopImmediatePropagation(), true);
}

beforeAll(async () => {
  await adminClear();
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
});

/**
 * What the browser and the Firestore SDK log while requests fail: with no word from the browser the outbox does
 * try to send (its attempts are evidence too), and the SDK logs each failed commit before the app retries it.
 * Page errors and anything else logged as an error still fail the test.
 */
const OFFLINE_NOISE = /^console: (Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$|\[[^\]]+\]\s+@firebase\/firestore: Firestore \([^)]+\): (RPC_ERROR|RestConnection RPC) )/;

describe('offline that the browser does not report', () => {
  it('every connection-dependent screen says offline, a vote waits, and all of it recovers with no online event', async ({ app, context, page, errors }) => {
    await context.addInitScript(browserNeverSaysOffline); // before the first visit: every navigation runs it
    await app.goto('/');
    await app.installed();
    await expect.poll(() => countRows(page, 'polls'), { timeout: 15_000 }).toBe(2);

    await app.offline();
    // The set-up is what it claims: the network is gone, yet the page is told it is online.
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await app.goto(`/voter-resources`);
    const buttons = page.locator('.civic-resource a');
    await page.getByText('You’re offline. These resources are official websites', { exact: false }).waitFor({ timeout: 5_000 });
    await expect.poll(async () => (await buttons.allInnerTexts()).every((t) => /needs a connection/i.test(t)), { timeout: 5_000 }).toBe(true);
    expect(await buttons.count()).toBe(12);
    await app.screenshot('unsaid-offline-voter-resources');

    await app.goto(`/web?q=${encodeURIComponent('https://mvic.sos.state.mi.us/Voter/Index')}`);
    await page.getByText(/You’re offline\. This page from mvic\.sos\.state\.mi\.us needs a connection/).waitFor({ timeout: 5_000 });
    expect(await page.locator('iframe').count()).toBe(0);

    await app.goto(`/location`);
    await page.getByText('You are offline, so the map cannot be shown.').waitFor({ timeout: 5_000 });
    expect(await page.locator('iframe').count()).toBe(0);

    // A vote cast now is kept, and the voter is told it waits for the connection (not "sending").
    const email = `unsaid-${Date.now().toString(36)}@example.com`;
    const ballot = new BallotPage(page);
    await ballot.open(FASHION);
    await ballot.enterEmail(email);
    await ballot.answerAll(1);
    await ballot.submit();
    const status = ballot.status();
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 5_000 }).toBe('waiting');
    expect(await status.innerText()).toBe('Your vote is saved on this device and will be sent automatically when the connection returns.');

    const vote = new VotePage(page);
    await vote.open();
    const offline = vote.offlineNote();
    await offline.waitFor({ timeout: 5_000 });
    await page.getByText('No polls saved on this device yet — they will show here when you are back online.').waitFor();
    expect(await page.getByTestId('sync-badge').innerText()).toBe('1 waiting to send');
    await app.screenshot('unsaid-offline-polls');
    expect(await serverVotes(email)).toEqual([]);

    // The network returns and the page hears nothing of it: the app's own probe notices, the list fills in and
    // the vote goes, exactly once.
    const back = Date.now();
    await app.online();
    await vote.cards('Best late-night bite downtown').waitFor({ timeout: 20_000 });
    await expect.poll(() => offline.count()).toBe(0);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    expect(await serverVotes(email)).toHaveLength(1);
    console.info(`[figure] back online without an online event: list and vote in ${Date.now() - back} ms`);
    expect(errors.filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
  });
});
