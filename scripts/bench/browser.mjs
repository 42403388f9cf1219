// Debian's Chromium through playwright-core, launched the way tests/e2e/harness.ts launches it.
/* global indexedDB -- functions passed to page.evaluate / addInitScript run in the browser */
import { execFileSync } from 'node:child_process';
import { CHROMIUM, PHONE } from '../lib/chromium.mjs';

export { CHROME_FLAGS, CHROMIUM, launch, PHONE } from '../lib/chromium.mjs';

export function phoneContext(browser, options = {}) {
  return browser.newContext({
    viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'allow', reducedMotion: 'reduce', locale: 'en-US', ...options,
  });
}

export async function waitForController(page, timeoutMs = 15_000) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: timeoutMs });
}

export function chromiumVersion() {
  try {
    // Debian's wrapper script prints a shell warning on stderr; the version is on stdout.
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Resolves once the app's IndexedDB exists with the given object store (never creates it: Dexie owns its versions). */
export async function waitForStore(page, store, timeoutMs = 15_000) {
  await page.waitForFunction(
    async (name) => {
      const names = (await indexedDB.databases()).map((d) => d.name);
      if (!names.includes('town-square')) return false;
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open('town-square');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        return db.objectStoreNames.contains(name);
      } finally {
        db.close();
      }
    },
    store,
    { timeout: timeoutMs, polling: 200 },
  );
}

/** Row count of one store of the app's IndexedDB (raw API, no app code). */
export function storeCount(page, store) {
  return page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('town-square');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const c = db.transaction(name).objectStore(name).count();
          c.onsuccess = () => {
            db.close();
            resolve(c.result);
          };
          c.onerror = () => reject(c.error);
        };
      }),
    store,
  );
}
