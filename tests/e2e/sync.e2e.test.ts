// The outbox in a real browser: lost acknowledgements, killed tabs, restarts, two tabs, refusals, no
// Background Sync, and Background Sync with no page open (chaos: chaos.e2e.test.ts).
import { beforeEach } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { BASE_URL, figure, launchPersistent } from './harness';
import { describe, expect, test as it } from './fixtures';
import { badgeMatchesOutbox, outboxRows } from './pages/outbox';
import { OutboxPage } from './pages/OutboxPage';
import { COMMIT, emails, primed, seedPoll, serverVoters, until, vote } from './pages/syncPoll';
import { dispatchOutboxSync, workerSession } from './pages/serviceWorker';

// Each scenario starts from a clean lane project holding just the poll; the fixtures give it a fresh phone.
beforeEach(seedPoll);

describe('outbox in the browser', () => {
  it('1. lost acknowledgement, tab killed, reopened → one document per vote', async ({ context }) => {
    let page = await primed(context);
    let dropped = 0;
    // The request reaches the emulator, but its response never reaches the app.
    await context.route(COMMIT, async (route: Route) => {
      await route.fetch();
      dropped++;
      await route.abort('connectionreset');
    });
    const voters = emails('lostack', 3);
    for (const e of voters) await vote(page, e);
    // Every answer lost: each vote lands on its own round, the next one by a reading transaction (its count in doubt).
    await until(async () => (await serverVoters()).length === 3, 30_000, 'writes reached the server');
    expect(dropped).toBeGreaterThanOrEqual(1); // votes may share a commit
    expect(await serverVoters()).toEqual(voters);
    expect((await outboxRows(page)).length).toBe(3); // not acknowledged, so still queued
    expect(await badgeMatchesOutbox(page)).toEqual({ badge: 3, rows: 3 });
    await page.close(); // the tab is killed
    await context.unroute(COMMIT);
    page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    const ms = await until(async () => (await outboxRows(page)).length === 0, 20_000, 'outbox drained');
    figure('1. re-sent after reopen in', `${ms} ms`);
    expect(await serverVoters()).toEqual(voters);
    expect(await badgeMatchesOutbox(page)).toEqual({ badge: 0, rows: 0 });
  });

  it('2. queued offline, browser closed, relaunched online → all delivered once', async ({ track }) => {
    const first = await launchPersistent();
    track(first.context);
    const page = await primed(first.context);
    await first.context.setOffline(true);
    const voters = emails('restart', 4);
    for (const e of voters) await vote(page, e);
    expect(await badgeMatchesOutbox(page)).toEqual({ badge: 4, rows: 4 });
    await first.context.close();
    expect(await serverVoters()).toEqual([]);
    const second = await launchPersistent(first.userDataDir);
    track(second.context);
    const again = second.context.pages()[0] ?? (await second.context.newPage());
    await again.goto(`${BASE_URL}/`);
    const ms = await until(async () => (await serverVoters()).length === 4, 20_000, 'delivered after restart');
    figure('2. delivered after browser restart in', `${ms} ms`);
    await until(async () => (await outboxRows(again)).length === 0, 10_000, 'outbox empty');
    expect(await serverVoters()).toEqual(voters);
    expect(await badgeMatchesOutbox(again)).toEqual({ badge: 0, rows: 0 });
  });

  it('3. two tabs; the leader is closed mid-flush → the other finishes; never two flushers at once', async ({ context }) => {
    const a = await primed(context);
    const b = await context.newPage();
    await b.goto(`${BASE_URL}/outbox`);
    // Writes fail while "offline" (the tabs stay online so each keeps its own triggers).
    let mode: 'down' | 'slow' = 'down';
    const spans: { page: Page | 'service-worker'; start: number; end: number }[] = [];
    await context.route(COMMIT, async (route: Route) => {
      if (mode === 'down') return route.abort('internetdisconnected');
      let who: Page | 'service-worker';
      try {
        who = route.request().frame().page();
      } catch {
        who = 'service-worker'; // a request made by the worker has no frame
      }
      const span = { page: who, start: Date.now(), end: Infinity };
      spans.push(span);
      await new Promise((r) => setTimeout(r, 600));
      try {
        await route.continue();
      } catch {
        // the tab was closed mid-request
      }
      span.end = Math.min(span.end, Date.now()); // keep the clamp if the tab was closed meanwhile
    });
    const voters = [...emails('tab-a', 4), ...emails('tab-b', 4)].sort();
    for (const e of voters.filter((x) => x.startsWith('tab-a'))) await vote(a, e);
    for (const e of voters.filter((x) => x.startsWith('tab-b'))) await vote(b, e);
    await b.goto(`${BASE_URL}/outbox`);
    expect(await badgeMatchesOutbox(b)).toEqual({ badge: 8, rows: 8 });
    mode = 'slow';
    await a.goto(`${BASE_URL}/outbox`);
    // A retry timer or the reloaded tab's start-up may begin the flush first (the button then says "Sending…"
    // and is disabled); either way one tab leads, which is all this scenario needs.
    const sendNow = a.getByRole('button', { name: 'Send now' });
    let clicked = false;
    await until(
      async () => {
        if (spans.length === 0 && !clicked && (await sendNow.isEnabled().catch(() => false))) {
          clicked = true;
          await sendNow.click({ timeout: 5_000 }).catch(() => undefined);
        }
        return spans.length > 0;
      },
      10_000,
      'flush started',
    );
    const leader = spans[0]!.page;
    if (leader === 'service-worker') throw new Error('expected a tab to lead');
    const closedAt = Date.now();
    await leader.close(); // the leader dies mid-flush
    // A dead tab's request still sitting in this test's route handler is not a flusher any more.
    for (const x of spans) if (x.page === leader) x.end = Math.min(x.end, closedAt);
    const survivor = leader === a ? b : a;
    if (survivor.isClosed()) throw new Error('survivor closed');
    // What is checked is that the survivor finishes and that no two flushers overlap, not how fast: it took 3.6 s,
    // 11 s and 20 s in three full runs of 2026-11-27 and more than 40 s in two loaded ones (not root-caused,
    // docs/testing.md "Known flakes"), so the bound is wide.
    const ms = await until(async () => (await serverVoters()).length === 8, 90_000, 'all delivered by the survivor');
    figure('3. survivor finished in', `${ms} ms`);
    await until(async () => (await outboxRows(survivor)).length === 0, 20_000, 'survivor outbox empty');
    expect(await serverVoters()).toEqual(voters);
    // Never two flushers: no two in-flight requests from different tabs overlapped.
    const overlaps = spans.flatMap((x) => spans.filter((y) => x !== y && x.page !== y.page && x.start < y.end && y.start < x.end));
    figure('3. write requests / by tab A / by tab B / by the worker', `${spans.length} / ${spans.filter((x) => x.page === a).length} / ${spans.filter((x) => x.page === b).length} / ${spans.filter((x) => x.page === 'service-worker').length}`);
    expect(overlaps).toEqual([]);
    expect(await badgeMatchesOutbox(survivor)).toEqual({ badge: 0, rows: 0 });
  }, 180_000);

  it('5. a refused item is marked failed with its reason; the rest drain', async ({ context }) => {
    const page = await primed(context);
    await context.route(COMMIT, async (route: Route) => {
      if ((route.request().postData() ?? '').includes('refused@example.com')) {
        return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 403, message: 'Missing or insufficient permissions.', status: 'PERMISSION_DENIED' } }) });
      }
      return route.continue();
    });
    await context.setOffline(true);
    for (const e of ['ok-1@example.com', 'refused@example.com', 'ok-2@example.com']) await vote(page, e);
    await context.setOffline(false);
    await until(async () => (await serverVoters()).length === 2, 15_000, 'the others delivered');
    await until(async () => (await outboxRows(page)).every((r) => r.state === 'failed'), 10_000, 'refusal recorded');
    const rows = await outboxRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastError).toMatch(/already recorded/);
    await page.goto(`${BASE_URL}/outbox`);
    await page.getByText('Not accepted', { exact: true }).waitFor();
    // Why, in the vote kind's words, and what happens next; a refusal is final, so only Discard is offered.
    const outbox = new OutboxPage(page);
    const item = outbox.items();
    expect(await outbox.what(item).innerText()).toMatch(/^Your vote in “.+”$/);
    expect(await item.innerText()).toContain('as refused@example.com');
    expect(await item.innerText()).toContain('a different vote with this e-mail is already recorded for this poll. It will not be sent. You can discard it.');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send now' }).count()).toBe(0); // nothing waits to be sent
    await page.getByRole('status').filter({ hasText: /^1 not accepted by the server\.$/ }).waitFor();
    expect(await page.getByTestId('sync-badge').innerText()).toBe('1 not sent — tap to review');
    expect(await badgeMatchesOutbox(page)).toEqual({ badge: 1, rows: 1 });
    // Discard needs a confirmation; the local vote stays.
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Yes, discard' }).click();
    await until(async () => (await outboxRows(page)).length === 0, 5000, 'discarded');
    expect(await serverVoters()).toEqual(['ok-1@example.com', 'ok-2@example.com']);
  });

  it('6. no Background Sync (Safari/Firefox): reconnecting flushes within 10 s', async ({ context }) => {
    await context.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
      delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
    });
    const page = await primed(context);
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(false);
    await context.setOffline(true);
    await vote(page, 'nosync@example.com');
    await context.setOffline(false);
    const ms = await until(async () => (await serverVoters()).length === 1, 10_000, 'flushed after reconnect');
    figure('6. no Background Sync: flushed after reconnect in', `${ms} ms`);
  });

  it('7. Background Sync: the service worker flushes with no app page open, after the browser stopped it', async ({ context }) => {
    const page = await primed(context);
    await context.setOffline(true);
    await vote(page, 'bgsync@example.com');
    await page.close(); // no page left to flush
    const worker = await workerSession(context);
    const { session, reg } = worker;
    // As when the sync fires minutes later: the idle worker has been stopped and starts afresh, so it must load
    // the flusher script (sw/sync.ts) from what it stored at install. (Restarted by hand: this Chromium's
    // dispatchSyncEvent never returns for a stopped worker.) Back online first: a worker that starts while the
    // context is offline can keep Playwright's offline emulation (1 failure in a full run).
    await context.setOffline(false);
    await session.send('ServiceWorker.stopAllWorkers');
    await session.send('ServiceWorker.startWorker', { scopeURL: reg.scopeURL });
    await dispatchOutboxSync(worker);
    const ms = await until(async () => (await serverVoters()).length === 1, 15_000, 'service worker delivered');
    figure('7. Background Sync delivered with no app page in', `${ms} ms`);
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
  });
});
