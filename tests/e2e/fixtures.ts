// The one set-up of the e2e files (issue #32 item 5): Vitest fixtures that give each test a phone in real Chromium
// against the production build of the lane the file runs in (tests/e2e/lanes.ts). A file imports `test` from here
// instead of launching a browser and copying the same hooks; docs/testing.md shows a test written with them.
//
//   browser — one Chromium per worker (a file, with Vitest's default isolation), closed when the worker ends
//   phone   — the options of the test's phone (locale, reduced motion, service workers); `test.override` changes
//             them for a describe block
//   context — a fresh phone (browser context) per test, closed after it, pass or fail
//   page    — the first tab of that phone
//   errors  — console and page errors of `page` collected as the test runs (the user-details 404 excepted)
//   app     — the lane's address, offline toggling, 390×844 screenshots and more phones for the same test
//   track   — hands a context the test opened itself (a persistent profile: launchPersistent) to the fixtures,
//             which close it after the test like the others
import { test as base } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { BASE_URL, cleanupDirs, launch, phoneContext, screenshot, waitForController, watchErrors } from './harness';

/** How a test's phone differs from the default one (English, reduced motion, service workers allowed). */
export interface PhoneOptions {
  locale?: string;
  reducedMotion?: 'reduce' | 'no-preference';
  /** 'block' for a test about the page alone (a service worker's clock is not the page's: auth.e2e). */
  serviceWorkers?: 'allow' | 'block';
}

/** A phone of this test: its context and first tab. */
export interface Phone {
  context: BrowserContext;
  page: Page;
}

/** What a test needs of the app under test beyond one page: where the lane serves it, and the phone's network. */
export class App {
  constructor(
    readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly track: Track,
  ) {}

  /** The lane's preview server (tests/e2e/laneSetup.ts has pointed E2E_PORT at it before this file loaded). */
  readonly baseUrl = BASE_URL;

  /** An address of the app: `url('/vote')`. */
  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Opens an address of the app in `page` (the test's own unless another is given), once React has taken over. */
  goto(path: string, page: Page = this.page): Promise<Response | null> {
    return page.goto(this.url(path));
  }

  /** The phone loses its network (Chromium's offline emulation: requests fail, `offline` fires). */
  offline(context: BrowserContext = this.context): Promise<void> {
    return context.setOffline(true);
  }

  /** The phone's network returns. */
  online(context: BrowserContext = this.context): Promise<void> {
    return context.setOffline(false);
  }

  /** Resolves once a service worker controls the page: the app is then on the device for offline visits. */
  installed(page: Page = this.page, timeoutMs?: number): Promise<void> {
    return waitForController(page, timeoutMs);
  }

  /** A screenshot of what the phone shows (390×844) in test-results/<name>.png; returns the file. */
  screenshot(name: string, page: Page = this.page): Promise<string> {
    return screenshot(page, name);
  }

  /** Console and page errors of another tab, collected from now on. */
  watchErrors(page: Page): string[] {
    return watchErrors(page);
  }

  /** Another phone for this test (a second visitor, another language); closed after the test like the first. */
  async phone(options: PhoneOptions = {}): Promise<Phone> {
    const context = this.track(await openPhone(this.browser, options));
    return { context, page: await context.newPage() };
  }
}

/** Closes a context after the test, pass or fail; returns it. */
export type Track = <T extends BrowserContext>(context: T) => T;

function openPhone(browser: Browser, options: PhoneOptions): Promise<BrowserContext> {
  return phoneContext(browser, options);
}

export const test = base.extend<{
  $worker: { browser: Browser };
  $test: { phone: PhoneOptions; context: BrowserContext; page: Page; errors: string[]; track: Track; app: App };
}>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      const browser = await launch();
      await provide(browser);
      await browser.close();
      cleanupDirs();
    },
    { scope: 'worker' },
  ],
  phone: {},
  context: async ({ browser, phone }, provide) => {
    const context = await openPhone(browser, phone);
    await provide(context);
    // A test that failed half-way must not leave a tab flushing into the next test's emulator data.
    await context.close().catch(() => undefined);
  },
  page: async ({ context }, provide) => {
    await provide(await context.newPage());
  },
  errors: async ({ page }, provide) => {
    await provide(watchErrors(page));
  },
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
  track: async ({}, provide) => {
    const opened: BrowserContext[] = [];
    await provide((context) => {
      opened.push(context);
      return context;
    });
    // As for the test's own phone: nothing a failed test opened may keep flushing into the next test's data.
    for (const c of opened.splice(0)) await c.close().catch(() => undefined);
  },
  app: async ({ browser, context, page, track }, provide) => {
    await provide(new App(browser, context, page, track));
  },
});

export { describe, expect } from 'vitest';

/** A phone shared by every test of a file, with its errors and an `App` bound to it. */
export interface SharedPhone extends Phone {
  errors: string[];
  app: App;
}

/**
 * `test` plus `sharedPhone`: one phone for a whole file (made on first use, closed when the file ends), for a file
 * that tells one visitor's story in steps, each test going on from where the one before left the phone. civic:
 * visited online once, then used offline test after test. Giving each test a fresh phone and bringing it to that
 * state again took the file from 144 s to 295 s here (load average ~12, 2026-11-27), and four tests timed out
 * waiting for the packs. A test that asks for `page` or `context` still gets a fresh phone of its own besides.
 */
export const fileTest = test.extend<{ $file: { sharedPhone: SharedPhone } }>({
  sharedPhone: [
    async ({ browser }, provide) => {
      const opened: BrowserContext[] = [];
      const track: Track = (context) => {
        opened.push(context);
        return context;
      };
      const context = track(await openPhone(browser, {}));
      const page = await context.newPage();
      await provide({ context, page, errors: watchErrors(page), app: new App(browser, context, page, track) });
      for (const c of opened.splice(0)) await c.close().catch(() => undefined);
    },
    { scope: 'file' },
  ],
});
