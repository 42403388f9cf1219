// A new deploy while the app is installed (sw/sw.ts, src/app/swRegistration.ts, UpdatePrompt): the waiting
// worker does not change what the browser answers offline until the user chooses Reload; then the pages the
// browser serves by static route are the new build's, and the old build's pages cache is gone.
// Served by a small server of this test that can switch from one build to the next at the same origin.
import { afterAll, beforeAll } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test as it } from './fixtures';

const DIST = path.resolve(process.env.E2E_OUT_DIR ?? 'dist');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain' };

let server: Server;
let base = '';
let root = '';
const dirs: string[] = [];

/** A copy of the build whose landing says `marker` in its prerendered HTML, with the worker's precache list updated to match. */
function buildWithMarker(marker: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ts-update-'));
  dirs.push(dir);
  cpSync(DIST, dir, { recursive: true });
  // The landing as the network serves it and as the worker serves it (the build's deferred variant).
  for (const file of ['index.html', 'prerender/index.html']) {
    const page = path.join(dir, file);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('Choose a category');
    writeFileSync(page, html.replace('Choose a category', `Choose a category ${marker}`));
  }
  // A changed page has a new revision in the worker's precache list, which makes sw.js itself a new version.
  const sw = path.join(dir, 'sw.js');
  const script = readFileSync(sw, 'utf8');
  const updated = script.replace(/("revision":")([^"]+)(","url":"prerender\/index\.html")/, `$1$2-${marker}$3`);
  expect(updated).not.toBe(script);
  writeFileSync(sw, updated);
  return dir;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    // What vite preview and firebase.json do: a page path → its prerendered file, anything unknown → app.html.
    let file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!existsSync(file) || !statSync(file).isFile()) file = existsSync(`${file}.html`) ? `${file}.html` : path.join(root, 'app.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const pagesCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('town-square-pages-')));

/** The landing's prerendered text as parsed (React replaces it right after), and who answered the navigation. */
async function offlineLanding(page: Page): Promise<{ text: string; source: string }> {
  await page.goto('about:blank');
  await page.goto(`${base}/`);
  return page.evaluate(() => ({
    text: (window as unknown as { __parsedText?: string }).__parsedText ?? '',
    source: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType ?? 'unsupported',
  }));
}

describe('a new deploy', () => {
  it('keeps answering offline from the old pages until the user chooses Reload, then from the new ones only', async ({ app, context, page }) => {
    root = buildWithMarker('(build A)');
    await context.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { __parsedText?: string }).__parsedText = document.getElementById('prerender')?.textContent ?? '';
      });
    });
    await page.goto(`${base}/`);
    await app.installed();
    await expect.poll(() => pagesCaches(page)).toHaveLength(1);
    const [first] = await pagesCaches(page);

    // The next build is deployed; the app looks for it (as it does when it comes back to the foreground).
    root = buildWithMarker('(build B)');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByRole('status').filter({ hasText: 'New version ready' }).waitFor({ timeout: 15_000 });
    expect(await pagesCaches(page)).toHaveLength(2);

    // While the new worker waits, an offline visit still gets the running build's pages.
    const other = await context.newPage();
    await app.offline();
    const before = await offlineLanding(other);
    expect(before.source).toBe('cache');
    expect(before.text).toContain('Choose a category (build A)');
    await other.close();
    await app.online();

    // Reload: the new worker takes control, then the page reloads (src/app/swRegistration.ts).
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect.poll(() => pagesCaches(page), { timeout: 10_000 }).toHaveLength(1);
    const [second] = await pagesCaches(page);
    expect(second).not.toBe(first);

    await app.offline();
    const after = await offlineLanding(page);
    expect(after.source).toBe('cache');
    expect(after.text).toContain('Choose a category (build B)');
  });
});
