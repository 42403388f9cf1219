// Build step (issue #8, #17): write each content screen's HTML as the app itself renders it, so the first paint —
// a first visit on a venue's Wi-Fi, or a repeat visit served offline by the service worker — never waits for the
// JavaScript. Run by the `town-square-prerender` plugin in vite.config.ts after Vite has written the bundle and
// before vite-plugin-pwa builds the precache list, so every file written here is precached.
//
// How: serve the fresh build on loopback, open each screen (scripts/prerender/routes.mjs) in Debian's Chromium
// (service workers blocked, every other origin left unanswered so no live data — and no "offline" message —
// ends up in a page), wait until the screen has rendered, and take:
//   - the markup of #root            → the page's #prerender slot (src/app/prerender.ts swaps it for the live
//                                       React tree once that tree has the same content);
//   - the CSS the screen uses        → one inline <style> instead of the render-blocking stylesheet link;
//   - the JS chunks the screen loaded → preloaded by the page, so the route chunk loads beside the entry.
// Output (scripts/prerender/pages.mjs writes the pages): <path>.html per content screen for the network,
// prerender/<path>.html the same page as the service worker serves it, prerender/app.html (the shell for
// personal screens and unknown paths), prerender/people.json (every official's profile, which the worker
// stitches into the profile route's page for /onegovernor?q=…) and prerender/pages.json, the manifest the
// worker picks from (sw/pageManifest.ts).
// PRERENDER_TIMING=1 prints the time of each route (and each style sample): the build's slowest step.
/* global document, window, history, dispatchEvent, PopStateEvent, requestAnimationFrame, CSSStyleRule, CSSMediaRule, CSSSupportsRule -- functions passed to page.evaluate run in the browser */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasChromium, launch, PHONE, CHROMIUM } from './lib/chromium.mjs';
import { MANIFEST_FILE, mergeRules, networkFile, pageHtml, PEOPLE_FILE, servedFile, SHELL_FILE, slotOf } from './prerender/pages.mjs';
import { CONTENT_ROUTES, PROFILE_ROUTES } from './prerender/routes.mjs';

export { mergeRules, pageHtml } from './prerender/pages.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The visitor the build browses as; found in any written page, it fails the build (pages are for everyone). */
const BUILD_VISITOR = 'prerender-build-visitor';

/**
 * The bare build on loopback with the server every other part of the project uses (`vite preview`): files as
 * they are, every other path gets index.html — still untouched, since nothing is written before the last capture.
 * No config file: this build's own plugins (this one included) must not run again.
 */
async function serve(outDir) {
  const { preview } = await import('vite');
  const server = await preview({ configFile: false, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!origin) throw new Error('prerender: vite preview did not report its address');
  return { server, origin };
}

/**
 * The page's #root and the CSS rules it uses, read in the browser. Only rules whose selector matches something
 * on the page are inlined (parsing and matching the whole app's 15 kB of CSS was most of the first paint's cost);
 * the entry stylesheet itself still loads, without blocking the paint (pageHtml, src/app/prerender.ts).
 * `rules`: [position in the document's CSS, text] so the rules of several captures can be merged in order.
 */
function capture({ keepSelectors = [], css = true } = {}) {
  const root = document.getElementById('root');
  // The first screen of a visit never animates; a screen reached by client-side navigation carries a
  // slide class that must not replay when the prerendered copy is shown.
  for (const el of root.querySelectorAll('.page')) el.className = 'page page-initial';
  // What a visitor types before React takes over would be lost with the static copy: its fields are read-only.
  for (const el of root.querySelectorAll('input, textarea')) el.setAttribute('readonly', '');
  const used = (selector) => {
    if (keepSelectors.some((k) => selector.includes(k))) return true;
    // States (:hover, :focus-visible, ::before…) count by the element they style.
    const bare = selector.replace(/::?[a-z-]+(\([^)]*\))?/gi, '').trim() || '*';
    try {
      return document.querySelector(bare) !== null;
    } catch {
      return true; // a selector this engine cannot test: keep it
    }
  };
  let position = 0;
  const rules = [];
  const keep = (list, wrap) => {
    for (const rule of list) {
      position += 1;
      if (rule instanceof CSSStyleRule) {
        if (rule.selectorText.split(',').some(used)) rules.push([position, wrap(rule.cssText)]);
      } else if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
        const at = rule instanceof CSSMediaRule ? `@media ${rule.conditionText}` : `@supports ${rule.conditionText}`;
        keep(rule.cssRules, (text) => wrap(`${at} { ${text} }`));
      } else {
        rules.push([position, wrap(rule.cssText)]); // @keyframes, @font-face, @property: small, always kept
      }
    }
  };
  if (css) for (const sheet of document.styleSheets) keep(sheet.cssRules, (text) => text);
  const frame = root.cloneNode(true);
  for (const page of frame.querySelectorAll('.page')) page.replaceChildren();
  return { html: root.innerHTML, frame: frame.innerHTML, rules };
}

const assetPath = (url, origin) => (url.startsWith(`${origin}/assets/`) && /\.(js|css)$/.test(url) ? url.slice(origin.length) : null);

/**
 * @param {{ outDir: string, islands?: Record<string, string[]>, log?: (line: string) => void }} options
 *   islands: script entries of the build by source path → [its file, the files it imports], as URL paths.
 * @returns {Promise<{ pages: number, people: number, skipped?: string }>}
 */
export async function prerender({ outDir, islands = {}, log = console.log }) {
  if (!hasChromium()) {
    const why = `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH): built without prerendered pages — the app works, its first paint waits for the JavaScript`;
    log(`prerender: ${why}`);
    // firebase.json and the preview server send unknown paths to app.html, and the service worker serves its
    // shell from the manifest: both must exist either way.
    const shell = await readFile(join(outDir, 'index.html'), 'utf8');
    await mkdir(join(outDir, 'prerender'), { recursive: true });
    await writeFile(join(outDir, 'app.html'), shell);
    await writeFile(join(outDir, SHELL_FILE), shell);
    await writeFile(join(outDir, MANIFEST_FILE), JSON.stringify({ version: 1, pages: {}, shell: `/${SHELL_FILE}`, people: `/${PEOPLE_FILE}` }));
    return { pages: 0, people: 0, skipped: why };
  }
  const started = Date.now();
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  // The loader prerendered pages start the app with (src/boot.ts); app.html starts it directly.
  const boot = islands['src/boot.ts']?.[0];
  if (!boot) throw new Error('prerender: src/boot.ts is not an entry of this build (vite.config.ts input)');
  const { server, origin } = await serve(outDir);
  const browser = await launch();
  try {
    /** A fresh browser profile set up like a first visit that no other origin answers (but `answers`). */
    const buildContext = async (answers = []) => {
      // English whatever the build machine's language: the prerendered pages are the English ones (issue #22).
      const ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'block', reducedMotion: 'no-preference', locale: 'en-US' });
      // Motion as most visitors have it (the carousel shows its Pause button); reduced-motion visitors get Play once React takes over.
      // Nothing from another origin answers: Firestore reads stay pending (a loading state, never "offline").
      await ctx.route((url) => url.origin !== origin, (r) => {
        const answer = answers.find((a) => r.request().url().includes(a.url));
        if (!answer) return undefined;
        const body = typeof answer.body === 'function' ? answer.body(r.request()) : answer.body;
        return r.fulfill({ status: answer.status ?? 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(body) });
      });
      // Work the app defers to idle time (service worker, outbox, vitals) is not part of any screen.
      await ctx.addInitScript((uid) => {
        // Every capture starts as a first visit: what one screen's capture left in storage (the landing's
        // variants remember the last category opened) must not show on the next as someone's history — /home
        // carried a "Last viewed" card for every first visitor until 2026-11-28 (found by the Node prerender spike).
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch {
          // about:blank has no storage; nothing to clear
        }
        window.requestIdleCallback = () => 0;
        // A known visitor id (the app accepts one from its host), so the build can prove no page carries it.
        window.__TOWN_SQUARE_UID__ = uid;
      }, BUILD_VISITOR);
      return ctx;
    };
    const context = await buildContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let requested = new Set();
    let origins = new Set();
    let gets = new Set();
    // Every in-app link the captured screens show: a route with variants is prerendered for the values of its
    // parameter that the app links to (the landing's categories, the people Event Details and the stories name).
    const linked = new Set();
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.resourceType() === 'fetch' && new URL(r.url()).origin !== origin) gets.add(r.url());
      const p = assetPath(r.url(), origin);
      if (p) requested.add(p);
      const o = new URL(r.url()).origin;
      // Data the screen reads while it renders (Firestore for /vote); portraits on other hosts are not worth it.
      if (o !== origin && o.startsWith('http') && ['fetch', 'xhr'].includes(r.resourceType())) origins.add(o);
    });
    const inEntry = new Set([...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));

    // Done when nothing is loading (unless the page is a loading state) and the text has not changed for
    // 150 ms: the civic hub shows its sections first, then the tiles and counts from IndexedDB.
    const settle = (busy) =>
      page.waitForFunction(
        (allowBusy) => {
          const w = window;
          const root = document.getElementById('root');
          const text = root.textContent;
          const now = performance.now();
          if (text !== w.__lastText || (!allowBusy && root.querySelector('.spinner'))) {
            w.__lastText = text;
            w.__since = now;
            return false;
          }
          return now - w.__since >= 150;
        },
        busy,
        { timeout: 20_000, polling: 25 },
      ).then(() => page.evaluate(() => document.fonts.ready));
    /** Loads a screen from scratch; returns what its page should fetch early. The caller captures it. */
    const load = async (path, ready, busy = false, preloadData = false) => {
      requested = new Set();
      origins = new Set();
      gets = new Set();
      await page.goto(origin + path, { waitUntil: 'load' });
      await page.waitForSelector(ready, { state: 'attached', timeout: 20_000 });
      await settle(busy);
      for (const href of await page.evaluate(() => [...document.querySelectorAll('#root a[href^="/"]')].map((a) => a.getAttribute('href')))) linked.add(href);
      const preloads = [...requested].filter((p) => p.endsWith('.js') && !inEntry.has(p));
      // The screen's own stylesheets (its lazy chunks' CSS): linked by the page beside the app's, so they arrive
      // with the first wave of downloads instead of after the entry has run and asked for the screen's chunk.
      const styles = [...requested].filter((p) => p.endsWith('.css') && !inEntry.has(p));
      // Open the data server's connection while the JS downloads instead of after it.
      return { preloads, styles, connect: [...origins], fetches: preloadData ? [...gets] : [] };
    };

    // Written only after the last capture: the server reads index.html from disk for every path.
    const outputs = new Map();
    const writePage = (file, html) => {
      if (html.includes(BUILD_VISITOR)) throw new Error(`prerender: ${file} contains the build's visitor id — that screen shows personal data and must not be prerendered`);
      outputs.set(file, html);
    };
    /** @type {Record<string, import('../sw/pageManifest').PageEntry>} */
    const manifest = {};
    /** Both variants of a page, and its manifest entry (the worker serves the deferred one). */
    const writeVariants = (path, shot, body, { deferred = false, onQuery = 'frame' } = {}) => {
      const served = pageHtml(template, shot, body, path, 'deferred');
      writePage(networkFile(path), deferred ? served : pageHtml(template, shot, body, path, 'full'));
      writePage(servedFile(path), served);
      manifest[path] = { file: `/${servedFile(path)}`, slot: slotOf(served), onQuery, ...(shot.variants?.items.length ? { variants: shot.variants.param } : {}) };
    };

    let pages = 0;
    for (const route of CONTENT_ROUTES) {
      const t0 = Date.now();
      const early = await load(route.url ?? route.path, route.ready, Boolean(route.busy), Boolean(route.preloadData));
      const shot = await page.evaluate(capture, { keepSelectors: route.keep ?? [] });
      const island = route.island ? islands[route.island] : undefined;
      if (route.island && !island) throw new Error(`prerender: ${route.path} runs ${route.island}, which build/prerender.ts does not build (its ISLANDS)`);
      const rules = [shot.rules];
      for (const answers of route.styleSamples ?? []) {
        // What the page's island (or React) will draw into the loading state must be styled by the inline
        // CSS too, or it reflows when the app stylesheet arrives: render the screen once more, in a separate
        // profile, with sample answers, and keep the rules that uses. Only the CSS of that pass is kept.
        const ts = Date.now();
        const sampleContext = await buildContext(answers);
        try {
          const samplePage = await sampleContext.newPage();
          await samplePage.goto(origin + (route.url ?? route.path), { waitUntil: 'load' });
          // Drawn: no loading state left on the screen, and still for 150 ms.
          await samplePage.waitForFunction(() => {
            const w = window;
            const main = document.querySelector('#root main');
            const text = main?.textContent ?? '';
            if (!main || main.querySelector('.spinner, [aria-busy="true"]') || text !== w.__sampleText) {
              w.__sampleText = text;
              w.__sampleSince = performance.now();
              return false;
            }
            return performance.now() - w.__sampleSince >= 150;
          }, null, { timeout: 20_000, polling: 25 });
          rules.push((await samplePage.evaluate(capture, { keepSelectors: route.keep ?? [] })).rules);
        } finally {
          await sampleContext.close();
          if (process.env.PRERENDER_TIMING) log(`    sample: ${Date.now() - ts} ms`);
        }
      }
      let variants;
      if (route.variants) {
        const { param, ready } = route.variants;
        const values = new Set();
        for (const href of linked) {
          const u = new URL(href, origin);
          if (u.pathname === route.path && u.searchParams.get(param)) values.add(u.searchParams.get(param));
        }
        if (values.size === 0) throw new Error(`prerender: ${route.path} has variants by ?${param}=, but no captured screen links to one`);
        variants = { param, items: [] };
        for (const value of [...values].sort()) {
          await load(`${route.path}?${new URLSearchParams({ [param]: value })}`, ready, true);
          const shotOf = await page.evaluate(capture, { keepSelectors: route.keep ?? [] });
          rules.push(shotOf.rules);
          variants.items.push({ value, html: shotOf.html });
        }
      }
      writeVariants(route.path, { ...early, css: mergeRules(...rules), island, boot, variants }, shot.html, { deferred: Boolean(route.deferred), onQuery: route.onQuery ?? 'frame' });
      if (process.env.PRERENDER_TIMING) log(`  ${route.path}: ${Date.now() - t0} ms`);
      pages += 1;
    }

    const people = {};
    for (const route of PROFILE_ROUTES) {
      const t0 = Date.now();
      const entries = [];
      for (const pack of route.packs) entries.push(...JSON.parse(await readFile(join(ROOT, 'src/data/packs', `${pack}.json`), 'utf8')).entries);
      let early = null;
      let frame = '';
      const htmls = [];
      for (const entry of entries) {
        const q = route.q(entry);
        const url = `${route.path}?q=${encodeURIComponent(q)}`;
        const done = (name) => {
          const main = document.querySelector('#root main');
          return Boolean(main && !main.querySelector('.spinner') && main.querySelector('article') && main.textContent.includes(name));
        };
        if (!early) {
          // A full load, so the chunks this route needs are seen and preloaded by its page.
          early = await load(url, '#root main article');
          await page.waitForFunction(done, entry.name, { timeout: 20_000 });
        } else {
          // The rest by client-side navigation: the router reacts to popstate like to the back button.
          await page.evaluate((u) => {
            history.pushState(null, '', u);
            dispatchEvent(new PopStateEvent('popstate'));
          }, url);
          await page.waitForFunction(done, entry.name, { timeout: 20_000 });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        }
        // The HTML only: walking every style rule once per profile was 31 of the build's 33 seconds.
        const shot = await page.evaluate(capture, { css: false });
        people[`${route.path}?q=${q}`] = shot.html;
        frame ||= shot.frame;
        htmls.push(shot.html);
      }
      // Every profile of the route is shown with this page's CSS, the union of theirs: all of them in the
      // document at once (React is done with it; the next route starts with a full load), then one walk.
      await page.evaluate((all) => {
        document.getElementById('root').innerHTML = all.join('');
      }, htmls);
      const { rules } = await page.evaluate(capture, {});
      writeVariants(route.path, { ...early, css: mergeRules(rules), boot }, frame);
      if (process.env.PRERENDER_TIMING) log(`  ${route.path}: ${entries.length} profiles in ${Date.now() - t0} ms`);
      pages += 1;
    }
    writePage(PEOPLE_FILE, JSON.stringify(people));
    // Personal screens, forms and unknown paths: the app shell with the CSS inlined and nothing prerendered.
    const shell = pageHtml(template, { css: await entryCss(outDir, template), preloads: [] }, '', null);
    writePage('app.html', shell);
    writePage(SHELL_FILE, shell);
    writePage(MANIFEST_FILE, JSON.stringify({ version: 1, pages: manifest, shell: `/${SHELL_FILE}`, people: `/${PEOPLE_FILE}` }));
    if (errors.length > 0) throw new Error(`prerender: the app threw while rendering: ${errors.join(' | ')}`);
    await mkdir(join(outDir, 'prerender'), { recursive: true });
    for (const [file, html] of outputs) await writeFile(join(outDir, file), html);
    const count = Object.keys(people).length;
    log(`prerender: ${pages} pages (network + served variants) + the shell, ${count} profiles in ${PEOPLE_FILE} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { pages, people: count };
  } finally {
    await browser.close();
    await server.close();
  }
}

async function entryCss(outDir, template) {
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)].map((m) => m[1]);
  return (await Promise.all(links.map((href) => readFile(join(outDir, href), 'utf8')))).join('\n');
}
