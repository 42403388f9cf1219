// Build step (issue #8): write each content screen's HTML as the app itself renders it, so the first paint —
// a first visit on slow 4G, or a repeat visit served offline by the service worker — never waits for the
// JavaScript. Run by the `town-square-prerender` plugin in vite.config.ts after Vite has written the bundle
// and before vite-plugin-pwa builds the precache list, so every file written here is precached.
//
// How: serve the fresh build on loopback, open each screen in Debian's Chromium (service workers blocked,
// every other origin left unanswered so no live data — and no "offline" message — ends up in a page), wait
// until the screen has rendered, and take:
//   - the markup of #root            → <div id="prerender"> in the page's HTML (src/app/prerender.ts swaps
//                                       it for the live React tree once that tree has the same content);
//   - the CSS the screen uses        → one inline <style> instead of the render-blocking stylesheet link;
//   - the JS chunks the screen loaded → <link rel="modulepreload">, so the route chunk (and data pack) load
//                                       in parallel with the entry instead of after it.
// Output: index.html (landing), <path>.html per content screen, app.html (no content: personal screens and
// unknown paths), and prerender/people.json — the profile of every official, which the service worker
// stitches into the profile route's page for /onegovernor?q=…, /minister?q=…, /profile?q=….
/* global document, window, history, dispatchEvent, PopStateEvent, requestAnimationFrame, CSSStyleRule, CSSMediaRule, CSSSupportsRule -- functions passed to page.evaluate run in the browser */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasChromium, launch, PHONE, CHROMIUM } from './lib/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Screens whose content does not depend on who is looking or on the network. `ready`: what must be on screen. */
export const CONTENT_ROUTES = [
  { path: '/', ready: 'main h1' },
  { path: '/home', ready: 'main h1' },
  { path: '/local', ready: '.civic-tile' },
  // The list comes from Firestore: the page is its header, tabs and the loading state. `preloadData`: the
  // public GET the screen makes while rendering is preloaded by the page (never set it on a screen whose
  // requests carry the visitor's id: the build's visitor would be baked into everyone's page).
  // `island`: a script entry the page runs before the app (here: the preloaded list drawn as cards).
  // `styleSample`: an answer to one of its requests, so the inline CSS also covers the cards drawn later.
  {
    path: '/vote',
    ready: '#polls-panel [role="progressbar"]',
    busy: true,
    preloadData: true,
    island: 'src/features/polls/preview.ts',
    styleSample: {
      url: '/documents/user-polls?',
      ready: '.poll-card',
      body: {
        documents: [
          {
            name: 'projects/style-sample/databases/(default)/documents/user-polls/style-sample',
            fields: {
              pollId: { stringValue: 'style-sample' },
              title: { stringValue: 'Sample poll' },
              questions: { arrayValue: { values: [] } },
              uploadedBy: { mapValue: { fields: { id: { stringValue: 'sample' }, first_name: { stringValue: 'Sam' } } } },
              uploadedOn: { timestampValue: '2025-01-01T00:00:00Z' },
            },
          },
        ],
      },
    },
  },
  { path: '/more', ready: 'main h1, main h2' },
  { path: '/extra', ready: 'main h1, main h2' },
  { path: '/governors', ready: '.civic-tile, .civic-list a' },
  { path: '/cabinet', ready: '.civic-tile, .civic-list a' },
  { path: '/michigan', ready: '.civic-tile, .civic-list a' },
  { path: '/court', ready: '.civic-tile, .civic-list a' },
  { path: '/voter-resources', ready: 'main h1, main h2' },
  { path: '/help', ready: 'main h1, main h2' },
  { path: '/privacy-policy', ready: 'main h1, main h2' },
  { path: '/terms-conditions', ready: 'main h1, main h2' },
  { path: '/partners', ready: 'main h1, main h2' },
  { path: '/stories-page', ready: 'main h1, main h2' },
  { path: '/poll-categories', ready: 'main h1, main h2' },
];

/** Profile routes: the page itself is the frame (header space + bottom nav); each person is a fragment. */
export const PROFILE_ROUTES = [
  { path: '/onegovernor', packs: ['governors'], q: (e) => e.name },
  { path: '/minister', packs: ['cabinet', 'michigan', 'court'], q: (e) => e.name },
  { path: '/profile', packs: ['executive'], q: (e) => e.key ?? e.name },
];

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
function capture() {
  const root = document.getElementById('root');
  // The first screen of a visit never animates; a screen reached by client-side navigation carries a
  // slide class that must not replay when the prerendered copy is shown.
  for (const el of root.querySelectorAll('.page')) el.className = 'page page-initial';
  // What a visitor types before React takes over would be lost with the static copy: its fields are read-only.
  for (const el of root.querySelectorAll('input, textarea')) el.setAttribute('readonly', '');
  const used = (selector) => {
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
  for (const sheet of document.styleSheets) keep(sheet.cssRules, (text) => text);
  const frame = root.cloneNode(true);
  for (const page of frame.querySelectorAll('.page')) page.replaceChildren();
  return { html: root.innerHTML, frame: frame.innerHTML, rules };
}

/** Rules of one or more captures, each once, in the document's order. */
export function mergeRules(...lists) {
  const byPosition = new Map();
  for (const list of lists) for (const [p, text] of list) byPosition.set(`${p}:${text}`, [p, text]);
  return [...byPosition.values()].sort((a, b) => a[0] - b[0]).map(([, text]) => text).join('\n');
}

const assetPath = (url, origin) => (url.startsWith(`${origin}/assets/`) && url.endsWith('.js') ? url.slice(origin.length) : null);

/**
 * @param {{ outDir: string, islands?: Record<string, string[]>, log?: (line: string) => void }} options
 *   islands: script entries of the build by source path → [its file, the files it imports], as URL paths.
 * @returns {Promise<{ pages: number, people: number, skipped?: string }>}
 */
export async function prerender({ outDir, islands = {}, log = console.log }) {
  if (!hasChromium()) {
    const why = `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH): built without prerendered pages — the app works, its first paint waits for the JavaScript`;
    log(`prerender: ${why}`);
    // firebase.json and the preview server send unknown paths to app.html: it must exist either way.
    await writeFile(join(outDir, 'app.html'), await readFile(join(outDir, 'index.html'), 'utf8'));
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
    /** A fresh browser profile set up like a first visit that no other origin answers (but `answer`). */
    const buildContext = async (answer = null) => {
      const ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'block', reducedMotion: 'no-preference' });
      // Motion as most visitors have it (the carousel shows its Pause button); reduced-motion visitors get Play once React takes over.
      // Nothing from another origin answers: Firestore reads stay pending (a loading state, never "offline").
      await ctx.route((url) => url.origin !== origin, (r) =>
        answer && r.request().url().includes(answer.url) ? r.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(answer.body) }) : undefined,
      );
      // Work the app defers to idle time (service worker, outbox, vitals) is not part of any screen.
      await ctx.addInitScript((uid) => {
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
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.resourceType() === 'fetch' && new URL(r.url()).origin !== origin) gets.add(r.url());
      const p = assetPath(r.url(), origin);
      if (p) requested.add(p);
      const o = new URL(r.url()).origin;
      // Data the screen reads while it renders (Firestore for /vote); portraits on other hosts are not worth it.
      if (o !== origin && o.startsWith('http') && ['fetch', 'xhr'].includes(r.resourceType())) origins.add(o);
    });
    const inEntry = new Set([...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));

    // Done when nothing is loading (unless the page is a loading state) and the text has not changed for
    // 150 ms: the civic hub shows its sections first, then the tiles and counts from IndexedDB.
    const settle = (busy) =>
      page.waitForFunction(
        (allowBusy) => {
          const w = window;
          const root = document.getElementById('root');
          const text = root.textContent;
          const now = performance.now();
          if (text !== w.__lastText || (!allowBusy && root.querySelector('[role="progressbar"]'))) {
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
      const preloads = [...requested].filter((p) => !inEntry.has(p));
      // Open the data server's connection while the JS downloads instead of after it.
      return { preloads, connect: [...origins], fetches: preloadData ? [...gets] : [] };
    };

    // Written only after the last capture: the server reads index.html from disk for every path.
    const outputs = new Map();
    const writePage = (file, html) => {
      if (html.includes(BUILD_VISITOR)) throw new Error(`prerender: ${file} contains the build's visitor id — that screen shows personal data and must not be prerendered`);
      outputs.set(file, html);
    };

    let pages = 0;
    for (const route of CONTENT_ROUTES) {
      const early = await load(route.path, route.ready, Boolean(route.busy), Boolean(route.preloadData));
      const shot = await page.evaluate(capture);
      const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`;
      const island = route.island ? islands[route.island] : undefined;
      if (route.island && !island) throw new Error(`prerender: ${route.path} runs ${route.island}, which is not an entry of this build (vite.config.ts input)`);
      const rules = [shot.rules];
      if (route.styleSample) {
        // What the page's island (or React) will draw into the loading state must be styled by the inline
        // CSS too, or it reflows when the app stylesheet arrives: render the screen once more, in a separate
        // profile, with a sample answer, and keep the rules that uses. Only the CSS of that pass is kept.
        const sampleContext = await buildContext(route.styleSample);
        try {
          const samplePage = await sampleContext.newPage();
          await samplePage.goto(origin + route.path, { waitUntil: 'load' });
          await samplePage.waitForSelector(route.styleSample.ready, { timeout: 20_000 });
          rules.push((await samplePage.evaluate(capture)).rules);
        } finally {
          await sampleContext.close();
        }
      }
      writePage(file, pageHtml(template, { ...early, css: mergeRules(...rules), island, boot }, shot.html, route.path));
      pages += 1;
    }

    const people = {};
    for (const route of PROFILE_ROUTES) {
      const entries = [];
      for (const pack of route.packs) entries.push(...JSON.parse(await readFile(join(ROOT, 'src/data/packs', `${pack}.json`), 'utf8')).entries);
      let early = null;
      let frame = '';
      const rules = []; // every profile of the route is shown with this page's CSS: the union of theirs
      for (const entry of entries) {
        const q = route.q(entry);
        const url = `${route.path}?q=${encodeURIComponent(q)}`;
        const done = (name) => {
          const main = document.querySelector('#root main');
          return Boolean(main && !main.querySelector('[role="progressbar"]') && main.querySelector('article') && main.textContent.includes(name));
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
        const shot = await page.evaluate(capture);
        people[`${route.path}?q=${q}`] = shot.html;
        frame ||= shot.frame;
        rules.push(shot.rules);
      }
      writePage(`${route.path.slice(1)}.html`, pageHtml(template, { ...early, css: mergeRules(...rules), boot }, frame, route.path));
      pages += 1;
    }
    writePage('prerender/people.json', JSON.stringify(people));
    // Personal screens, forms and unknown paths: the app shell with the CSS inlined and nothing prerendered.
    writePage('app.html', pageHtml(template, { css: await entryCss(outDir, template), preloads: [] }, '', null));
    if (errors.length > 0) throw new Error(`prerender: the app threw while rendering: ${errors.join(' | ')}`);
    await mkdir(join(outDir, 'prerender'), { recursive: true });
    for (const [file, html] of outputs) await writeFile(join(outDir, file), html);
    const count = Object.keys(people).length;
    log(`prerender: ${pages} pages + app.html, ${count} profiles in prerender/people.json (${((Date.now() - started) / 1000).toFixed(1)} s)`);
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

/**
 * An island script runs as soon as it has loaded (async: it waits neither for parsing nor for the app's entry);
 * its imports the entry does not already preload are preloaded beside it. Outside the <!--preloads--> block,
 * which the service worker drops: served offline, the page still runs it.
 */
function islandTags(template, island) {
  if (!island) return '';
  const [file, ...imports] = island;
  const preload = imports.filter((f) => !template.includes(`"${f}"`)).map((f) => `    <link rel="modulepreload" crossorigin href="${f}">\n`);
  return `    <script type="module" async crossorigin src="${file}"></script>\n${preload.join('')}`;
}

/**
 * The built index.html with the screen's CSS inlined, its chunks preloaded and its markup in #prerender.
 * A page with a screen (`path`) inlines only the rules that screen uses and keeps the app stylesheet as a
 * non-blocking `media="print"` link that src/app/prerender.ts switches on before React mounts; app.html
 * (`path` null) inlines the whole app stylesheet instead.
 */
export function pageHtml(template, { css, preloads, connect = [], fetches = [], island, boot }, body, path) {
  const STYLESHEET = /\s*<link rel="stylesheet"([^>]*)href="(\/assets\/[^"]+\.css)"[^>]*>/g;
  let html = path === null ? template.replace(STYLESHEET, '') : template.replace(STYLESHEET, (_tag, attrs, href) => `\n    <link rel="stylesheet"${attrs}href="${href}" media="print" data-full-css>`);
  if (path !== null && boot) {
    // The screen is in the HTML: start the app once it has painted (src/boot.ts, which finds the entry
    // in data-app-entry). The entry stays a modulepreload, so on a visit from the network it downloads
    // meanwhile; the service worker drops the preloads of pages it serves from its cache (sw/page.ts), so
    // boot.ts asks for them itself when it starts (data-app-preload), all at once beside the entry;
    // data-app-css: the app stylesheet, which boot.ts links itself when the service worker dropped the link.
    const chunks = [...[...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]), ...preloads.filter((p) => !island?.includes(p))];
    const styles = [...template.matchAll(STYLESHEET)].map((m) => m[2]);
    html = html.replace(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/, (_tag, src) => `<script type="module" crossorigin src="${boot}" data-app-entry="${src}" data-app-preload="${chunks.join(' ')}" data-app-css="${styles.join(' ')}"></script>\n    <link rel="modulepreload" crossorigin href="${src}">`);
  }
  // index.html preloads the landing's banner; a page that does not show that image should not spend bandwidth on it.
  html = html.replace(/\s*(?:<!--[^>]*-->\s*)?<link rel="preload" as="image" href="([^"]+)"[^>]*>/g, (tag, href) => (body.includes(href) ? tag : ''));
  html = html.replace('</head>', `  <style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n${connect.map((o) => `    <link rel="preconnect" href="${o}" crossorigin>\n`).join('')}${fetches.map((u) => `    <link rel="preload" as="fetch" href="${u.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" crossorigin>\n`).join('')}${islandTags(template, island)}    <!--preloads-->${preloads.filter((p) => !island?.includes(p)).map((p) => `<link rel="modulepreload" crossorigin href="${p}">`).join('')}<!--/preloads-->\n  </head>`);
  // The comment markers let the service worker put a profile where the frame is (sw/sw.ts).
  const attr = path === null ? '' : ` data-path="${path}"`;
  return html.replace('<div id="root"></div>', `<div id="prerender"${attr}><!--prerender-->${body}<!--/prerender--></div>\n    <div id="root"></div>`);
}
