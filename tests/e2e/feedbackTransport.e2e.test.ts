// Feedback reaches the database whatever WebSockets do (issue #30, item 5), in the production build under its own
// Content-Security-Policy. Seen before: with a WebSocket failure recorded on the device, the database SDK fell back
// to long polling, whose <script>s the CSP blocks, and feedback stayed "Sending 1…" for good. The app now sends it
// over the database's REST API; each case writes feedback offline, comes back online with WebSockets failing in
// one way, and checks the server's copy (an administrator's REST read) and what the queue says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { BASE_URL, cleanupDirs, figure, launch, phoneContext, screenshot, waitForController, watchErrors } from './harness';
import { countRows } from './pages/idb';
import { outboxRows } from './pages/outbox';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const DATABASE_HOST = process.env.DATABASE_EMULATOR_HOST ?? '127.0.0.1:9000';
const run = Date.now().toString(36);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  cleanupDirs();
});

/** What the server holds at feedbacks/ with this text (read as the administrator: no token). */
async function serverFeedbacks(text: string): Promise<{ feedback: string; uid: string }[]> {
  const res = await fetch(`http://${DATABASE_HOST}/feedbacks.json?ns=${PROJECT}`);
  const all = ((await res.json()) ?? {}) as Record<string, { feedback: string; uid: string }>;
  return Object.values(all).filter((f) => f.feedback === text);
}

type Breakage = (context: BrowserContext) => Promise<void>;

/** Every WebSocket the context opens, whatever its address, goes through `handler` (route() does not see them). */
const everySocket = (handler: (ws: WebSocketRoute) => void): Breakage => (context) => context.routeWebSocket(/.*/, handler);

const CASES: { name: string; break: Breakage }[] = [
  // The connection is refused: closed before a single frame.
  { name: 'connection refused', break: everySocket((ws) => void ws.close({ code: 1011, reason: 'refused' })) },
  // A proxy that lets the handshake through and drops the connection when the client sends its first data frame.
  {
    name: 'closed mid-send',
    break: everySocket((ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (typeof message === 'string' && message.includes('"t":"d"')) void ws.close({ code: 1001, reason: 'dropped' });
        else server.send(message);
      });
    }),
  },
  // Accepted and then silence: no frame ever comes back (a captive proxy that never completes the upgrade).
  { name: 'never upgraded', break: everySocket(() => undefined) },
  // A WebSocket failure recorded on this device earlier: the database SDK would go to long polling.
  {
    name: 'a WebSocket failure recorded earlier',
    break: async (context) => {
      await context.addInitScript(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
      await everySocket((ws) => void ws.close({ code: 1011, reason: 'refused' }))(context);
    },
  },
];

async function sendOfflineThenOnline(page: Page, context: BrowserContext, text: string): Promise<number> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await context.setOffline(true);
  await page.getByLabel('Your feedback').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => dialogs).toEqual(['Thanks for your feedback!']);
  await expect.poll(() => page.getByTestId('sync-badge').innerText()).toBe('1 waiting to send');
  expect(await serverFeedbacks(text)).toEqual([]);
  const t0 = Date.now();
  await context.setOffline(false);
  await expect.poll(async () => (await serverFeedbacks(text)).length, { timeout: 20_000, interval: 250 }).toBe(1);
  return Date.now() - t0;
}

describe('feedback when WebSockets fail', () => {
  it('the built pages carry the production CSP: scripts only from the app, connections over HTTP(S) only, no WebSocket', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/feedback`);
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("script-src 'self';");
    const connect = /connect-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '';
    expect(connect.split(' ')).toContain(`http://${DATABASE_HOST}`);
    expect(connect).not.toMatch(/wss?:/);
    await context.close();
  });

  for (const [i, c] of CASES.entries()) {
    it(`written offline, sent when back online: ${c.name}`, async () => {
      const context = await phoneContext(browser);
      await c.break(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      // Every CSP violation the page sees (a blocked script, a refused connection), as the DOM reports it.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      const uid = `e2e-fbt-${run}-${i}`;
      await page.goto(`${BASE_URL}/feedback?uid=${uid}`);
      await waitForController(page);
      await page.getByText(uid).waitFor(); // signed in as this visitor (the feedback screen shows who sends it)

      const text = `Feedback with WebSockets failing (${c.name}) ${run}`;
      const ms = await sendOfflineThenOnline(page, context, text);
      figure(`feedback reached the database after reconnecting (${c.name}) in`, `${ms} ms`);
      // Exactly once, signed by the visitor who wrote it.
      expect(await serverFeedbacks(text)).toEqual([{ feedback: text, uid }]);
      // The queue says sent: the badge clears, the outbox lets go, the feedback row is marked sent.
      const badge = page.getByTestId('sync-badge');
      await expect.poll(async () => (await badge.count()) === 0 || (await badge.innerText()) === 'All sent', { timeout: 10_000 }).toBe(true);
      await expect.poll(() => outboxRows(page)).toEqual([]);
      expect(await countRows(page, 'feedback')).toBe(1);
      const sentAt = await page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const req = indexedDB.open('town-square');
            req.onsuccess = () => {
              const all = req.result.transaction('feedback').objectStore('feedback').getAll();
              all.onsuccess = () => {
                resolve((all.result as { sentAt?: unknown }[])[0]?.sentAt);
                req.result.close();
              };
            };
          }),
      );
      expect(typeof sentAt).toBe('number');
      // Nothing was refused by the CSP, and the app threw nothing.
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(errors.filter((e) => /Content Security Policy|pageerror/.test(e))).toEqual([]);
      // The page did not even try a WebSocket: delivery does not depend on one.
      expect(sockets).toEqual([]);
      if (i === 0) await screenshot(page, 'feedback-websockets-failing-sent');
      await context.close();
    }, 60_000);
  }
});
