// Feedback reaches the database whatever WebSockets do (issue #30, item 5), in the production build under its own
// Content-Security-Policy. Seen before: with a WebSocket failure recorded on the device, the database SDK fell back
// to long polling, whose <script>s the CSP blocks, and feedback stayed "Sending 1…" for good. The app now sends it
// over the database's REST API; each case writes feedback offline, comes back online with WebSockets failing in
// one way (for the page and the service worker: a proxy, below), and checks the server's copy (an
// administrator's REST read) and what the queue says.
import http from 'node:http';
import net from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, awaitTakeover, figure } from './harness';
import { describe, expect, test as it, type App } from './fixtures';
import { countRows } from './pages/idb';
import { outboxRows } from './pages/outbox';
import { waitForSignIn } from './pages/auth';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const DATABASE_HOST = process.env.DATABASE_EMULATOR_HOST ?? '127.0.0.1:9000';
const run = Date.now().toString(36);

/** What the server holds at feedbacks/ with this text (read as the administrator: no token). */
async function serverFeedbacks(text: string): Promise<{ feedback: string; uid: string }[]> {
  const res = await fetch(`http://${DATABASE_HOST}/feedbacks.json?ns=${PROJECT}`);
  const all = ((await res.json()) ?? {}) as Record<string, { feedback: string; uid: string }>;
  return Object.values(all).filter((f) => f.feedback === text);
}

/**
 * How the venue's network treats WebSockets. They are broken in a proxy every request of the browser context goes
 * through — the pages' and the service worker's alike (Playwright's routeWebSocket() sees only the pages', and the
 * service worker's Background Sync is often the one that sends). Plain HTTP passes untouched.
 *   refuse: the tunnel is refused (a connection refused) · drop: the handshake passes, and the connection is cut
 *   when the client sends its first frame after it (closed mid-send) · silent: accepted, then nothing ever comes
 *   back (never upgraded).
 */
type WsMode = 'refuse' | 'drop' | 'silent';

interface BreakingProxy {
  server: string;
  /** WebSocket connections the browser tried through the proxy (page and service worker). */
  attempts: string[];
  close: () => Promise<void>;
}

function wsBreakingProxy(mode: WsMode): Promise<BreakingProxy> {
  const attempts: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (sock: net.Socket) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => sock.destroy());
  };
  // A WebSocket, tunnelled (CONNECT) or proxied as an Upgrade request: broken the way `mode` says.
  const breakSocket = (client: net.Socket, host: string, port: number, head: Buffer | string) => {
    track(client);
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    if (mode === 'silent') return; // held open, never answered
    const upstream = net.connect(port, host, () => upstream.write(head));
    track(upstream);
    let upgraded = false;
    upstream.on('data', (chunk) => {
      upgraded = true;
      client.write(chunk);
    });
    client.on('data', (chunk) => {
      if (upgraded) {
        client.destroy();
        upstream.destroy();
      } else upstream.write(chunk);
    });
  };
  const proxy = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    const up = http.request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers: req.headers }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    attempts.push(`CONNECT ${req.url ?? ''}`);
    const [host = '127.0.0.1', port = '80'] = (req.url ?? '').split(':');
    if (mode === 'refuse') {
      track(client);
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    client.write('HTTP/1.1 200 Connection established\r\n\r\n');
    breakSocket(client, host, Number(port), head);
  });
  proxy.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    attempts.push(`UPGRADE ${req.url ?? ''}`);
    const target = new URL(req.url ?? '/');
    const lines = [`${req.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`)];
    breakSocket(client, target.hostname, Number(target.port), Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), head]));
  });
  proxy.on('connection', track);
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      const { port } = proxy.address() as net.AddressInfo;
      resolve({
        server: `http://127.0.0.1:${port}`,
        attempts,
        close: () =>
          new Promise<void>((done) => {
            for (const sock of sockets) sock.destroy();
            proxy.close(() => done());
          }),
      });
    });
  });
}

const CASES: { name: string; mode: WsMode; failureRecorded?: boolean }[] = [
  { name: 'connection refused', mode: 'refuse' },
  { name: 'closed mid-send', mode: 'drop' },
  { name: 'never upgraded', mode: 'silent' },
  // A WebSocket failure recorded on this device earlier: the database SDK went to long polling from then on.
  { name: 'a WebSocket failure recorded earlier', mode: 'refuse', failureRecorded: true },
];

/**
 * A phone (as the fixtures' `context`) whose every request goes through `proxy`: a proxy is set when a context is
 * made, which the fixtures' phone options do not offer, so the test makes this one and hands it to `track`.
 */
async function phoneBehind(browser: Browser, proxy: BreakingProxy): Promise<BrowserContext> {
  return awaitTakeover(
    await browser.newContext({
      viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'allow', reducedMotion: 'reduce', locale: 'en-US',
      // Playwright sends loopback through a context's proxy too (it adds <-loopback> to Chromium's bypass list).
      proxy: { server: proxy.server },
    }),
  );
}

async function sendOfflineThenOnline(app: App, page: Page, context: BrowserContext, text: string): Promise<number> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await app.offline(context);
  await page.getByLabel('Your feedback').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => dialogs).toEqual(['Thanks for your feedback!']);
  await expect.poll(() => page.getByTestId('sync-badge').innerText()).toBe('1 waiting to send');
  await page.getByText('You are offline: your feedback is saved on this device and will be sent when you reconnect.').waitFor();
  expect(await serverFeedbacks(text)).toEqual([]);
  const t0 = Date.now();
  await app.online(context);
  await expect.poll(async () => (await serverFeedbacks(text)).length, { timeout: 20_000, interval: 250 }).toBe(1);
  return Date.now() - t0;
}

describe('feedback when WebSockets fail', () => {
  it('the built pages carry the production CSP: scripts only from the app, connections over HTTP(S) only, no WebSocket', async ({ app, page }) => {
    await app.goto('/feedback');
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    // Scripts from the app, and two inline scripts by their hashes: the variant picker and the ballot's island.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=' 'sha256-[A-Za-z0-9+/]{43}=';/);
    const connect = /connect-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '';
    expect(connect.split(' ')).toContain(`http://${DATABASE_HOST}`);
    expect(connect).not.toMatch(/wss?:/);
  });

  for (const [i, c] of CASES.entries()) {
    it(`written offline, sent when back online: ${c.name}`, async ({ app, browser, track }) => {
      const proxy = await wsBreakingProxy(c.mode);
      const context = track(await phoneBehind(browser, proxy));
      if (c.failureRecorded) await context.addInitScript(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
      const page = await context.newPage();
      const errors = app.watchErrors(page);
      // Every CSP violation the page sees (a blocked script, a refused connection), as the DOM reports it.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      try {
        const uid = `e2e-fbt-${run}-${i}`;
        await app.goto(`/feedback?uid=${uid}`, page);
        await app.installed(page);
        await page.getByText(uid).waitFor(); // the feedback screen shows who sends it
        // Signed in as that visitor before going offline (as polls.e2e's offline poll): whoever sends the feedback
        // later — this page or the service worker's Background Sync — sends it as them. Without this wait the
        // worker could flush first, before the page had ever signed in, as a new anonymous user (a run on
        // 2026-11-28: the row arrived under an anonymous uid).
        expect((await waitForSignIn(page)).uid).toBe(uid);

        const text = `Feedback with WebSockets failing (${c.name}) ${run}`;
        const ms = await sendOfflineThenOnline(app, page, context, text);
        figure(`feedback reached the database after reconnecting (${c.name}) in`, `${ms} ms`);
        // Exactly once, signed by the visitor who wrote it.
        expect(await serverFeedbacks(text)).toEqual([{ feedback: text, uid }]);
        // The queue says sent: the badge clears, the outbox lets go, the feedback row is marked sent.
        const badge = page.getByTestId('sync-badge');
        await expect.poll(async () => (await badge.count()) === 0 || (await badge.innerText()) === 'All sent', { timeout: 10_000 }).toBe(true);
        await expect.poll(() => outboxRows(page)).toEqual([]);
        // Back online, the screen no longer says the device is offline.
        // (The delivery may land a moment before the app's online flag has caught up: a short wait, as a reader's.)
        await expect.poll(() => page.getByRole('status').filter({ hasText: 'feedback' }).innerText(), { timeout: 10_000 }).toBe('Thank you — your feedback is on its way.');
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
        // Neither the page nor the service worker even tried a WebSocket to the app's servers: delivery does not
        // depend on one. (Chromium's own services tunnel HTTPS to Google through the proxy too; not the app's.)
        expect(proxy.attempts.filter((a) => a.includes('127.0.0.1'))).toEqual([]);
        if (i === 0) await app.screenshot('feedback-websockets-failing-sent', page);
      } finally {
        // The phone before its proxy (track would close it only after the test, with the proxy gone).
        await context.close();
        await proxy.close();
      }
    }, 60_000);
  }
});
