// Prerendered pages only (scripts/prerender/pages.mjs puts this in place of the app's entry script, or, on a page
// with an island — the /vote preview, the award ballot — the island imports it): load the app once the screen
// that is already in the HTML has painted. Why: served from the service worker's cache, the ~400 kB of framework
// code is ready as soon as the HTML is parsed, and evaluating it before the first frame is presented holds the
// cached screen back. On a visit from the network the entry and its imports are modulepreloads in the page, so
// they download meanwhile; pages served from the cache (and the award ballot's, from the network) carry no
// preloads, and this asks for them when it starts.
//
// "Painted" = the browser's first-contentful-paint entry, not the next animation frame (measured:
// docs/benchmarks.md, section 3: starting one frame later still delayed the cached landing's heading).
import { afterFirstPaint } from './lib/firstPaint';

// Chromium's offer to install the app fires once per page load, and may come before the app's code has arrived:
// keep it in the object src/lib/installPrompt.ts keeps it in (under a symbol, not an import: a module shared
// with the entry would be one more file on a first visit).
addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault();
  ((globalThis as { [k: symbol]: { offer?: Event } })[Symbol.for('town-square.install-prompt')] ??= {}).offer = e;
});

// On the boot script's own tag (or, on an island's page, an inert JSON script in the head), not in <link>s: the
// pages served from the cache have no preload or stylesheet links.
const tag = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = tag?.dataset['appEntry'];
const listed = (value: string | undefined): string[] => value?.split(' ').filter(Boolean) ?? [];
/** The entry's imports and the screen's chunks, which the page preloads when it comes from the network. */
const chunks = listed(tag?.dataset['appPreload']);
/**
 * The framework's chunks (React, the router), which the entry imports. Evaluated one per task before it: as one
 * module graph, compiling and running ~400 kB of framework and app was a single task of ~35 ms unthrottled here,
 * ~140 ms at Lighthouse's 4x CPU, which a tap on the prerendered screen waits behind. A module evaluates once, so
 * the entry's own import of them then only links them.
 */
const stages = listed(tag?.dataset['appStages']);
/** The app stylesheet(s), which the page links with `media="print"` when it comes from the network. */
const styles = listed(tag?.dataset['appCss']);

/** Adds a `<link>` for each href the page has no `present` link for; `kind` sets what the link is. */
const addLinks = (present: string, hrefs: readonly string[], kind: (link: HTMLLinkElement) => void): void => {
  const have = new Set([...document.querySelectorAll<HTMLLinkElement>(present)].map((l) => l.getAttribute('href')));
  for (const href of hrefs) {
    if (have.has(href)) continue;
    const link = document.createElement('link');
    kind(link);
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
};

/**
 * From the cache (no preload links left), importing the entry alone would fetch its imports level by level
 * as each one is parsed: ask for every chunk now, beside it (without it the app took over later: docs/benchmarks.md,
 * section 3).
 */
const preloadChunks = (hrefs: readonly string[]): void =>
  addLinks('link[rel="modulepreload"]', hrefs, (link) => {
    link.rel = 'modulepreload';
  });

/**
 * Links added per task. Adding a link costs 1-3 ms of main thread here (4-12 ms at Lighthouse's 4× CPU): the twenty
 * chunks and three stylesheets in one task made it a 50-190 ms task at 4× in profiles of / and /vote, which a tap
 * then waits behind; five per task still took 6-14 ms unthrottled in profiles of /vote. Two per task keeps each
 * under Lighthouse's 50 ms at 4× (docs/benchmark-notes.md, 2026-11-29).
 */
const LINKS_PER_TASK = 2;
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A deferred page (from the cache, or the ballot's) comes without the stylesheet link (any request made while the
 * screen is parsed held its paint back): add it now, in the same non-blocking form, for src/app/prerender.ts
 * to switch on.
 */
const linkStyles = (): void =>
  addLinks('link[data-full-css]', styles, (link) => {
    link.rel = 'stylesheet';
    link.media = 'print';
    link.dataset['fullCss'] = '';
  });

// A page's own script that draws its screen's data before the app (the /vote polls preview, the award ballot:
// src/features/polls/preview.ts, ballotIsland.ts) asks for the app to wait until it has drawn: the screen's
// content first, then ~130 kB of framework to download and ~400 kB to evaluate, which would otherwise share the
// venue's bandwidth with the screen's data and hold its paint back on a slow phone. The island sets a promise
// under the same registered symbol when it runs; it may run after this script (its file can arrive later), so a
// page that has one says so on the boot tag (data-app-island) and this waits for the promise to be set.
// Never more than BEFORE_APP_MAX_MS.
const BEFORE_APP = Symbol.for('town-square.before-app');
const BEFORE_APP_MAX_MS = 1500;
type Host = { [BEFORE_APP]?: Promise<unknown> };
const islandDrawn = (): Promise<unknown> => {
  const host = globalThis as Host;
  if (host[BEFORE_APP] || tag?.dataset['appIsland'] === undefined) return Promise.resolve(host[BEFORE_APP]);
  // Not set yet: hear it the moment the island sets it.
  return new Promise((resolve) => {
    let value: Promise<unknown> | undefined;
    Object.defineProperty(host, BEFORE_APP, {
      configurable: true,
      get: () => value,
      set: (v: Promise<unknown>) => {
        value = v;
        resolve(v);
      },
    });
  });
};
const beforeApp = (): Promise<unknown> => Promise.race([islandDrawn(), new Promise((resolve) => setTimeout(resolve, BEFORE_APP_MAX_MS))]);

const start = async (): Promise<void> => {
  if (!entry) return;
  linkStyles();
  // In the page's order: the entry and its imports first, which the import below needs first.
  for (let i = 0; i < chunks.length; i += LINKS_PER_TASK) {
    await nextTask();
    preloadChunks(chunks.slice(i, i + LINKS_PER_TASK));
  }
  await nextTask();
  const load = async (): Promise<unknown> => {
    for (const stage of stages) {
      await import(/* @vite-ignore */ new URL(stage, document.baseURI).href);
      await nextTask();
    }
    return import(/* @vite-ignore */ new URL(entry, document.baseURI).href);
  };
  load().catch((err: unknown) => {
    // A chunk that cannot load (a deploy replaced it mid-visit, or the network dropped on a first visit):
    // say so rather than leave a page that looks alive but does nothing.
    console.error('Town Square could not start', err);
    const note = document.createElement('p');
    note.setAttribute('role', 'alert');
    note.textContent = 'Town Square could not start. Check your connection and reload the page.';
    // Styled here: the page's inline CSS only covers its own screen.
    note.style.cssText = 'margin:0;padding:.75rem 1rem;background:#fff4e5;color:#5c3a00;border-bottom:1px solid #e0b15c;font-weight:600';
    document.getElementById('prerender')?.prepend(note);
  });
};

void afterFirstPaint()
  .then(beforeApp)
  .then(start);
