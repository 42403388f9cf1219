import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, axe, cdp, cleanupDirs, figure, formatViolations, launch, launchPersistent, phoneContext, screenshot, waitForController, watchErrors } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  cleanupDirs();
});

describe('app shell', () => {
  it('opens on a phone with the five-item bottom navigation and highlights home', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE_URL}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link').count()).toBe(5);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Honorees', 'Chat', 'Location', 'Profile']);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${BASE_URL}/feedback`);
    await expect.poll(() => nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await screenshot(page, 'shell-home-390x844');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers every route: /extra renders the same screen as /more; unknown paths say so', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/more`);
    const more = await page.locator('main h1').first().innerText();
    await page.goto(`${BASE_URL}/extra`);
    expect(await page.locator('main h1').first().innerText()).toBe(more);
    await page.goto(`${BASE_URL}/help`);
    expect(await page.locator('main h1').first().innerText()).toBe('Help center');
    await page.goto(`${BASE_URL}/no-such-page`);
    expect(await page.locator('main h1').first().innerText()).toBe('Page not found');
    await context.close();
  });

  it('saves ?uid= from the address under local storage key uid', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/?uid=visitor-42`);
    expect(await page.evaluate(() => localStorage.getItem('uid'))).toBe('visitor-42');
    await page.goto(`${BASE_URL}/vote`);
    expect(await page.evaluate(() => localStorage.getItem('uid'))).toBe('visitor-42');
    await context.close();
  });

  it('works offline after the first visit: /, /vote and /local render from the service worker', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`${BASE_URL}/`);
    await waitForController(page);
    figure('service worker controls the page after', `${Date.now() - t0} ms`);
    await context.setOffline(true);
    for (const route of ['/', '/vote', '/local']) {
      await page.goto(`${BASE_URL}${route}`);
      await page.locator('main h1').first().waitFor({ timeout: 10_000 });
      expect(await page.locator('main h1').first().innerText(), route).not.toBe('');
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    }
    await screenshot(page, 'shell-offline-local-390x844');
    await context.close();
  });

  it('is installable, and the manifest icons load', async () => {
    const { context } = await launchPersistent();
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${BASE_URL}/`);
    await waitForController(page);
    const session = await cdp(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get(`${BASE_URL}/manifest.webmanifest`)).json()) as { name: string; icons: { src: string; sizes: string; purpose: string }[]; display: string; theme_color: string };
    expect(manifest).toMatchObject({ name: 'Town Square', display: 'standalone' });
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await page.request.get(`${BASE_URL}${icon.src}`);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type'], icon.src).toMatch(/image\//);
    }
    await context.close();
  });

  it('has no axe-core violations on the shell', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/help`);
    await page.locator('main h1').first().waitFor();
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await context.close();
  });

  it('a screen whose code fails to load shows Reload instead of a blank page', async () => {
    // No service worker here, so the request really goes to the network and can be cut.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.locator('main h1').first().waitFor();
    // Simulate a deploy that removed the chunk, or a network that died mid-load.
    await page.route(/\/assets\/SettingsScreen-.*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Reload' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('alert').innerText()).toMatch(/couldn’t load/);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    // Reload with the network back: the screen comes up.
    await page.unroute(/\/assets\/SettingsScreen-.*\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.locator('main h1').first().waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    await context.close();
  });

  it('runs under the Content-Security-Policy with no violations across the main screens', async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const html = await (await page.request.get(`${BASE_URL}/`)).text();
    // Scripts from the app only, and the one inline script by its hash (scripts/prerender/variants.mjs).
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    const violations: string[] = [];
    // The landing's and a person's pages by a query they carry a variant for: their inline script runs, unblocked.
    for (const route of ['/', '/?category=fashion', '/one-icon?id=h1', '/vote', '/local', '/poll?id=dfca-2025-fashion', '/feedback', '/location', '/voter-resources', '/onegovernor?q=Gretchen%20Whitmer']) {
      await page.goto(`${BASE_URL}${route}`);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForTimeout(300);
      violations.push(...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).map((v) => `${route}: ${v}`));
    }
    expect(violations).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });
});
