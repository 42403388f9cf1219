// Help center, Our Partners, Terms and conditions, Privacy Policy (issue #20): real content at 390×844, in-app
// links that land where they say, axe clean, 24 px link targets, and the same content offline after one visit.
import type { Page } from 'playwright-core';
import { PHONE, axe, formatViolations } from './harness';
import { describe, expect, test as it } from './fixtures';

interface InfoPage {
  path: string;
  title: string;
  /** Sentences (or parts) a visitor needs from the page; each must be on it. */
  musts: (string | RegExp)[];
  /** The page's "Last updated" date, where it is not the other pages'. */
  updated?: string;
  /** In-app links the page must offer: link name → href. */
  links: Record<string, string>;
  shot: string;
}

const PAGES: InfoPage[] = [
  {
    path: '/help',
    title: 'Help center',
    musts: [
      /Open the app once while you have a connection\. From then on it opens and works even with no signal/,
      /items are sent automatically as soon as you are back online/,
      /up to 10 polls and send up to 30 poll answers an\s+hour, and one feedback message every 30 seconds/,
      /each e-mail address can vote once on each ballot/,
      /Install app/,
      /Add to Home Screen/,
    ],
    links: { 'Open Waiting to send': '/outbox', 'Go to Polls': '/vote', 'Create a poll': '/create-poll', 'Open Voter resources': '/voter-resources', 'Leave Feedback': '/feedback' },
    shot: 'info-help-390x844',
  },
  {
    path: '/partners',
    title: 'Our Partners',
    musts: [/This app was made for the Detroit Fashion Choice Awards/, /Fox Theatre/, /These organizations are sources, not sponsors/],
    links: { 'Meet the honorees': '/stories-page', 'Open the civic hub': '/local', 'Leave Feedback': '/feedback' },
    shot: 'info-partners-390x844',
  },
  {
    path: '/terms-conditions',
    title: 'Terms and conditions',
    musts: [/Be civil\./, /don’t pretend to be someone else/, /The organizers may remove polls or answers that break these rules/, /Community polls are not elections\./, /The official websites linked on each page are the authority/],
    links: { 'Official voter resources': '/voter-resources', 'Privacy Policy': '/privacy-policy' },
    shot: 'info-terms-390x844',
  },
  {
    path: '/privacy-policy',
    updated: '4 December 2026',
    title: 'Privacy Policy',
    musts: [
      /signs you in anonymously/,
      /Your e-mail address is stored with your choices in the organizers’ database/,
      /No other visitor can read it\./,
      /Only the person who created the poll can read the answers/,
      /Only the organizers can read it, on their signed-in screen \(which shows the words, not who sent them\)/,
      /data on Firebase is kept until the organizers delete it/,
      /To have something deleted, or to ask what is kept, write to the event\s+organizers through the Feedback page/,
      /clear this website’s data in your browser’s settings/,
    ],
    links: { 'Feedback page': '/feedback', 'Waiting to send': '/outbox', 'Terms and conditions': '/terms-conditions' },
    shot: 'info-privacy-390x844',
  },
];

/** What the app threw (each test's phone is fresh: checked at the end of each, as once for the whole file before). */
const pageErrors = (errors: string[]): string[] => errors.filter((e) => e.startsWith('pageerror'));

const heading = (p: Page) => p.locator('main h1').first();
const mainText = (p: Page) => p.locator('main').innerText();

/** Every link in the page's content whose box is smaller than 24×24 px (WCAG 2.5.8), by its text. */
async function smallTargets(p: Page): Promise<string[]> {
  return p.locator('main .screen-body a').evaluateAll((links) =>
    links
      .map((a) => ({ text: (a.textContent ?? '').trim(), box: a.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ text, box }) => `${text} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

describe('info pages', () => {
  for (const info of PAGES) {
    it(`${info.path}: "${info.title}", its content, its links, axe clean at 390×844`, async ({ app, page, errors }) => {
      await app.goto(info.path);
      await expect.poll(() => heading(page).innerText()).toBe(info.title);
      const text = await mainText(page);
      expect(text).toContain(`Last updated ${info.updated ?? '26 November 2026'}`);
      for (const must of info.musts) expect(text, String(must)).toMatch(must);
      // Sections with headings, not a wall of text.
      expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(3);
      const content = page.locator('main .screen-body');
      for (const [name, href] of Object.entries(info.links)) {
        expect(await content.getByRole('link', { name, exact: true }).first().getAttribute('href'), name).toBe(href);
      }
      // External links open a new tab and say so.
      for (const a of await content.locator('a[target="_blank"]').all()) {
        expect(await a.getAttribute('rel')).toContain('noopener');
        expect(await a.innerText()).toBeTruthy();
        expect(await a.locator('.visually-hidden').innerText()).toContain('opens in a new tab');
      }
      expect(await smallTargets(page)).toEqual([]);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const violations = await axe(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      await app.screenshot(info.shot);
      // The rest of the page, one screen at a time (what a visitor sees while scrolling: the bar and the bottom
      // navigation stay, so a full-page capture would not show it as it is).
      const { scrollHeight } = await page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight }));
      const step = PHONE.height - 160;
      for (let n = 2, y = step; y < scrollHeight - PHONE.height + step && n <= 8; n += 1, y += step) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await app.screenshot(`${info.shot}-${n}`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(pageErrors(errors)).toEqual([]);
    });
  }

  it('Help’s link to the queue opens /outbox', async ({ app, page, errors }) => {
    await app.goto('/help');
    await expect.poll(() => heading(page).innerText()).toBe('Help center');
    await page.getByRole('link', { name: 'Open Waiting to send' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/outbox');
    await expect.poll(() => heading(page).innerText()).toBe('Waiting to send');
    expect(pageErrors(errors)).toEqual([]);
  });

  it('the queue’s old address (/sync) still opens it, and Back does not return to the old address', async ({ app, page, errors }) => {
    await app.goto('/help');
    await app.goto('/sync');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/outbox');
    await expect.poll(() => heading(page).innerText()).toBe('Waiting to send');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help');
    expect(pageErrors(errors)).toEqual([]);
  });

  it('Privacy Policy’s link to the Feedback page opens it', async ({ app, page, errors }) => {
    await app.goto('/privacy-policy');
    await expect.poll(() => heading(page).innerText()).toBe('Privacy Policy');
    await page.locator('main .screen-body').getByRole('link', { name: 'Feedback page', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/feedback');
    await page.getByLabel('Your feedback').waitFor();
    expect(pageErrors(errors)).toEqual([]);
  });

  it('every page still shows its content offline after one online visit', async ({ app, page, errors }) => {
    await app.goto('/help');
    await app.installed();
    await app.offline();
    try {
      for (const info of PAGES) {
        await app.goto(info.path);
        await expect.poll(() => heading(page).innerText(), { timeout: 10_000 }).toBe(info.title);
        const text = await mainText(page);
        expect(text, info.path).toContain(`Last updated ${info.updated ?? '26 November 2026'}`);
        for (const must of info.musts) expect(text, `${info.path} offline: ${String(must)}`).toMatch(must);
      }
      await app.screenshot('info-privacy-offline-390x844');
    } finally {
      await app.online();
    }
    expect(pageErrors(errors)).toEqual([]);
  });
});
