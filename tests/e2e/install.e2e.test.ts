// Installing to the home screen, the icon's badge and kept data (issue #33, items 4–6), in real Chromium against
// the production build.
//
// Headless Chromium never fires a real `beforeinstallprompt` (it offers installing only to a person, after
// engagement), so the install control's flow is driven by a dispatched Event of that name whose prompt() and
// userChoice are stubbed in the page — the only way to exercise it here. What the browser itself decides is
// checked through CDP: the manifest it parsed, and that it has no installability errors.
import { beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { describe, expect, test as it, type App } from './fixtures';
import { PHONE, awaitTakeover, axe, cdp, formatViolations, launchPersistent } from './harness';
import { BallotPage } from './pages/BallotPage';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const POLL = 'dfca-2025-fashion';
/** Settings' storage card while the browser has not answered yet. */
const ASKING = 'Asking this browser whether it keeps Town Square’s data…';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const LANGUAGES = [
  { locale: 'en-US', lang: 'en', more: 'More', title: 'Install Town Square', no: 'No thanks' },
  { locale: 'es-ES', lang: 'es', more: 'Más', title: 'Instalar Town Square', no: 'No, gracias' },
  { locale: 'ar', lang: 'ar', more: 'المزيد', title: 'ثبّت Town Square', no: 'لا، شكرًا' },
] as const;

beforeAll(async () => {
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
});

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/**
 * Dispatches what Chromium would: a cancelable `beforeinstallprompt` whose prompt() is counted in
 * `window.__prompts` and whose userChoice gives `outcome`.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((outcome) => {
    const w = window as unknown as { __prompts?: number };
    w.__prompts ??= 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__prompts = (w.__prompts ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts?: number }).__prompts ?? 0);

const offer = (page: Page) => page.getByTestId('install-offer');
const moreHeading = (page: Page) => page.locator('main h1').first();

async function openMore(app: App, page: Page, heading = 'More'): Promise<void> {
  await app.goto('/more', page);
  await expect.poll(() => moreHeading(page).innerText()).toBe(heading);
}

describe('installing', () => {
  it('Chromium finds the app installable, with its shortcuts, screenshots and launch handler', async ({ app, track }) => {
    // A profile on disk, not the fixtures' phone: an incognito context is never installable ("in-incognito").
    const { context } = await launchPersistent();
    track(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await app.goto('/', page);
    await app.installed(page);
    const session = await cdp(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = (await session.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data: string };
    expect(url).toBe(app.url('/manifest.webmanifest'));
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data) as {
      id: string; scope: string; description: string; categories: string[]; launch_handler: { client_mode: string };
      shortcuts: { name: string; url: string; icons: { src: string; sizes: string }[] }[];
      screenshots: { src: string; sizes: string; form_factor: string; label: string }[];
    };
    expect(manifest.shortcuts.map((s) => [s.name, s.url, s.icons[0]?.sizes])).toEqual([
      ['Vote', '/vote', '96x96'],
      ['Officials', '/local', '96x96'],
      ['Waiting to send', '/outbox', '96x96'],
    ]);
    expect(manifest.screenshots.map((s) => [s.form_factor, s.sizes])).toEqual([
      ['narrow', '390x844'],
      ['narrow', '390x844'],
      ['wide', '1280x800'],
    ]);
    expect(manifest.screenshots.every((s) => s.label.length > 0)).toBe(true);
    expect(manifest.launch_handler).toEqual({ client_mode: 'focus-existing' });
    expect([manifest.id, manifest.scope]).toEqual(['/', '/']);
    expect(manifest.description).toMatch(/works offline/);
    // Every picture the manifest names is served, with the size it claims.
    for (const src of [...manifest.shortcuts.map((s) => s.icons[0]!.src), ...manifest.screenshots.map((s) => s.src)]) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, src);
      const claimed = [...manifest.shortcuts.map((s) => ({ src: s.icons[0]!.src, sizes: s.icons[0]!.sizes })), ...manifest.screenshots].find((x) => x.src === src)!.sizes;
      expect(size, src).toBe(claimed);
    }
  });

  it('More offers "Install Town Square" when the browser does; installing hides it', async ({ app, page, errors }) => {
    await openMore(app, page);
    // No offer from the browser, not an iPhone: nothing to show.
    expect(await offer(page).count()).toBe(0);
    await offerInstall(page, 'accepted');
    await offer(page).waitFor();
    expect(await offer(page).getAttribute('data-mode')).toBe('prompt');
    await page.getByRole('button', { name: 'Install Town Square' }).click();
    await expect.poll(() => prompts(page)).toBe(1);
    await offer(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('"No thanks", or closing the browser\'s dialog, is for good: not shown again after a reload', async ({ app }) => {
    for (const answer of ['no thanks', 'dialog dismissed'] as const) {
      // A fresh phone for each answer: nothing remembered from the other.
      const { context, page } = await app.phone();
      await openMore(app, page);
      await offerInstall(page, 'dismissed');
      await offer(page).waitFor();
      if (answer === 'no thanks') {
        await page.getByRole('button', { name: 'No thanks' }).click();
        expect(await prompts(page)).toBe(0);
      } else {
        await page.getByRole('button', { name: 'Install Town Square' }).click();
        await expect.poll(() => prompts(page)).toBe(1);
      }
      await offer(page).waitFor({ state: 'detached' });
      await page.reload();
      await expect.poll(() => moreHeading(page).innerText()).toBe('More');
      await offerInstall(page, 'dismissed');
      // The app heard it (the browser's own mini-infobar is held back: the event was cancelled) and still shows nothing.
      await expect.poll(() => page.evaluate(() => new Promise<boolean>((resolve) => {
        const e = new Event('beforeinstallprompt', { cancelable: true });
        window.dispatchEvent(e);
        resolve(e.defaultPrevented);
      }))).toBe(true);
      // Time for a render that must not come (the offer shows within milliseconds of the event when it does).
      await page.waitForTimeout(500);
      expect(await offer(page).count(), answer).toBe(0);
      await context.close();
    }
  });

  it('running from the home screen: no offer', async ({ app, context, page }) => {
    // Before the tab's first page (init scripts run on each navigation).
    await context.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) => (q === '(display-mode: standalone)' ? ({ ...real(q), matches: true, media: q } as MediaQueryList) : real(q));
    });
    await openMore(app, page);
    await offerInstall(page, 'accepted');
    await page.getByRole('heading', { name: 'Civic information' }).waitFor();
    await page.waitForTimeout(500);
    expect(await offer(page).count()).toBe(0);
  });

  it('after a first vote the thank-you offers it, once', async ({ app, page }) => {
    const ballot = new BallotPage(page);
    const vote = async (email: string, poll = POLL) => {
      await ballot.open(poll);
      await ballot.emailDialog().waitFor();
      await offerInstall(page, 'accepted');
      await ballot.enterEmail(email);
      await ballot.answerAll();
      await ballot.submit();
      await ballot.thankYou().waitFor();
    };
    const stamp = Date.now().toString(36);
    await vote(`install-${stamp}@example.com`);
    await ballot.thankYou().getByTestId('install-offer').waitFor();
    await app.screenshot('install-after-vote-en');
    await expectNoAxeViolations(page);
    // A second vote on this device (the other award ballot: this phone's one ballot in the first is cast): the offer
    // was made once, it does not come back.
    await vote(`install2-${stamp}@example.com`, 'dfca-2025-community');
    await ballot.thankYou().getByTestId('vote-status').waitFor();
    expect(await ballot.thankYou().getByTestId('install-offer').count()).toBe(0);
    // More still has it: only "No thanks" or installing ends it there.
    await openMore(app, page);
    await offerInstall(page, 'accepted');
    await offer(page).waitFor();
  });

  for (const l of LANGUAGES) {
    it(`the install control and the iPhone steps, ${l.lang}: 390×844, axe clean`, async ({ app, browser, track }) => {
      const { context: chromeContext, page } = await app.phone({ locale: l.locale });
      await openMore(app, page, l.more);
      await offerInstall(page, 'accepted');
      await offer(page).waitFor();
      expect(await offer(page).getByRole('button', { name: l.title }).isVisible()).toBe(true);
      expect(await offer(page).getByRole('button', { name: l.no }).isVisible()).toBe(true);
      await app.screenshot(`install-more-${l.lang}`, page);
      await expectNoAxeViolations(page);
      await chromeContext.close();

      // iPhone Safari: no prompt there, so the steps with the Share icon, without any event. (A phone of its own
      // making: the fixtures' phones have Chromium's user agent, and the app tells an iPhone by its user agent.)
      const iphone = track(awaitTakeover(await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, reducedMotion: 'reduce', locale: l.locale, userAgent: IPHONE_SAFARI })));
      const ios = await iphone.newPage();
      await openMore(app, ios, l.more);
      await offer(ios).waitFor();
      expect(await offer(ios).getAttribute('data-mode')).toBe('apple');
      expect(await offer(ios).getByRole('button', { name: l.title }).count()).toBe(0);
      expect(await offer(ios).locator('svg.install-share').count()).toBe(1);
      if (l.lang === 'en') expect(await offer(ios).innerText()).toMatch(/Tap Share\s*,? then Add to Home Screen\./);
      await app.screenshot(`install-iphone-${l.lang}`, ios);
      await expectNoAxeViolations(ios);
      await offer(ios).getByRole('button', { name: l.no }).click();
      await offer(ios).waitFor({ state: 'detached' });
      await ios.reload();
      await expect.poll(() => moreHeading(ios).innerText()).toBe(l.more);
      expect(await offer(ios).count()).toBe(0);
      await iphone.close();
    });
  }
});

/** Spies on the Badging API: every call lands in window.__badge (a number, or 'clear'). */
async function spyOnBadge(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __badge: (number | 'clear')[] };
    w.__badge = [];
    Object.defineProperty(Navigator.prototype, 'setAppBadge', { configurable: true, value: (n?: number) => (w.__badge.push(n ?? 0), Promise.resolve()) });
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', { configurable: true, value: () => (w.__badge.push('clear'), Promise.resolve()) });
  });
}
const badgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __badge: (number | 'clear')[] }).__badge);

describe('the home-screen badge and kept data', () => {
  it('the badge shows what waits to send, and clears once it is sent', async ({ app, context, page }) => {
    await spyOnBadge(context);
    page.on('dialog', (d) => void d.accept());
    await app.goto('/feedback');
    await app.installed();
    // Nothing waits: the app says so (clears), never a number.
    await expect.poll(() => badgeCalls(page)).toEqual(['clear']);

    // One item: the realtime database's rules take one feedback a visitor every 30 seconds, so a second one
    // would wait out that refusal before it drains.
    await app.offline();
    await page.getByLabel('Your feedback').fill(`Badge check ${Date.now()}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByTestId('sync-badge').innerText()).toBe('1 waiting to send');
    await expect.poll(() => badgeCalls(page)).toEqual(['clear', 1]);

    await app.online();
    await expect.poll(() => badgeCalls(page), { timeout: 20_000 }).toEqual(['clear', 1, 'clear']);
    expect(await page.getByTestId('sync-badge').filter({ hasText: 'waiting' }).count()).toBe(0);
  });

  it('the service worker sets the badge after its own flush, with no page open', async ({ app, context, page }) => {
    page.on('dialog', (d) => void d.accept());
    await app.goto('/feedback');
    await app.installed();
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // The same spy, inside the worker (its navigator is a WorkerNavigator).
    await worker.evaluate(() => {
      const w = self as unknown as { __badge: (number | 'clear')[] };
      w.__badge = [];
      const proto = Object.getPrototypeOf(navigator) as object;
      Object.defineProperty(proto, 'setAppBadge', { configurable: true, value: (n?: number) => (w.__badge.push(n ?? 0), Promise.resolve()) });
      Object.defineProperty(proto, 'clearAppBadge', { configurable: true, value: () => (w.__badge.push('clear'), Promise.resolve()) });
    });
    await app.offline();
    await page.getByLabel('Your feedback').fill(`Worker badge check ${Date.now()}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByTestId('sync-badge').innerText()).toBe('1 waiting to send');
    // No page left to send it: only the worker's Background Sync can, once the connection is back.
    await page.close();
    await app.online();
    await expect.poll(() => worker.evaluate(() => (self as unknown as { __badge: (number | 'clear')[] }).__badge), { timeout: 20_000 }).toEqual(['clear']);
  });

  it('Settings says whether this device may clear the app\'s data, as the browser says it', async ({ app, page }) => {
    // Every state the card is drawn in: a MutationObserver's callbacks run before the browser paints, so none
    // is missed. The browser answers asynchronously (over a second on a loaded machine: a run once read the card
    // before it had, and found no words at all); until it does, the card must say it is asking.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __keptSeen: string[] }).__keptSeen = []);
      new MutationObserver(() => {
        const card = document.querySelector('[data-testid="kept-data"]');
        const words = card ? [...card.querySelectorAll('p')].map((p) => p.textContent ?? '').join(' ').trim() : null;
        if (words !== null && seen[seen.length - 1] !== words) seen.push(words);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await app.goto('/my-profile');
    const note = page.getByTestId('kept-data');
    const kept = 'This browser keeps Town Square’s data until you clear it yourself.';
    const mayClear = /If this device runs short of space, the browser may clear Town Square’s data\. Installing the app makes that less likely\. Items waiting to send would be lost with it\./;
    // What the visitor reads, polled until the browser's answer is in it (not one read of the first render).
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toMatch(/This browser keeps|If this device runs short/);
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    const words = await note.innerText();
    expect(words).toContain('Data on this device');
    if (persisted) expect(words).toContain(kept);
    else expect(words).toMatch(mayClear);
    expect(await note.getAttribute('data-kept')).toBe(persisted ? 'kept' : 'may-clear');
    // Never a heading over nothing: asking first (unless the answer came with the first frame), then the answer.
    const seen = await page.evaluate(() => (window as unknown as { __keptSeen: string[] }).__keptSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((state) => state !== ASKING && !state.includes(persisted ? kept : 'If this device runs short of space')), JSON.stringify(seen)).toEqual([]);
    await note.scrollIntoViewIfNeeded();
    await app.screenshot('install-settings-kept-data-en');
    await expectNoAxeViolations(page);
  });

  it('while the browser has not answered, Settings says it is asking, then gives the answer', async ({ app, page }) => {
    // The browser's answer held back (StorageManager.persisted pending until the test lets it go).
    await page.addInitScript(() => {
      const w = window as unknown as { __answer: () => void };
      const asked = StorageManager.prototype.persisted;
      StorageManager.prototype.persisted = function (this: StorageManager) {
        return new Promise<boolean>((resolve) => (w.__answer = () => void asked.call(this).then(resolve)));
      };
    });
    await app.goto('/my-profile');
    const note = page.getByTestId('kept-data');
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toMatch(new RegExp(`^Data on this device\\s+${ASKING}$`));
    expect(await note.getAttribute('aria-busy')).toBe('true');
    await note.scrollIntoViewIfNeeded();
    await app.screenshot('install-settings-kept-data-asking-en');
    await expectNoAxeViolations(page);
    await page.evaluate(() => (window as unknown as { __answer: () => void }).__answer());
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toMatch(/This browser keeps|If this device runs short/);
    expect(await note.getAttribute('aria-busy')).toBe('false');
  });
});
