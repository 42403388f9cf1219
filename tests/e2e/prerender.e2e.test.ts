// Prerendered pages (scripts/prerender-node.mjs, src/app/prerender.ts, sw/sw.ts pageFor): the screen is in the HTML
// before any script runs — on a first visit and offline from the service worker — and React takes over
// without a blank frame, a duplicate copy or a wrong screen.
import type { Page } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { adminClear, adminWriteMany } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { PHONE } from './harness';
import { LandingPage } from './pages/LandingPage';
import { VoteCopy } from './pages/VoteCopy';

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
        // Anywhere in the page, the slot included (React hoists an image preload out of a screen).
        preloads: document.querySelectorAll('link[rel="preload"]').length,
        // The other screens a page carries for its query parameter (the landing's categories).
        variants: document.querySelectorAll('#prerender > template[data-variant]').length,
      };
    });
  });
}

/** Which static-routing source answered the navigation ('cache': the browser, from the worker's pages cache). */
const servedBy = (page: Page) => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType ?? 'unsupported');

const parsed = (page: Page) => page.evaluate(() => (window as unknown as { __parsed: { headings: string[]; rootChildren: number; modulepreloads: number; headRequests: number; bootAfterScreen: boolean; preloads: number; variants: number } }).__parsed);

describe('prerendered pages', () => {
  it('show each content screen with JavaScript off; personal screens and unknown paths get the bare shell', async ({ app, browser, track }) => {
    // Not one of the fixtures' phones: JavaScript off, so what shows is the HTML alone.
    const context = track(await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, serviceWorkers: 'block' }));
    const page = await context.newPage();
    const cases: [string, string][] = [
      ['/', 'Detroit Fashion Choice Awards'],
      ['/local', 'Civic information'],
      ['/vote', 'Polls'],
      ['/governors', 'Gretchen Whitmer'],
      ['/voter-resources', 'Voter'],
    ];
    for (const [path, text] of cases) {
      await app.goto(path, page);
      await expect.poll(() => page.locator('#prerender main').innerText(), { timeout: 2000 }).toContain(text);
      // The bottom navigation is part of the page, with the right tab marked.
      expect(await page.locator('#prerender nav a').count()).toBe(5);
    }
    for (const path of ['/outbox', '/create-poll', '/no-such-page']) {
      await app.goto(path, page);
      expect(await page.locator('#prerender main').count(), path).toBe(0);
    }
  });

  it('hands over to React in one step: never blank, never two copies, focusable and live afterwards', async ({ app }) => {
    // Motion allowed: the takeover is watched as it happens for a visitor who has not asked for less.
    const { page } = await app.phone({ reducedMotion: 'no-preference' });
    const errors = app.watchErrors(page);
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
    await app.goto('/', page);
    expect((await parsed(page)).headings).toContain('Detroit Fashion Choice Awards');
    expect((await parsed(page)).rootChildren).toBe(0);
    // From the network: its categories travel with it (a static host answers /?category= with this file), and
    // its banner is asked for once, from the head.
    expect((await parsed(page)).variants).toBe(4);
    expect((await parsed(page)).preloads).toBe(1);
    await expect.poll(() => page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('#root').isVisible()).toBe(true);
    expect(await page.locator('main').count()).toBe(1);
    const frames = (await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).join('');
    expect(frames.length).toBeGreaterThan(5);
    // Once parsed, the heading never disappears or doubles — through React's mount and the swap.
    expect(frames, 'frames: n = not parsed yet, 1 = one visible heading, 0 = none or two').toMatch(/^n{0,3}1+$/);
    // It is React's tree now: the carousel's controls respond.
    const landing = new LandingPage(page);
    expect(await landing.current()).toMatch(/^Slide 1:/);
    await landing.control('next').click();
    await expect.poll(() => landing.current()).toMatch(/^Slide 2:/);
    expect(errors).toEqual([]);
  });

  it('keeps the prerendered screen, never a blank page, while the screen’s own chunk is late (4.5 s)', async ({ app }) => {
    const { page } = await app.phone();
    const errors = app.watchErrors(page);
    await page.addInitScript(() => {
      const frames: string[] = [];
      (window as unknown as { __frames: string[] }).__frames = frames;
      const tick = (): void => {
        const h = [...document.querySelectorAll('main h1')].filter((el) => (el as HTMLElement).offsetParent !== null);
        frames.push(document.querySelector('main h1') === null ? 'n' : h.length === 1 ? '1' : '0');
        if (frames.length < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    // Longer than the takeover's limit (3 s) and the router's wait for the chunk (1 s) together.
    await page.route(/\/assets\/LandingScreen-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto(app.url('/'), { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#prerender').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('#root main h1').isVisible()).toBe(true);
    const frames = (await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).join('');
    expect(frames, 'frames: n = no heading, 1 = one visible heading, 0 = none visible or two').toMatch(/^n{0,3}1+$/);
    expect(errors).toEqual([]);
  });

  it('offline, the service worker serves pages without module preloads, a profile with the person already in the HTML, and a search without stale content', async ({ app, context, page }) => {
    await recordParsedHtml(page);
    await app.goto('/local');
    // From the network the page preloads the app's modules and its stylesheet, so they download while it paints.
    expect((await parsed(page)).modulepreloads).toBeGreaterThan(0);
    expect((await parsed(page)).headRequests).toBeGreaterThan(0);
    expect((await parsed(page)).bootAfterScreen).toBe(false);
    await app.installed();
    await page.locator('.civic-tile').first().waitFor();
    await app.offline();

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
      await app.goto(path);
      const html = await parsed(page);
      expect(html.headings).toContain(heading);
      expect(html.modulepreloads).toBe(0);
      expect(html.headRequests, path).toBe(0);
      expect(html.preloads, path).toBe(0);
      // No query: the landing comes without its categories' templates (parsing them held its first paint back).
      expect(html.variants, path).toBe(0);
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

    // Every profile is kept one by one beside the pages, so a worker that has just started reads one, not all.
    const profiles = await page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('town-square-pages-'));
      const keys = name ? await (await caches.open(name)).keys() : [];
      const all = Object.keys((await (await fetch('/prerender/people.json')).json()) as object);
      return { stored: keys.filter((r) => new URL(r.url).pathname === '/__town-square/person').map((r) => new URL(r.url).searchParams.get('key')).sort(), all: all.sort() };
    });
    expect(profiles.all.length).toBeGreaterThan(50);
    expect(profiles.stored).toEqual(profiles.all);

    await page.goto('about:blank');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await app.goto('/onegovernor?q=Gretchen%20Whitmer');
    expect((await parsed(page)).headings).toContain('Gretchen Whitmer');
    // A query needs the worker (it stitches the person into the page), and so does ?uid=.
    expect(await servedBy(page)).not.toBe('cache');
    await expect.poll(() => page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('h2.civic-person-name').innerText()).toBe('Gretchen Whitmer');

    await app.goto(`/minister?q=${encodeURIComponent('Jocelyn Benson')}`);
    expect((await parsed(page)).headings).toContain('Jocelyn Benson');

    // A search the page was not rendered for: nothing prerendered (not the unfiltered list), then React's results.
    await app.goto('/local?q=Whitmer');
    expect((await parsed(page)).headings).toEqual([]);
    expect(await servedBy(page)).not.toBe('cache');
    await app.goto('/?uid=visitor-1');
    expect((await parsed(page)).headings).toContain('Detroit Fashion Choice Awards');
    expect((await parsed(page)).variants).toBe(0);
    expect(await servedBy(page)).not.toBe('cache');
    // Its own parameter: the page with its categories, which picks Event Details itself.
    await app.goto('/?category=fashion');
    expect((await parsed(page)).headings).toContain('Detroit Fashion Choice Awards');
    expect((await parsed(page)).variants).toBe(4);
    expect(await servedBy(page)).not.toBe('cache');
    await app.goto('/local?q=Whitmer');
    await expect.poll(() => page.locator('main').innerText()).toContain('Whitmer');

    // A name no page was made for: the frame, then the app's own "not found" — also from a worker just started.
    await page.goto('about:blank');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await app.goto('/onegovernor?q=Nobody%20Here');
    expect((await parsed(page)).headings).toEqual([]);
    await expect.poll(() => page.locator('main').innerText()).toContain('Not found');
  });
});

async function reseed(): Promise<void> {
  await adminClear();
  await seed({ firestoreHost: process.env.FIRESTORE_EMULATOR_HOST, projectId: process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square' });
}

/** The demo polls' cards of one copy of /vote as a visitor reads them: title, author line, link. */
const cardTexts = (copy: VoteCopy) => copy.cards().evaluateAll((cards) => cards.map((c) => ({
  title: c.querySelector('h2')?.textContent,
  by: c.querySelector('h2 + p')?.textContent,
  view: c.querySelector('a')?.getAttribute('aria-label'),
})));

/** The award ballots' rows of one copy of /vote: title, state line, the link's label and address. */
const awardTexts = (copy: VoteCopy) => copy.awardCards().evaluateAll((rows) => rows.map((r) => ({
  title: r.querySelector('h3')?.textContent,
  state: r.querySelector('p')?.textContent,
  link: `${r.querySelector('a')?.textContent} ${r.querySelector('a')?.getAttribute('aria-label')} ${r.querySelector('a')?.getAttribute('href')}`,
})));

describe('the /vote polls preview (src/features/polls/preview.ts)', () => {
  it('lists the polls from the server before the app’s JavaScript has run, with hostile titles as plain text', async ({ app, browser, track }) => {
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
      // Not the fixtures' phones (whose page loads wait for the takeover): the raw page, as before the app.
      const context = track(await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' }));
      const page = await context.newPage();
      // The app's entry never arrives (a very slow network): only the page and its preview script run.
      await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
      await app.goto('/vote', page);
      const copy = VoteCopy.beforeApp(page);
      await expect.poll(() => copy.cards().count(), { timeout: 10_000 }).toBe(4);
      // The award ballots too, above them, from the polls collection (the page preloads both lists).
      await expect.poll(() => copy.awardCards().allInnerTexts(), { timeout: 10_000 }).toEqual([
        expect.stringContaining('Detroit Choice Awards 2025: Fashion (demo)'),
        expect.stringContaining('Detroit Choice Awards 2025: Community (demo)'),
      ]);
      expect(await copy.root.getByRole('progressbar', { includeHidden: true }).count()).toBe(0);
      // The app's own rows (the preview clones the build's render of them): the state in the catalog's plural.
      const awardsBefore = await awardTexts(copy);
      expect(awardsBefore[0]).toEqual({ title: 'Detroit Choice Awards 2025: Fashion (demo)', state: '6 categories', link: 'Vote Vote in Detroit Choice Awards 2025: Fashion (demo) /poll?id=dfca-2025-fashion' });
      const preview = await cardTexts(copy);
      expect(preview[0]).toEqual({ title: '<img src=x onerror="window.__pwned=1">Block party', by: 'Posted by: <b>Eve</b>', view: 'View <img src=x onerror="window.__pwned=1">Block party' });
      expect(preview.map((c) => c.title)).not.toContain('Broken poll');
      expect(await copy.cards().locator('img, b').count()).toBe(0);
      await app.screenshot('vote-before-app', page);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      // The app itself could not start (src/boot.ts): the page says so instead of looking alive and doing nothing.
      await page.getByRole('alert').filter({ hasText: 'Town Square could not start. Check your connection and reload the page.' }).waitFor();
      expect(await copy.cards().first().getByText('Counting votes…').count()).toBe(1);
      // Styled by the page's inline CSS alone (the app stylesheet is switched on by the app): cards, not a
      // bulleted list, and a View target a thumb can hit.
      const lists = await copy.panel().getByRole('list').all();
      expect(lists.length).toBeGreaterThan(0);
      for (const ul of lists) expect(await ul.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
      const viewBox = await copy.cards().first().getByRole('link').first().boundingBox();
      expect(viewBox?.height ?? 0).toBeGreaterThanOrEqual(24);
      // Its links work without the app: a plain navigation to the poll's address.
      await copy.cards('Best late-night bite downtown').getByRole('link', { name: /^View / }).click();
      await page.waitForURL(app.url('/poll?id=demo-poll-coney-island'));
      await context.close();

      // With the app: the same cards in the same order, taken over without a spinner or a second copy in
      // between, the list fetched once for both, the counts from the server.
      const live = track(await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' }));
      const tab = await live.newPage();
      const errors = app.watchErrors(tab);
      let listGets = 0;
      let ballotGets = 0;
      const firebaseChunks: string[] = [];
      tab.on('request', (r) => {
        if (r.method() === 'GET' && /\/documents\/user-polls\?/.test(r.url())) listGets += 1;
        if (r.method() === 'GET' && /\/documents\/polls\?/.test(r.url())) ballotGets += 1;
        if (/\/assets\/firebase-/.test(r.url())) firebaseChunks.push(r.url());
      });
      await tab.addInitScript(() => {
        const frames: string[] = [];
        (window as unknown as { __frames: string[] }).__frames = frames;
        // Counted in the page at every frame, where no locator reaches: by the cards' classes.
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
      await app.goto('/vote', tab);
      await expect.poll(() => tab.locator('#prerender').count(), { timeout: 10_000 }).toBe(0);
      const inApp = VoteCopy.inApp(tab);
      await inApp.cards('Best late-night bite downtown').filter({ hasText: '4 people voted' }).waitFor();
      expect(await cardTexts(inApp)).toEqual(preview);
      expect(await awardTexts(inApp)).toEqual(awardsBefore);
      const frames = await tab.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
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
      expect(await tab.evaluate(() => (window as unknown as { __cls?: number }).__cls ?? 0)).toBeLessThan(0.01);
      expect(errors).toEqual([]);
      await live.close();
    } finally {
      await reseed();
    }
  });
});
