// The outbox under chaos in a real browser: 200 votes while the connection toggles, the server fails one
// request in five and answers slowly, and the tab reloads. A file of its own so that it runs in a lane beside
// the other outbox scenarios (tests/e2e/lanes.ts): it is the longest single test of the suite.
import { beforeEach } from 'vitest';
import type { Route } from 'playwright-core';
import { describe, expect, test as it } from './fixtures';
import { figure } from './harness';
import { badgeMatchesOutbox, outboxRows } from './pages/outbox';
import { COMMIT, emails, primed, seedPoll, serverVoters, until, vote } from './pages/syncPoll';

// A clean lane project holding just the poll; the fixtures give the scenario its phone and close it after.
beforeEach(seedPoll);

describe('outbox in the browser, under chaos', () => {
  it('4. seeded chaos: 200 votes while offline toggles, 20 % 5xx, latency and reloads → exactly 200, no duplicates', async ({ app, context }) => {
    let page = await primed(context);
    let seed = 2026;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let served = 0;
    let failedOnPurpose = 0;
    await context.route(COMMIT, async (route: Route) => {
      served++;
      await new Promise((r) => setTimeout(r, Math.floor(rand() * 150)));
      if (rand() < 0.2) {
        failedOnPurpose++;
        // The page may have reloaded during the delay above, which ends the request: nothing left to answer.
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 503, message: 'chaos', status: 'UNAVAILABLE' } }) }).catch(() => undefined);
      }
      try {
        await route.continue();
      } catch {
        // page reloaded mid-request
      }
    });
    const voters = emails('chaos', 200);
    const t0 = Date.now();
    let offline = false;
    for (const [i, e] of voters.entries()) {
      if (rand() < 0.08) {
        offline = !offline;
        await (offline ? app.offline() : app.online());
      }
      if (i > 0 && i % 40 === 0) {
        await page.close();
        page = await context.newPage();
      }
      await vote(page, e);
      if (i % 50 === 49) {
        // Badge and rows from one sample: read again afterwards, the rows may already have drained further.
        const seen = await badgeMatchesOutbox(page);
        expect(seen.badge).toBe(seen.rows);
      }
    }
    // The venue's Wi-Fi recovers: no more injected 503s or latency, and a real offline → online transition,
    // whatever state the random toggles left. (Without the first, the reconnect flush itself drew a 503 one time
    // in five and the rows went back to backoff — up to 60 s a round — so the 90 s bound below failed now and
    // then: in one full run of this stop. Without the second, a loop that happened to end online had no
    // reconnect at all.) Whatever the chaos left queued must now arrive, each vote once.
    await context.unroute(COMMIT);
    await app.offline();
    await app.online();
    const ms = await until(async () => (await outboxRows(page)).length === 0, 90_000, 'chaos drained');
    figure('4. chaos: 200 votes cast + drained in', `${Date.now() - t0} ms (drain after last vote ${ms} ms)`);
    figure('4. chaos: requests served / failed on purpose', `${served} / ${failedOnPurpose}`);
    const onServer = await serverVoters();
    figure('4. chaos: documents / duplicates / lost', `${onServer.length} / ${onServer.length - new Set(onServer).size} / ${voters.filter((v) => !onServer.includes(v)).length}`);
    expect(onServer).toEqual(voters);
    expect(await badgeMatchesOutbox(page)).toEqual({ badge: 0, rows: 0 });
  }, 300_000);
});
