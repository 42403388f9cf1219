// Awards section, account, settings, feedback and venue in the production build (issue #6).
import { beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { axe, figure, formatViolations } from './harness';
import { describe, expect, test as it } from './fixtures';
import { signedInUser } from './pages/auth';
import { countRows } from './pages/idb';
import { LandingPage } from './pages/LandingPage';

/** The bottom navigation's name (app.nav.label). */
const NAV_LABEL = 'Main';
const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const DATABASE_HOST = process.env.DATABASE_EMULATOR_HOST ?? '127.0.0.1:9000';
const run = Date.now().toString(36);

beforeAll(async () => {
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
});

const h1 = (page: Page) => page.locator('main h1').first();

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

async function feedbacksWith(text: string): Promise<number> {
  const res = await fetch(`http://${DATABASE_HOST}/feedbacks.json?ns=${PROJECT}`);
  const all = ((await res.json()) ?? {}) as Record<string, { feedback?: string }>;
  return Object.values(all).filter((f) => f.feedback === text).length;
}

/** Taps "Add to calendar" and returns the file the browser saved. */
async function downloadCalendar(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe('detroit-fashion-choice-awards.ics');
  return readFileSync((await download.path())!, 'utf8');
}

describe('awards', () => {
  it('landing → fashion → event details → honoree → back', async ({ app, page, errors }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await expect.poll(() => landing.heading().innerText()).toBe('Detroit Fashion Choice Awards');

    // Carousel: 4 banners, first eager + high priority, the rest lazy, every image sized.
    expect(await landing.carousel().getAttribute('aria-roledescription')).toBe('carousel');
    await expect.poll(() => landing.slides().count()).toBe(4);
    expect(await landing.slide(1).getAttribute('aria-roledescription')).toBe('slide');
    expect(await landing.slideImage(1).getAttribute('fetchpriority')).toBe('high');
    expect(await landing.slideImage(1).getAttribute('loading')).toBe('eager');
    for (const n of [2, 3, 4]) expect(await landing.slideImage(n).getAttribute('loading')).toBe('lazy');
    for (const img of await page.locator('main img').all()) {
      expect(await img.getAttribute('width')).toMatch(/^\d+$/);
      expect(await img.getAttribute('height')).toMatch(/^\d+$/);
    }
    // Entries to the civic hub and the polls list.
    expect(await landing.hubLink('civic').getAttribute('href')).toBe('/local');
    expect(await landing.hubLink('polls').getAttribute('href')).toBe('/vote');
    await page.evaluate(() => document.fonts.ready);
    await app.screenshot('awards-landing');
    await expectNoAxeViolations(page);

    // Fashion opens Event Details, and focus moves to its heading.
    await landing.categoryCard('fashion').click();
    await page.getByText('6th April, 7.00 PM').waitFor();
    expect(await h1(page).innerText()).toBe('Detroit Fashion Choice Awards');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const tickets = page.getByRole('link', { name: /Get Tickets/ });
    expect(await tickets.getAttribute('target')).toBe('_blank');
    expect(await tickets.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await tickets.getAttribute('href')).toMatch(/^https:\/\//);
    // The night's practical details beside the spec's date line (issue #54), and a calendar entry made on the phone.
    expect(await page.getByText('6th April, 7.00 PM', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('event-when').innerText()).toBe('Tuesday, April 6, 2027 at 7:00 PM\nFox Theatre, 2211 Woodward Avenue, Detroit, MI 48201');
    const ics = await downloadCalendar(page);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('\r\nDTSTART:20270406T230000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Detroit Fashion Choice Awards\r\n');
    expect(ics).toContain('\r\nLOCATION:Fox Theatre\\, 2211 Woodward Avenue\\, Detroit\\, MI 48201\r\n');
    expect(await page.getByRole('heading', { name: 'Our mission' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Our vision' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Jordan Okafor-Lane' }).getAttribute('href')).toBe('/one-icon?id=h1');
    expect(await page.getByRole('link', { name: 'Mireille Duchamp-Wells' }).getAttribute('href')).toBe('/one-icon?id=h2');
    const readMore = new URL((await page.getByRole('link', { name: /Read more/ }).getAttribute('href')) ?? '', app.baseUrl);
    expect([readMore.pathname, readMore.searchParams.get('id')]).toEqual(['/one-icon', 'Celeste Amari-Vaughn']);
    const strip = page.getByRole('link', { name: /See all 2025 Vanguard Honorees/ });
    await expect.poll(() => strip.getByRole('img').count()).toBe(4);
    expect(await strip.getAttribute('href')).toBe('/stories-page');
    expect(await page.getByText('Demo content').isVisible()).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await app.screenshot('awards-event');
    await expectNoAxeViolations(page);

    // Founder: Read more → three social links → Back returns to Event Details (the choice is restored).
    await page.getByRole('link', { name: /Read more/ }).click();
    await expect.poll(() => h1(page).innerText()).toBe('Celeste Amari-Vaughn');
    expect(await page.locator('.social-link').count()).toBe(3);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByText('6th April, 7.00 PM').waitFor();

    // Honorees → stories page → one honoree → Back.
    await strip.click();
    await expect.poll(() => h1(page).innerText()).toBe('2025 Vanguard Honorees');
    expect(await page.getByRole('heading', { name: 'Meet The Founder' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: NAV_LABEL }).getByRole('link', { name: 'Honorees' }).getAttribute('aria-current')).toBe('page');
    const tiles = page.locator('.honoree-grid a');
    await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(8);
    const columns = await page.locator('.honoree-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);
    expect(await page.getByRole('link', { name: 'Marisol Fenwick' }).getAttribute('href')).toBe('/one-icon?id=story-1');
    await app.screenshot('awards-stories');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Marisol Fenwick' }).click();
    await expect.poll(() => h1(page).innerText()).toBe('Marisol Fenwick');
    const networks = (await page.locator('.social-link').allInnerTexts()).map((t) => t.replace(/\s*\(opens in a new tab\)/, '').trim());
    expect(networks).toEqual(['Instagram', 'TikTok']);
    await page.getByText(/turns salvaged upholstery/).waitFor();
    // What she is honoured for, and the tab she is under (issue #54): Honorees lit, as on the honorees page.
    expect(await page.getByTestId('icon-award').innerText()).toBe('Honored for Designer of the Year');
    const honoreesTab = page.getByRole('navigation', { name: NAV_LABEL }).getByRole('link', { name: 'Honorees' });
    expect(await honoreesTab.getAttribute('aria-current')).toBe('page');
    await app.screenshot('awards-honoree');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.poll(() => h1(page).innerText()).toBe('2025 Vanguard Honorees');

    // An unknown id shows the header only.
    await app.goto('/one-icon?id=no-such-person');
    await expect.poll(() => h1(page).innerText()).toBe('Honoree');
    expect(await page.locator('main .screen-body').count()).toBe(0);

    // /poll-categories: the same page in a full-height scroller.
    await app.goto('/poll-categories');
    await expect.poll(() => h1(page).innerText()).toBe('2025 Vanguard Honorees');
    expect(await page.locator('.honorees-scroll').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');

    expect(errors).toEqual([]);
  });

  for (const [locale, when, label] of [['es-MX', /martes, 6 de abril de 2027/, 'Añadir al calendario'], ['ar', /٢٠٢٧|2027/, 'إضافة إلى التقويم']] as const) {
    it(`Event Details in ${locale}: the day, year and venue in that language, and Add to calendar`, async ({ app }) => {
      const { page } = await app.phone({ locale });
      await app.goto('/?category=fashion', page);
      const whenLine = page.getByTestId('event-when');
      await expect.poll(() => whenLine.innerText(), { timeout: 15_000 }).toMatch(when);
      expect(await whenLine.innerText()).toContain('Fox Theatre, 2211 Woodward Avenue, Detroit, MI 48201');
      expect(await page.getByRole('link', { name: label }).getAttribute('download')).toBe('detroit-fashion-choice-awards.ics');
      await app.screenshot(`awards-event-${locale}`, page);
      await expectNoAxeViolations(page);
    });
  }

  it('portraits still loading show the person\'s initials, not an empty circle (issue #57)', async ({ app }) => {
    const { page } = await app.phone({ serviceWorkers: 'block' });
    // The honorees' photos never arrive (a venue's Wi-Fi that stalls): each stays "loading".
    await page.route((url) => url.pathname.startsWith('/demo/honoree-'), () => undefined);
    await page.goto(`${app.baseUrl}/?category=fashion`);
    const strip = page.getByRole('link', { name: /See all 2025 Vanguard Honorees/ });
    await expect.poll(() => strip.getByRole('img').count(), { timeout: 20_000 }).toBe(4);
    const faces = strip.getByRole('img');
    for (let i = 0; i < 4; i++) {
      const face = faces.nth(i);
      const name = (await face.getAttribute('aria-label')) ?? '';
      // What shows is the monogram (the photo underneath has not loaded), and it is the person's.
      expect(await face.evaluate((el) => (el.querySelector('img') as HTMLImageElement | null)?.complete ?? true)).toBe(false);
      const initials = name.split(/\s+/).map((w) => w[0]).filter(Boolean);
      expect(await face.innerText()).toBe(`${initials[0]}${initials.at(-1)}`.toUpperCase());
    }
    await strip.scrollIntoViewIfNeeded();
    await app.screenshot('honorees-loading', page);
  });

  it('the chosen category is in the address: reload keeps it, Back returns to the menu, Home highlights the last choice', async ({ app, page }) => {
    const landing = new LandingPage(page);
    await app.goto('/home');
    const menuIndex = await page.evaluate(() => (history.state as { __TSR_index: number }).__TSR_index);
    await landing.categoryCard('beauty').click();
    await expect.poll(() => h1(page).innerText()).toBe('Beauty');
    expect(new URL(page.url()).searchParams.get('category')).toBe('beauty');
    await page.getByRole('heading', { name: 'Coming soon' }).waitFor();
    await page.reload();
    await expect.poll(() => h1(page).innerText()).toBe('Beauty');

    // The browser's Back returns to the menu (it used to leave the app), Forward reopens the category.
    await page.goBack();
    await landing.categoriesHeading().waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBeNull();
    await page.goForward();
    await expect.poll(() => h1(page).innerText()).toBe('Beauty');

    // The page's own back arrow steps back to that same menu entry rather than stacking another one.
    await page.getByRole('link', { name: 'Back to categories' }).first().click();
    await landing.categoriesHeading().waitFor();
    expect(await page.evaluate(() => (history.state as { __TSR_index: number }).__TSR_index)).toBe(menuIndex);
    // Focus returns to the category the visitor came from, which is marked as the last one viewed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Coming soon/);
    await landing.lastViewed('beauty').waitFor();

    // Fashion by address (a shared link), then the Home tab: the menu, with Fashion highlighted.
    await landing.open('?category=fashion');
    await page.getByText('Event Details', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await landing.categoriesHeading().waitFor();
    await landing.lastViewed('fashion').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('awards.category'))).toBe('fashion');
    // A made-up category in the address shows the menu, not a blank page.
    await landing.open('?category=shoes');
    await landing.categoriesHeading().waitFor();
  });

  it('the carousel rotates on its own, pauses on focus, and can be swiped and driven by keyboard', async ({ app }) => {
    // Rotation, on a fake clock that runs as usual: the auto-advance's 5 s pass at once. (Phones with motion: the
    // fixtures' own phone prefers reduced motion, which keeps the carousel still.)
    const timed = await app.phone({ reducedMotion: 'no-preference' });
    const clocked = new LandingPage(timed.page);
    await timed.page.clock.install();
    await clocked.open();
    await expect.poll(() => clocked.viewport().getAttribute('aria-live')).toBe('off');
    expect(await clocked.current()).toMatch(/^Slide 1/);
    await timed.page.clock.runFor(5100);
    await expect.poll(() => clocked.current()).toMatch(/^Slide 2/);
    await timed.context.close();

    // Keyboard and swipe on the real clock (a gesture's timing is the browser's own, which a fake clock skews).
    const { page } = await app.phone({ reducedMotion: 'no-preference' });
    const landing = new LandingPage(page);
    await landing.open();
    const viewport = landing.viewport();
    const current = () => landing.current();
    // Keyboard: focusing a control stops rotation and makes changes audible.
    await landing.control('next').focus();
    await expect.poll(() => viewport.getAttribute('aria-live')).toBe('polite');
    await landing.dots().nth(0).click();
    await expect.poll(current).toMatch(/^Slide 1/);
    await landing.control('next').focus();
    await page.keyboard.press('Enter');
    await expect.poll(current).toMatch(/^Slide 2/);
    await landing.control('prev').click();
    await expect.poll(current).toMatch(/^Slide 1/);
    await landing.control('prev').click();
    await expect.poll(current).toMatch(/^Slide 4/); // wraps

    // Swipe: a drag longer than 40 px goes to the next banner; a short one stays on this one and, though a
    // mouse clicks where it is let go, does not open the banner's link either.
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 200, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 170, y, { steps: 3 });
    await page.mouse.up();
    expect(await current()).toMatch(/^Slide 4/);
    await page.mouse.move(box.x + 250, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 150, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(current).toMatch(/^Slide 1/);
    expect(new URL(page.url()).pathname).toBe('/');

    // The Stop button keeps it still for good.
    await landing.control('stop').click();
    await landing.control('play').waitFor();
  });

  it('with prefers-reduced-motion the carousel does not auto-advance', async ({ page }) => {
    // The fixtures' phone prefers reduced motion.
    const landing = new LandingPage(page);
    // The page's timers on a fake clock: 5.6 s of it pass at once (an auto-advance every 5 s would show).
    await page.clock.install();
    await landing.open();
    await landing.control('play').waitFor();
    expect(await landing.viewport().getAttribute('aria-live')).toBe('polite');
    await page.clock.runFor(5600);
    expect(await landing.current()).toMatch(/^Slide 1/);
  });

  it('offline launch after one online visit: cached honorees and the venue as text', async ({ app, context, page }) => {
    await app.goto('/stories-page');
    await app.installed();
    // The network copy of org-info reached Dexie (stale-while-revalidate), not just the bundled one.
    await expect.poll(() => countRows(page, 'orgInfo'), { timeout: 15_000 }).toBe(2);

    await app.offline();
    await app.goto('/stories-page');
    await expect.poll(() => h1(page).innerText()).toBe('2025 Vanguard Honorees');
    await page.getByRole('link', { name: 'Marisol Fenwick' }).waitFor();
    expect(await page.locator('.honoree-grid a').count()).toBeGreaterThanOrEqual(8);
    await page.getByRole('link', { name: 'Dorian Achterberg' }).click();
    await expect.poll(() => h1(page).innerText()).toBe('Dorian Achterberg');

    // "Add to calendar" needs no connection: the file is made on the phone.
    await app.goto('/?category=fashion');
    await expect.poll(() => h1(page).innerText()).toBe('Detroit Fashion Choice Awards');
    expect(await downloadCalendar(page)).toContain('\r\nDTSTART:20270406T230000Z\r\n');

    await app.goto('/location');
    await expect.poll(() => h1(page).innerText()).toBe('Location');
    await page.getByText('You are offline, so the map cannot be shown.').waitFor();
    // The venue card needs no map: the address, the event's time, and ways to get there.
    expect(await page.locator('.venue-card').innerText()).toMatch(/Fox Theatre\s+2211 Woodward Avenue\s+Detroit, MI 48201\s+Detroit Fashion Choice Awards · 6th April, 7\.00 PM/);
    const venue = encodeURIComponent('Fox Theatre, 2211 Woodward Avenue, Detroit, MI 48201');
    expect(await page.getByRole('link', { name: /^Open in Maps/ }).getAttribute('href')).toBe(`https://www.google.com/maps/search/?api=1&query=${venue}`);
    expect(await page.getByRole('link', { name: /^Directions/ }).getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${venue}`);
    expect(await page.getByRole('link', { name: 'Open in a maps app' }).getAttribute('href')).toBe(`geo:0,0?q=${venue}`);
    expect(await page.locator('iframe').count()).toBe(0);
    await app.screenshot('location-offline');
    await expectNoAxeViolations(page);

    // Chat, offline and with no chat service configured: the built-in assistant answers from the app.
    await app.goto('/chat');
    await expect.poll(() => h1(page).innerText()).toBe('Chat');
    const box = page.getByRole('textbox', { name: 'Ask a question' });
    const answers = page.locator('.assistant-bot');
    await box.fill('when is the event?');
    await box.press('Enter');
    await expect.poll(() => answers.last().innerText()).toContain('6th April, 7.00 PM');
    expect(await answers.last().innerText()).toContain('Fox Theatre');
    expect(await box.inputValue()).toBe('');
    await box.fill('How do I register to vote?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => answers.count()).toBe(2);
    expect(await answers.last().getByRole('link', { name: /^Check status/ }).getAttribute('href')).toBe('https://mvic.sos.state.mi.us/Voter/Index');
    expect(await answers.last().getByRole('link', { name: /^Register/ }).getAttribute('href')).toMatch(/^https:\/\/www\.michigan\.gov\//);
    // Who holds an office comes from the civic packs on the device, and links to the profile.
    await box.fill('who is the governor of michigan');
    await box.press('Enter');
    await answers.nth(2).getByRole('link', { name: 'Governor of Michigan' }).waitFor();
    await app.screenshot('chat-assistant-offline');
    await expectNoAxeViolations(page);
    await answers.nth(2).getByRole('link', { name: 'Governor of Michigan' }).click();
    await page.getByRole('heading', { level: 2, name: 'Gretchen Whitmer' }).waitFor();

    // Online, but the map's site cannot be reached (venue Wi-Fi without internet): a message, never a broken frame.
    const mapSite = 'https://www.google.com/**';
    await context.route(mapSite, (r) => r.abort('internetdisconnected'));
    await app.online();
    await app.goto('/location');
    await page.getByText('The map could not be loaded on this connection. Use “Open in Maps” or “Directions” above.').waitFor({ timeout: 20_000 });
    expect(await page.locator('iframe').count()).toBe(0);
    await app.screenshot('location-no-internet');
    // When the map's site answers, the frame appears once it has loaded, titled.
    await context.unroute(mapSite);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await context.route(mapSite, (r) => (r.request().url().includes('/favicon.ico')
      ? r.fulfill({ status: 200, contentType: 'image/png', body: png })
      : r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Map</title><p>A map of the venue</p>' })));
    await page.reload();
    await page.locator('iframe[data-state="shown"]').waitFor();
    expect(await page.locator('iframe').getAttribute('title')).toMatch(/^Map of Fox Theatre/);
    expect(await page.getByText('Loading the map…').isVisible()).toBe(false);
  });

  it('the chat tab helps with no configuration: suggested questions, answers that link into the app', async ({ app, page }) => {
    await app.goto('/chat');
    await page.getByText('Try asking:').waitFor();
    await app.screenshot('chat-assistant');
    await page.getByRole('button', { name: 'Where is the venue?' }).click();
    await page.locator('.assistant-bot').getByRole('link', { name: 'Venue and directions' }).click();
    await expect.poll(() => h1(page).innerText()).toBe('Location');
    // Something it cannot answer: says so, and offers questions it can.
    await app.goto('/chat');
    await page.getByRole('textbox', { name: 'Ask a question' }).fill('what is the airspeed of a swallow');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('I don’t know that one yet.', { exact: false }).waitFor();
    await page.getByText('You could ask:').waitFor();
  });
});

describe('account and settings', () => {
  it('feedback sent offline is stored, waits in the badge, and arrives exactly once', async ({ app, page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await app.goto(`/feedback?uid=e2e-${run}`);
    await expect.poll(() => h1(page).innerText()).toBe('Leave Feedback');
    await app.installed();
    expect(await page.getByText(`e2e-${run}`).isVisible()).toBe(true);
    const field = page.getByLabel('Your feedback');

    // Blank text is refused inline, no alert.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please write your feedback before sending.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(dialogs).toEqual([]);

    // The 2,000-character cap with a visible counter.
    await field.fill('x'.repeat(2100));
    expect((await field.inputValue()).length).toBe(2000);
    await page.getByText('2,000 / 2,000 characters — limit reached').waitFor();

    const text = `Offline feedback ${run}: loved the runway.`;
    await field.fill(text);
    await page.getByText(`${text.length} / 2,000 characters`).waitFor();
    await app.screenshot('feedback');
    await expectNoAxeViolations(page);

    await app.offline();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialogs).toEqual(['Thanks for your feedback!']);
    expect(await field.inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('sync-badge').innerText()).toBe('1 waiting to send');
    expect(await countRows(page, 'feedback')).toBe(1);
    expect(await feedbacksWith(text)).toBe(0);

    const t0 = Date.now();
    await app.online();
    await expect.poll(() => feedbacksWith(text), { timeout: 15_000, interval: 250 }).toBe(1);
    figure('offline feedback reached the realtime database after reconnecting in', `${Date.now() - t0} ms`);
    const badge = page.getByTestId('sync-badge');
    await expect.poll(async () => (await badge.count()) === 0 || (await badge.innerText()) === 'All sent', { timeout: 10_000 }).toBe(true);
    // Delivered means the outbox let go of it: nothing is left that could send it again.
    await expect.poll(() => countRows(page, 'outbox')).toBe(0);
    expect(await feedbacksWith(text)).toBe(1);
  });

  it('/account?uid=demo-visitor shows the seeded details from the live listener', async ({ app, page, errors }) => {
    await app.goto(`/account?uid=demo-visitor`);
    await expect.poll(() => h1(page).innerText()).toBe('Account');
    await page.getByText('demo.visitor@example.com').waitFor({ timeout: 20_000 });
    const text = await page.locator('main').innerText();
    for (const v of ['Email', 'First name', 'Last name', 'State', 'Zip code', 'Dana', 'Demo', 'MI', '48226']) expect(text).toContain(v);
    await app.screenshot('account');
    await expectNoAxeViolations(page);

    // A visitor with no document is told plainly that none is needed, and what to do next (issue #35).
    await app.goto(`/account?uid=nobody-${run}`);
    await page.getByRole('heading', { name: 'No account needed' }).waitFor({ timeout: 20_000 });
    await page.getByText(/You are using Town Square as a guest/).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Polls' }).getAttribute('href')).toBe('/vote');
    expect(errors).toEqual([]);
  });

  it('/account offline on a first visit says it needs a connection', async ({ app, page }) => {
    await app.goto('/help');
    await app.installed();
    await app.offline();
    await app.goto(`/account?uid=demo-visitor`);
    await page.getByText(/need a connection the first time/).waitFor({ timeout: 15_000 });
  });

  it('/my-profile: the settings list, the preference from prefs/{uid}, and Select organization in a browser', async ({ app, page }) => {
    const info: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'info') info.push(m.text());
    });
    await app.goto(`/my-profile?uid=demo-visitor`);
    await expect.poll(() => h1(page).innerText()).toBe('Profile');
    await expect.poll(() => page.locator('.pref-row dd').innerText(), { timeout: 20_000 }).toBe('fashion');
    // Issue #57: the screen opens on the language and the preference, not on the raw visitor id (now last); the
    // preference is a fact, not drawn as a row one could tap.
    const cards = page.locator('main .screen-body > .card');
    expect(await cards.first().getAttribute('class')).toContain('settings-language');
    expect(await cards.last().getAttribute('class')).toContain('who-you-are');
    expect(await page.locator('.settings-language .pref-row').count()).toBe(1);
    const hrefs: Record<string, string> = {
      'Leave Feedback': '/feedback',
      'Waiting to send': '/outbox',
      Account: '/account',
      'Help center': '/help',
      'Our Partners': '/partners',
      'Terms and conditions': '/terms-conditions',
      'Privacy Policy': '/privacy-policy',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(await page.getByRole('link', { name: new RegExp(`^${name}`) }).first().getAttribute('href'), name).toBe(href);
    }
    await page.getByRole('button', { name: 'Select organization' }).click();
    // In a browser it says so where it is read (issue #57), not that an app for phones could do it.
    await page.getByText('On the web Town Square has one organization, the Detroit Fashion Choice Awards, and it is already chosen.').waitFor();
    expect(info.some((l) => /plain browser/.test(l))).toBe(true);
  });

  it('/my-profile says who you are; a link identity says so, and Start fresh makes a new anonymous visitor', async ({ app, page }) => {
    await app.goto(`/my-profile?uid=demo-visitor`);
    const card = page.locator('.who-you-are');
    await card.locator('code.visitor-code').filter({ hasText: /^demo-visitor$/ }).waitFor();
    await card.getByText('This identity came from a link').waitFor();
    await app.screenshot('profile-who-you-are');
    await expectNoAxeViolations(page);
    // Later visits without the link are still the demo visitor — and still say so.
    await app.goto('/my-profile');
    await card.getByText('This identity came from a link').waitFor();
    await card.getByRole('button', { name: 'Start fresh as a new visitor' }).click();
    await card.getByRole('button', { name: 'Yes, start fresh' }).click();
    await page.waitForURL(app.url('/my-profile'));
    // A new anonymous user, signed in by the app, is the visitor id shown from now on.
    await expect.poll(async () => (await signedInUser(page))?.uid ?? 'none', { timeout: 15_000 }).not.toMatch(/^(none|demo-visitor)$/);
    const fresh = (await signedInUser(page))!.uid;
    await card.locator('code.visitor-code').filter({ hasText: fresh }).waitFor();
    expect(await card.getByText('This identity came from a link').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('uid'))).toBe(fresh);
  });

  it('/more and /extra reach every secondary screen', async ({ app, page }) => {
    for (const path of ['/more', '/extra']) {
      await app.goto(`${path}`);
      await expect.poll(() => h1(page).innerText()).toBe('More');
      const hrefs = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const target of ['/voter-resources', '/local', '/vote', '/location', '/chat', '/feedback', '/help', '/partners', '/terms-conditions', '/privacy-policy', '/outbox']) {
        expect(hrefs, `${path} → ${target}`).toContain(target);
      }
    }
    await expectNoAxeViolations(page);
  });
});
