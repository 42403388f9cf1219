// Prerendered pages (scripts/prerender.mjs, src/app/prerender.ts, sw/sw.ts pageFor): the screen is in the HTML
// before any script runs — on a first visit and offline from the service worker — and React takes over
// without a blank frame, a duplicate copy or a wrong screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
      };
    });
  });
}

const parsed = (page: Page) => page.evaluate(() => (window as unknown as { __parsed: { headings: string[]; rootChildren: number } }).__parsed);

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
    for (const path of ['/sync', '/create-poll', '/no-such-page']) {
      await page.goto(`${BASE_URL}${path}`);
      expect(await page.locator('#prerender main').count(), path).toBe(0);
    }
    await context.close();
  });

  it('hands over to React in one step: never blank, never two copies, focusable and live afterwards', async () => {
    const context = await phoneContext(browser, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Every animation frame from the first one, note whether a visible main heading was on screen.
    await page.addInitScript(() => {
      const frames: boolean[] = [];
      (window as unknown as { __frames: boolean[] }).__frames = frames;
      const tick = (): void => {
        const h = [...document.querySelectorAll('main h1')].filter((el) => (el as HTMLElement).offsetParent !== null);
        frames.push(h.length === 1);
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
    const frames = await page.evaluate(() => (window as unknown as { __frames: boolean[] }).__frames);
    expect(frames.length).toBeGreaterThan(5);
    expect(frames.every(Boolean), `frames without exactly one visible heading: ${frames.map((f) => (f ? '1' : '0')).join('')}`).toBe(true);
    // It is React's tree now: the carousel's controls respond.
    const current = () => page.locator('.carousel-picker [aria-current="true"]').getAttribute('aria-label');
    expect(await current()).toMatch(/^Slide 1:/);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).toMatch(/^Slide 2:/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline, the service worker serves a profile with the person already in the HTML, and a search without stale content', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/local`);
    await waitForController(page);
    await page.locator('.civic-tile').first().waitFor();
    await context.setOffline(true);
    await recordParsedHtml(page);

    await page.goto(`${BASE_URL}/onegovernor?q=Gretchen%20Whitmer`);
    expect((await parsed(page)).headings).toContain('Gretchen Whitmer');
    await expect.poll(() => page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('h2.civic-person-name').innerText()).toBe('Gretchen Whitmer');

    await page.goto(`${BASE_URL}/minister?q=${encodeURIComponent('Jocelyn Benson')}`);
    expect((await parsed(page)).headings).toContain('Jocelyn Benson');

    // A search the page was not rendered for: nothing prerendered (not the unfiltered list), then React's results.
    await page.goto(`${BASE_URL}/local?q=Whitmer`);
    expect((await parsed(page)).headings).toEqual([]);
    await expect.poll(() => page.locator('main').innerText()).toContain('Whitmer');

    // A name no page was made for: the frame, then the app's own "not found".
    await page.goto(`${BASE_URL}/onegovernor?q=Nobody%20Here`);
    expect((await parsed(page)).headings).toEqual([]);
    await expect.poll(() => page.locator('main').innerText()).toContain('Not found');
    await context.close();
  });
});
