// Prerendered pages (scripts/prerender.mjs, src/app/prerender.ts, sw/sw.ts pageFor): the screen is in the HTML
// before any script runs — on a first visit and offline from the service worker — and React takes over
// without a blank frame, a duplicate copy or a wrong screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { adminClear, adminWriteMany } from '../integration/env';
import { BASE_URL, PHONE, launch, phoneContext, waitForController, watchErrors } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** What the page showed when the HTML was parsed — before the deferred module scripts ran. */
async function recordParsedHtml(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const shell = document.getElementById('prerender');
      (window as unknown as { __parsed: object }).__parsed = {
        headings: [...(shell?.querySelectorAll('h1, h2') ?? [])].map((h) => h.textContent?.trim()),
        rootChildren: document.getElementById('root')?.childElementCount ?? -1,
        modulepreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
        // Files the page asks for while its screen is parsed (the island script of /vote aside).
        headRequests: document.head.querySelectorAll('link[rel="stylesheet"], link[rel="preload"], script[src]').length,
        bootAfterScreen: Boolean(document.querySelector('#root ~ script[data-app-entry]')),
      };
    });
  });
}

/** Which static-routing source answered the navigation ('cache': the browser, from the worker's pages cache). */
const servedBy = (page: Page) => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType ?? 'unsupported');

const parsed = (page: Page) => page.evaluate(() => (window as unknown as { __parsed: { headings: string[]; rootChildren: number; modulepreloads: number; headRequests: number; bootAfterScreen: boolean } }).__parsed);

describe('prerendered pages', () => {
  it('show each content screen with JavaScript off; personal screens and unknown paths get the bare shell', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cases: [string, string][] = [
      ['/', 'Detroit Fashion Choice Awards'],
      ['/local', 'Civic information'],
      ['/vote', 'Polls'],
      ['/governors', 'Gretchen Whitmer'],
      ['/voter-resources', 'Voter'],
    ];
    for (const [path, text] of cases) {
      await page.goto(`${BASE_URL}${path}`);
      await expect.poll(() => page.locator('#prerender main').innerText(), { timeout: 2000 }).toContain(text);
      // The bottom navigation is part of the page, with the right tab marked.
      expect(await page.locator('#prerender nav a').count()).toBe(5);
    }
    for (const path of ['/outbox', '/create-poll', '/no-such-page']) {
      await page.goto(`${BASE_URL}${path}`);
      expect(await page.locator('#prerender main').count(), path).toBe(0);
    }
    await context.close();
  });

  it('hands over to React in one step: never blank, never two copies, focusable and live afterwards', async () => {
    const context = await phoneContext(browser, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Every animation frame from the first one: 'n' while the parser has not reached the heading yet (a frame
    // the browser may render mid-parse, as on any page), then whether exactly one main heading was visible.
    await page.addInitScript(() => {
      const frames: string[] = [];
      (window as unknown as { __frames: string[] }).__frames = frames;
      const tick = (): void => {
        const all = document.querySelectorAll('main h1');
        const h = [...all].filter((el) => (el as HTMLElement).offsetParent !== null);
        frames.push(all.length === 0 ? 'n' : h.length === 1 ? '1' : '0');
        if (frames.length < 240) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await recordParsedHtml(page);
    await page.goto(`${BASE_URL}/`);
    expect((await parsed(page)).headings).toContain('Detroit Fashion Choice Awards');
    expect((await parsed(page)).rootChildren).toBe(0);
    await expect.poll(() => page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('#root').isVisible()).toBe(true);
    expect(await page.locator('main').count()).toBe(1);
    const frames = (await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).join('');
    expect(frames.length).toBeGreaterThan(5);
    // Once parsed, the heading never disappears or doubles — through React's mount and the swap.
    expect(frames, 'frames: n = not parsed yet, 1 = one visible heading, 0 = none or two').toMatch(/^n{0,3}1+$/);
    // It is React's tree now: the carousel's controls respond.
    const current = () => page.locator('.carousel-picker [aria-current="true"]').getAttribute('aria-label');
    expect(await current()).toMatch(/^Slide 1:/);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).toMatch(/^Slide 2:/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline, the service worker serves pages without module preloads, a profile with the person already in the HTML, and a search without stale content', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await recordParsedHtml(page);
    await page.goto(`${BASE_URL}/local`);
    // From the network the page preloads the app's modules and its stylesheet, so they download while it paints.
    expect((await parsed(page)).modulepreloads).toBeGreaterThan(0);
    expect((await parsed(page)).headRequests).toBeGreaterThan(0);
    expect((await parsed(page)).bootAfterScreen).toBe(false);
    await waitForController(page);
    await page.locator('.civic-tile').first().waitFor();
    await context.setOffline(true);

    // From the cache they come without (sw/page.ts: nothing is requested before the screen has painted; the
    // app's script comes last, after the screen), and the app still starts after the paint. A page with no
    // query is answered by the browser itself from the worker's pages cache (static routing), also while the
    // worker is stopped, as it is when a visitor comes back later.
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    for (const [path, heading, stop] of [
      ['/', 'Detroit Fashion Choice Awards', false],
      ['/local', 'Civic information', true],
      ['/', 'Detroit Fashion Choice Awards', true],
    ] as const) {
      if (stop) {
        await page.goto('about:blank');
        await cdp.send('ServiceWorker.stopAllWorkers');
      }
      await page.goto(`${BASE_URL}${path}`);
      const html = await parsed(page);
      expect(html.headings).toContain(heading);
      expect(html.modulepreloads).toBe(0);
      expect(html.headRequests, path).toBe(0);
      expect(html.bootAfterScreen, path).toBe(true);
      expect(await servedBy(page), path).toBe('cache');
      await expect.poll(() => page.locator('#prerender').count()).toBe(0);
      await expect.poll(() => page.locator('main').innerText()).toContain(heading);
    }
    // The app linked its stylesheet and the landing's own (src/boot.ts), each switched on and loaded, so screens
    // the page's inline CSS does not cover are styled: the Honorees screen's sticky header is only in the app stylesheet.
    const linked = await page.locator('link[data-full-css]').evaluateAll((links) => links.map((l) => [new URL((l as HTMLLinkElement).href).pathname.replace(/-[\w-]+\.css$/, '.css'), (l as HTMLLinkElement).media, ((l as HTMLLinkElement).sheet?.cssRules.length ?? 0) > 0]));
    expect(linked.sort()).toEqual([['/assets/awards.css', 'all', true], ['/assets/index.css', 'all', true], ['/assets/polls.css', 'all', true]]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Honorees' }).click();
    await expect.poll(() => page.locator('.page-header').first().evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

    await page.goto(`${BASE_URL}/onegovernor?q=Gretchen%20Whitmer`);
    expect((await parsed(page)).headings).toContain('Gretchen Whitmer');
    // A query needs the worker (it stitches the person into the page), and so does ?uid=.
    expect(await servedBy(page)).not.toBe('cache');
    await expect.poll(() => page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('h2.civic-person-name').innerText()).toBe('Gretchen Whitmer');

    await page.goto(`${BASE_URL}/minister?q=${encodeURIComponent('Jocelyn Benson')}`);
    expect((await parsed(page)).headings).toContain('Jocelyn Benson');

    // A search the page was not rendered for: nothing prerendered (not the unfiltered list), then React's results.
    await page.goto(`${BASE_URL}/local?q=Whitmer`);
    expect((await parsed(page)).headings).toEqual([]);
    expect(await servedBy(page)).not.toBe('cache');
    await page.goto(`${BASE_URL}/?uid=visitor-1`);
    expect((await parsed(page)).headings).toContain('Detroit Fashion Choice Awards');
    expect(await servedBy(page)).not.toBe('cache');
    await page.goto(`${BASE_URL}/local?q=Whitmer`);
    await expect.poll(() => page.locator('main').innerText()).toContain('Whitmer');

    // A name no page was made for: the frame, then the app's own "not found".
    await page.goto(`${BASE_URL}/onegovernor?q=Nobody%20Here`);
    expect((await parsed(page)).headings).toEqual([]);
    await expect.poll(() => page.locator('main').innerText()).toContain('Not found');
    await context.close();
  });
});

async function reseed(): Promise<void> {
  await adminClear();
  await seed({ firestoreHost: process.env.FIRESTORE_EMULATOR_HOST, projectId: process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square' });
}

/** The demo polls' cards as a visitor reads them: title, author line, count line, link. */
const cardTexts = (page: Page, scope: string) => page.locator(`${scope} #polls-panel .poll-card`).evaluateAll((cards) => cards.map((c) => ({
  title: c.querySelector('h2')?.textContent,
  by: c.querySelector('h2 + p')?.textContent,
  view: c.querySelector('a')?.getAttribute('aria-label'),
})));

describe('the /vote polls preview (src/features/polls/preview.ts)', () => {
  it('lists the polls from the server before the app’s JavaScript has run, with hostile titles as plain text', async () => {
    await reseed();
    const now = Date.now();
    const question = [{ id: 'q1', question: 'Which?', options: ['A', 'B'] }];
    await adminWriteMany([
      // Newest of all, so it comes first; its title is markup a careless renderer would run.
      { path: 'user-polls/zz-hostile', data: { pollId: 'zz-hostile', title: '<img src=x onerror="window.__pwned=1">Block party', questions: question, uploadedBy: { id: 'v9', first_name: '<b>Eve</b>' }, uploaderId: 'v9', uploadedOn: now } },
      // Fails the app's schema: neither the preview nor the app may list it.
      { path: 'user-polls/zz-broken', data: { pollId: 'zz-broken', title: 'Broken poll', questions: 'not a list', uploadedOn: now } },
    ]);
    try {
      const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
      const page = await context.newPage();
      // The app's entry never arrives (a very slow network): only the page and its preview script run.
      await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
      await page.goto(`${BASE_URL}/vote`);
      await expect.poll(() => page.locator('#prerender #polls-panel .poll-card').count(), { timeout: 10_000 }).toBe(4);
      // The award ballots too, above them, from the polls collection (the page preloads both lists).
      await expect.poll(() => page.locator('#prerender #award-polls-panel .award-row').allInnerTexts(), { timeout: 10_000 }).toEqual([
        expect.stringContaining('Detroit Choice Awards 2025: Fashion (demo)'),
        expect.stringContaining('Detroit Choice Awards 2025: Community (demo)'),
      ]);
      expect(await page.locator('#prerender [role="progressbar"]').count()).toBe(0);
      const preview = await cardTexts(page, '#prerender');
      expect(preview[0]).toEqual({ title: '<img src=x onerror="window.__pwned=1">Block party', by: 'Posted by: <b>Eve</b>', view: 'View <img src=x onerror="window.__pwned=1">Block party' });
      expect(preview.map((c) => c.title)).not.toContain('Broken poll');
      expect(await page.locator('#prerender .poll-card img, #prerender .poll-card b').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      // The app itself could not start (src/boot.ts): the page says so instead of looking alive and doing nothing.
      await page.getByRole('alert').filter({ hasText: 'Town Square could not start. Check your connection and reload the page.' }).waitFor();
      expect(await page.locator('#prerender #polls-panel .poll-card').first().getByText('Counting votes…').count()).toBe(1);
      // Styled by the page's inline CSS alone (the app stylesheet is switched on by the app): cards, not a
      // bulleted list, and a View target a thumb can hit.
      for (const ul of await page.locator('#prerender .poll-cards').all()) expect(await ul.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
      const viewBox = await page.locator('#prerender .poll-card a').first().boundingBox();
      expect(viewBox?.height ?? 0).toBeGreaterThanOrEqual(24);
      // Its links work without the app: a plain navigation to the poll's address.
      await page.locator('#prerender .poll-card', { hasText: 'Best late-night bite downtown' }).getByRole('link', { name: /^View / }).click();
      await page.waitForURL(`${BASE_URL}/poll?id=demo-poll-coney-island`);
      await context.close();

      // With the app: the same cards in the same order, taken over without a spinner or a second copy in
      // between, the list fetched once for both, the counts from the server.
      const live = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
      const app = await live.newPage();
      const errors = watchErrors(app);
      let listGets = 0;
      let ballotGets = 0;
      const firebaseChunks: string[] = [];
      app.on('request', (r) => {
        if (r.method() === 'GET' && /\/documents\/user-polls\?/.test(r.url())) listGets += 1;
        if (r.method() === 'GET' && /\/documents\/polls\?/.test(r.url())) ballotGets += 1;
        if (/\/assets\/firebase-/.test(r.url())) firebaseChunks.push(r.url());
      });
      await app.addInitScript(() => {
        const frames: string[] = [];
        (window as unknown as { __frames: string[] }).__frames = frames;
        const visible = (sel: string) => [...document.querySelectorAll(sel)].filter((el) => (el as HTMLElement).offsetParent !== null).length;
        const tick = (): void => {
          frames.push(`${visible('.poll-card, .award-row:not(.award-row-placeholder)')}:${visible('[role="progressbar"]')}`);
          if (frames.length < 300) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        // Nothing on screen may move when the app stylesheet arrives or React takes over.
        let shifted = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) shifted += e.value;
          (window as unknown as { __cls: number }).__cls = shifted;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await app.goto(`${BASE_URL}/vote`);
      await expect.poll(() => app.locator('#prerender').count(), { timeout: 10_000 }).toBe(0);
      await app.locator('.poll-card', { hasText: 'Best late-night bite downtown' }).filter({ hasText: '4 people voted' }).waitFor();
      expect(await cardTexts(app, '#root')).toEqual(preview);
      const frames = await app.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
      const firstCards = frames.findIndex((f) => !f.startsWith('0:'));
      expect(firstCards).toBeGreaterThanOrEqual(0);
      // Once all cards are on screen: always exactly the six of them (two award ballots, four polls), never a
      // spinner again.
      const allCards = frames.indexOf('6:0');
      expect(allCards).toBeGreaterThanOrEqual(0);
      expect(frames.slice(allCards).filter((f) => f !== '6:0'), frames.join(' ')).toEqual([]);
      expect(listGets).toBe(1);
      expect(ballotGets).toBe(1);
      // List and counts are plain REST: the screen people open at the venue downloads no Firebase SDK.
      expect(firebaseChunks).toEqual([]);
      expect(await app.evaluate(() => (window as unknown as { __cls?: number }).__cls ?? 0)).toBeLessThan(0.01);
      expect(errors).toEqual([]);
      await live.close();
    } finally {
      await reseed();
    }
  });
});
