// The doors a first visit comes in by and that one page serves for several addresses (issue #33): Event Details
// and the other categories at /?category=…, a founder, host or honoree at /one-icon?id=…. With the app's
// JavaScript held back (requested, never answered: a venue's Wi-Fi at its worst), the page already shows the
// screen its address names — not the category menu or an empty frame — and every control on it works; then the
// app takes over that same screen. Production build, first visit (no service worker), real Chromium.
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from './fixtures';
import { makeAccount } from './pages/organiserAccounts';
import { msg, type Locale } from './pages/messages';

// A first visit: no service worker (the page, not a cached copy, is what is tested).
const it = test.override({ phone: { serviceWorkers: 'block' } });

/** What a visitor can tap. */
const CONTROLS = 'a, button, [role="button"], summary, input, select, textarea';

/**
 * Holds back every script the page asks for but its own loader (boot): the app's entry, its imports and the
 * screens' chunks stay unanswered until `release`.
 */
async function holdBackApp(page: Page): Promise<() => Promise<void>> {
  const pending: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^?#]+\.js(?:[?#].*)?$/, (route) => {
    if (released || /\/assets\/boot-[^/]+\.js/.test(route.request().url())) return route.continue();
    pending.push(route);
    return undefined;
  });
  return async () => {
    released = true;
    for (const route of pending.splice(0)) await route.continue().catch(() => undefined);
  };
}

/** The prerendered copy as the visitor sees it: its level-1 heading and the visible controls (tag, name, href). */
async function prerendered(page: Page): Promise<{ h1: string; controls: { tag: string; name: string; href: string | null }[]; leftovers: number }> {
  // The page is parsed and its DOMContentLoaded has fired (the templates and the script go then). Not readyState:
  // it turns 'interactive' before the event, while deferred scripts run, and two loaded runs counted the templates
  // in that gap.
  await page.waitForLoadState('domcontentloaded');
  return page.evaluate((selector) => {
    const shell = document.getElementById('prerender')!;
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    return {
      h1: [...shell.querySelectorAll('h1')].filter(visible).map((h) => h.textContent?.trim() ?? '').join(' | '),
      controls: [...shell.querySelectorAll(selector)].filter(visible).map((el) => ({ tag: el.tagName.toLowerCase(), name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), href: el.getAttribute('href') })),
      // The templates, the picking script and the default screen are gone once the page is parsed.
      leftovers: shell.querySelectorAll('template, script').length,
    };
  }, CONTROLS);
}

/**
 * Loads `url` as a visitor would (a typed address), returning once the new page has started arriving. Not
 * page.goto: the fixtures' goto waits up to 4 s for the app to take over, which a page held back never does.
 */
async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    location.href = u;
  }, url);
  await page.waitForURL(url, { waitUntil: 'commit' });
}

/** The app has taken over: its screen is in #root and the prerendered copy is gone. */
async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('prerender') && (document.querySelector('#root main')?.childElementCount ?? 0) > 0, null, { timeout: 20_000 });
}

describe('a door that one page serves for several addresses, before the app has arrived', () => {
  it('a category opened by its link shows at once, every control is a working link, and Back is the menu again', async ({ app, page }) => {
    await holdBackApp(page);
    await visit(page, app.url('/'));
    await page.locator('#prerender').getByRole('heading', { name: 'Choose a category' }).waitFor();
    await page.locator('#prerender').getByRole('link', { name: 'Fashion', exact: true }).tap();
    await page.waitForURL(app.url('/?category=fashion'));
    await page.locator('#prerender h1.event-title').waitFor();
    const event = await prerendered(page);
    expect(event.h1).toBe('Detroit Fashion Choice Awards');
    expect(event.leftovers).toBe(0);
    expect(await page.locator('#prerender').getByText('6th April, 7.00 PM').isVisible()).toBe(true);
    // Nothing that needs the app is on screen: every control is a link, and the people it names are there.
    expect(event.controls.filter((c) => c.tag !== 'a')).toEqual([]);
    const hrefs = event.controls.map((c) => c.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/', '/one-icon?id=h1', '/one-icon?id=h2', '/stories-page', '/vote']));
    await app.screenshot('door-event-details-before-app');

    // Back: the menu (a link before the app).
    await page.locator('#prerender').getByRole('link', { name: 'Back to categories' }).tap();
    await page.waitForURL(app.url('/'));
    await page.locator('#prerender').getByRole('heading', { name: 'Choose a category' }).waitFor();

    // A category with no event yet: its "Coming soon", and both of its ways back work.
    await page.locator('#prerender').getByRole('link', { name: /^Beauty/ }).tap();
    await page.waitForURL(app.url('/?category=beauty'));
    await page.locator('#prerender').getByRole('heading', { name: 'Coming soon' }).waitFor();
    const soon = await prerendered(page);
    expect(soon.h1).toBe('Beauty');
    expect(soon.controls.filter((c) => c.tag !== 'a')).toEqual([]);
    await app.screenshot('door-coming-soon-before-app');
    await page.locator('#prerender main').getByRole('link', { name: 'Back to categories' }).last().tap();
    await page.waitForURL(app.url('/'));
    await page.locator('#prerender').getByRole('heading', { name: 'Choose a category' }).waitFor();

    // The landing's other address carries the same categories.
    await visit(page, app.url('/home?category=fashion'));
    await page.locator('#prerender h1.event-title').waitFor();
    expect((await prerendered(page)).leftovers).toBe(0);
  });

  it('the menu at / and at /home remembers nothing for a first visitor: no category is marked "Last viewed"', async ({ app, page }) => {
    await holdBackApp(page);
    for (const path of ['/', '/home']) {
      await visit(page, app.url(path));
      const menu = page.locator('#prerender');
      await menu.getByRole('heading', { name: 'Choose a category' }).waitFor();
      // The four categories are there, and none carries another visitor's (the build's) history.
      expect(await menu.getByRole('link', { name: /^(Fashion|Beauty|Motherland|Polo)/ }).count()).toBe(4);
      expect(await menu.getByText('Last viewed').count()).toBe(0);
    }
  });

  it('a founder, a host and an honoree by their address; an address it does not know shows no one', async ({ app, page }) => {
    await holdBackApp(page);
    await visit(page, app.url('/?category=fashion'));
    await page.locator('#prerender h1.event-title').waitFor();
    await page.locator('#prerender').getByRole('link', { name: 'Jordan Okafor-Lane' }).tap();
    await page.waitForURL(app.url('/one-icon?id=h1'));
    await page.locator('#prerender .icon-role').waitFor();
    const host = await prerendered(page);
    expect(host.h1).toBe('Jordan Okafor-Lane');
    expect(await page.locator('#prerender .icon-role').innerText()).toBe('Host');
    expect(host.controls.filter((c) => c.tag !== 'a')).toEqual([]);
    await app.screenshot('door-host-before-app');

    await page.goBack();
    await page.locator('#prerender').getByRole('link', { name: 'Read more about Celeste Amari-Vaughn' }).tap();
    await page.locator('#prerender .icon-role').waitFor();
    expect((await prerendered(page)).h1).toBe('Celeste Amari-Vaughn');
    expect(await page.locator('#prerender .icon-role').innerText()).toBe('Founder');

    // An honoree, from the list of stories the app links to.
    await visit(page, app.url('/one-icon?id=org20-story-2'));
    await page.locator('#prerender .icon-role').waitFor();
    expect((await prerendered(page)).h1).toBe('Omar Whitcombe');
    expect(await page.locator('#prerender').getByText(/bus driver/).isVisible()).toBe(true);

    // Not someone the app knows (nor markup in the address): the page's own screen, nobody's details.
    for (const id of ['nobody', 'h1"><img src=x onerror=alert(1)>', '']) {
      await visit(page, app.url(`/one-icon?id=${encodeURIComponent(id)}`));
      await page.locator('#prerender main').waitFor();
      const none = await prerendered(page);
      expect(none.h1, id).toBe('Honoree');
      expect(await page.locator('#prerender .icon-detail').count(), id).toBe(0);
      expect(none.leftovers).toBe(0);
    }
  });
});

describe('the app takes over the screen the address named', () => {
  it('Event Details: the same screen in the app, and its Back is the app’s', async ({ app, page }) => {
    const release = await holdBackApp(page);
    await visit(page, app.url('/?category=fashion'));
    await page.locator('#prerender h1.event-title').waitFor();
    await release();
    await appTookOver(page);
    expect(await page.locator('main h1').first().innerText()).toBe('Detroit Fashion Choice Awards');
    expect(page.url()).toBe(app.url('/?category=fashion'));
    await page.getByRole('link', { name: 'Back to categories' }).tap();
    await page.getByRole('heading', { name: 'Choose a category' }).waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBeNull();
  });

  it('an honoree: the same person in the app', async ({ app, page }) => {
    const release = await holdBackApp(page);
    await visit(page, app.url('/one-icon?id=h2'));
    await page.locator('#prerender .icon-role').waitFor();
    const before = (await prerendered(page)).h1;
    await release();
    await appTookOver(page);
    expect(await page.locator('main h1').first().innerText()).toBe(before);
  });
});

describe('the organisers\' sign-in before the app (issue #53)', () => {
  it('the form is on the page and takes typing before the app; its button waits for the app, which signs in with what was typed', async ({ app, page }) => {
    const password = 'door-before-the-app';
    const organiser = await makeAccount('door-organiser', password, true);
    const release = await holdBackApp(page);
    await visit(page, app.url('/organiser'));
    const email = page.locator('#prerender #org-signin-email');
    await email.waitFor();
    const before = await prerendered(page);
    expect(before.h1).toBe('For organisers');
    // Typed on the prerendered copy, as a visitor on a stalled Wi-Fi would; the button cannot send it yet.
    await email.fill(organiser.email);
    await page.locator('#prerender #org-signin-pw').fill(password);
    const button = page.locator('#prerender form.org-signin button[type=submit]');
    expect(await button.isDisabled()).toBe(true);
    await page.keyboard.press('Enter'); // no implicit submission either: the password never goes into the address
    await page.waitForTimeout(300);
    expect(page.url()).toBe(app.url('/organiser'));
    await app.screenshot('door-organiser-before-app', page);

    // The app takes over with what was typed, and the focus where it was; its button signs in.
    await release();
    await appTookOver(page);
    expect(await page.locator('#org-signin-email').inputValue()).toBe(organiser.email);
    expect(await page.locator('#org-signin-pw').inputValue()).toBe(password);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('org-signin-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${organiser.email}`).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(app.url('/organiser'));
  });
});


describe('a shared link to an official, before the app has arrived (issue #56)', () => {
  // What people share: the spec's addresses. Each person also has a page of their own, which the route's page sends
  // the link to at once; that page puts the shared address back before the app reads it.
  const LINKS = [
    { link: '/onegovernor?q=Gretchen%20Whitmer', name: 'Gretchen Whitmer', office: 'Michigan', shot: 'door-governor-before-app' },
    { link: '/profile?q=President%20profile', name: 'Donald J. Trump', office: '47th President of the United States', shot: 'door-president-before-app' },
    { link: '/minister?q=Marco%20Rubio', name: 'Marco Rubio', office: 'Secretary of State', shot: 'door-minister-before-app' },
  ];

  for (const { link, name, office, shot } of LINKS) {
    it(`${link}: that person — name, office, picture or monogram, the first facts — with the app held back, at the shared address; then the app takes over the same person`, async ({ app, page }) => {
      const release = await holdBackApp(page);
      await visit(page, app.url(link));
      const shown = page.locator('#prerender').getByRole('heading', { name, exact: true });
      await shown.waitFor({ timeout: 15_000 });
      // The address is the one shared (a reload, a bookmark or a share keeps it), and the title names the person.
      expect(page.url()).toBe(app.url(link));
      expect(await page.title()).toBe(`${name} — Town Square`);
      expect(await page.locator('#prerender').getByText(office, { exact: false }).first().isVisible()).toBe(true);
      // A picture or its monogram, and the facts (the biography) — not an empty frame.
      expect(await page.locator('#prerender .avatar-frame, #prerender .avatar-monogram, #prerender .civic-hero').count()).toBeGreaterThan(0);
      expect((await page.locator('#prerender .civic-about, #prerender .civic-profile-bio').first().innerText()).length).toBeGreaterThan(80);
      await app.screenshot(shot, page);

      await release();
      await appTookOver(page);
      await page.locator('#root').getByRole('heading', { name, exact: true }).waitFor();
      expect(page.url()).toBe(app.url(link));
    });
  }

  it('a name no one has, or more than the name in the address: no redirect, the page as before', async ({ app, page }) => {
    await holdBackApp(page);
    for (const link of ['/onegovernor?q=Nobody%20Atall', '/onegovernor?q=Gretchen%20Whitmer&extra=1', `/onegovernor?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`]) {
      await visit(page, app.url(link));
      await page.locator('#prerender main').waitFor();
      await page.waitForLoadState('domcontentloaded');
      expect(page.url(), link).toBe(app.url(link));
      expect(await page.locator('#prerender').getByRole('heading', { name: 'Gretchen Whitmer' }).count(), link).toBe(0);
    }
  });
});

describe('the doors in Spanish and Arabic, before the app has arrived (issue #56)', () => {
  /** The page's language and direction, and the bottom bar's first tab (the frame's words). */
  const language = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, home: document.querySelector('#prerender .bottom-nav a')?.textContent?.trim() ?? '' }));
  const expected = (locale: Locale) => ({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr', home: msg(locale, 'app.nav.home') });

  describe('a phone in Spanish', () => {
    const es = it.override({ phone: { locale: 'es-MX', serviceWorkers: 'block' } });
    es('gets the Spanish landing first, and its language links work before the app; the app then keeps the language on screen', async ({ app, page }) => {
      const release = await holdBackApp(page);
      await visit(page, app.url('/'));
      await page.locator('#prerender').getByRole('heading', { name: msg('es', 'awards.landing.choose') }).waitFor({ timeout: 15_000 });
      expect(await language(page)).toEqual(expected('es'));
      // The address is the landing's again, with the language the app will start in.
      expect(page.url()).toBe(app.url('/?lang=es'));
      await app.screenshot('door-landing-es-before-app', page);

      // "العربية" before the app: the Arabic landing, right to left.
      await page.locator('#prerender').getByRole('link', { name: 'العربية' }).tap();
      await page.locator('#prerender').getByRole('heading', { name: msg('ar', 'awards.landing.choose') }).waitFor({ timeout: 15_000 });
      expect(await language(page)).toEqual(expected('ar'));
      await app.screenshot('door-landing-ar-before-app', page);
      // "English" before the app: the English landing, whatever the browser speaks.
      await page.locator('#prerender').getByRole('link', { name: 'English' }).tap();
      await page.locator('#prerender').getByRole('heading', { name: msg('en', 'awards.landing.choose') }).waitFor({ timeout: 15_000 });
      expect(await language(page)).toEqual(expected('en'));

      // The app takes over in the language on screen, and keeps it as the choice.
      await release();
      await appTookOver(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.evaluate(() => localStorage.getItem('town-square.locale'))).toBe('en');
      expect(page.url()).toBe(app.url('/'));
    });
  });

  describe('a phone in Arabic', () => {
    const ar = it.override({ phone: { locale: 'ar', serviceWorkers: 'block' } });
    ar('a shared link to Event Details opens in Arabic, right to left, before the app; the app takes over the same screen in Arabic', async ({ app, page }) => {
      const release = await holdBackApp(page);
      await visit(page, app.url('/?category=fashion'));
      await page.locator('#prerender h1.event-title').waitFor({ timeout: 15_000 });
      expect(await language(page)).toEqual(expected('ar'));
      expect(page.url()).toBe(app.url('/?category=fashion&lang=ar'));
      expect(await page.locator('#prerender').getByText(msg('ar', 'awards.event.tickets')).count()).toBeGreaterThan(0);
      await app.screenshot('door-event-ar-before-app', page);
      await release();
      await appTookOver(page);
      await page.locator('#root h1.event-title').waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    });

    ar('a choice made before on this phone wins over the browser\'s language', async ({ app, page }) => {
      await page.addInitScript(() => localStorage.setItem('town-square.locale', 'en'));
      await holdBackApp(page);
      await visit(page, app.url('/'));
      await page.locator('#prerender').getByRole('heading', { name: msg('en', 'awards.landing.choose') }).waitFor({ timeout: 15_000 });
      expect(await language(page)).toEqual(expected('en'));
      expect(page.url()).toBe(app.url('/'));
    });
  });
});
