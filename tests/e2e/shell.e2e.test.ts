import { axe, cdp, figure, formatViolations, launchPersistent } from './harness';
import { describe, expect, test, test as it } from './fixtures';

describe('app shell', () => {
  it('opens on a phone with the five-item bottom navigation and highlights home', async ({ app, page, errors }) => {
    await app.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link').count()).toBe(5);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Honorees', 'Chat', 'Location', 'Profile']);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await app.goto('/feedback');
    await expect.poll(() => nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await app.screenshot('shell-feedback-profile-tab-390x844'); // /feedback, the Profile tab highlighted
    expect(errors).toEqual([]);
  });

  it('registers every route: /extra renders the same screen as /more; unknown paths say so', async ({ app, page }) => {
    await app.goto('/more');
    const more = await page.locator('main h1').first().innerText();
    await app.goto('/extra');
    expect(await page.locator('main h1').first().innerText()).toBe(more);
    await app.goto('/help');
    expect(await page.locator('main h1').first().innerText()).toBe('Help center');
    await app.goto('/no-such-page');
    expect(await page.locator('main h1').first().innerText()).toBe('Page not found');
  });

  it('saves ?uid= from the address under local storage key uid', async ({ app, page }) => {
    await app.goto('/?uid=visitor-42');
    expect(await page.evaluate(() => localStorage.getItem('uid'))).toBe('visitor-42');
    await app.goto('/vote');
    expect(await page.evaluate(() => localStorage.getItem('uid'))).toBe('visitor-42');
  });

  it('works offline after the first visit: /, /vote and /local render from the service worker', async ({ app, page }) => {
    const t0 = Date.now();
    await app.goto('/');
    await app.installed();
    figure('service worker controls the page after', `${Date.now() - t0} ms`);
    await app.offline();
    for (const route of ['/', '/vote', '/local']) {
      await app.goto(route);
      await page.locator('main h1').first().waitFor({ timeout: 10_000 });
      expect(await page.locator('main h1').first().innerText(), route).not.toBe('');
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    }
    await app.screenshot('shell-offline-local-390x844');
  });

  it('is installable, and the manifest icons load', async ({ app, track }) => {
    // A profile on disk, as an installed app has (not the fixtures' in-memory phone), handed to the fixtures to close.
    const { context } = await launchPersistent();
    track(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await app.goto('/', page);
    await app.installed(page);
    const session = await cdp(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get(app.url('/manifest.webmanifest'))).json()) as { name: string; icons: { src: string; sizes: string; purpose: string }[]; display: string; theme_color: string };
    expect(manifest).toMatchObject({ name: 'Town Square', display: 'standalone' });
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await page.request.get(app.url(icon.src));
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type'], icon.src).toMatch(/image\//);
    }
  });

  it('has no axe-core violations on the shell', async ({ app, page }) => {
    await app.goto('/help');
    await page.locator('main h1').first().waitFor();
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  describe('with no service worker', () => {
    // No service worker here, so the request really goes to the network and can be cut.
    const it = test.override({ phone: { serviceWorkers: 'block' } });

    it('a screen whose code fails to load shows Reload instead of a blank page', async ({ app, page }) => {
      await app.goto('/');
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
    });
  });

  it('runs under the Content-Security-Policy with no violations across the main screens', async ({ app, context, page, errors }) => {
    await context.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const html = await (await page.request.get(app.url('/'))).text();
    // Scripts from the app only, and inline scripts by their hashes: on every page the variant picker and the award
    // ballot's island (scripts/prerender/variants.mjs, scripts/csp-pins.mjs); on the landing also the language
    // pick and its address (scripts/prerender/languages.mjs, issue #56). /poll below runs the island inline, unblocked.
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}='){4};/);
    const ballot = await (await page.request.get(app.url('/poll?id=dfca-2025-fashion'))).text();
    expect(ballot).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}='){2};/);
    const violations: string[] = [];
    // The landing's and a person's pages by a query they carry a variant for: their inline script runs, unblocked.
    // And the doors in Spanish and Arabic, and a person's own page (issue #56): their inline scripts, unblocked.
    for (const route of ['/', '/?category=fashion', '/one-icon?id=h1', '/vote', '/local', '/poll?id=dfca-2025-fashion', '/feedback', '/location', '/voter-resources', '/onegovernor?q=Gretchen%20Whitmer', '/es', '/ar/one-icon?id=h1', '/people/governor-michigan']) {
      await app.goto(route);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForTimeout(300);
      violations.push(...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).map((v) => `${route}: ${v}`));
    }
    expect(violations).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
});
