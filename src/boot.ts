// Prerendered pages only (scripts/prerender.mjs puts this in place of the app's entry script): load the app
// once the screen that is already in the HTML has painted. Why: served from the service worker's cache,
// the ~400 kB of framework code is ready as soon as the HTML is parsed, and evaluating it before the first
// frame is presented holds the cached screen back. On a visit from the network the entry and its imports are
// modulepreloads in the page, so they download meanwhile; the service worker drops those preloads from the
// pages it serves (sw/page.ts: compiling them competed with the paint too).
//
// "Painted" = the browser's first-contentful-paint entry, not the next animation frame: measured offline
// on 2026-11-26 (landing from the cache, medians of 15, docs/benchmarks.md), starting one frame later still
// delayed the heading's presentation from 44 to 72 ms (136 → 172 ms with 4x CPU); starting on the FCP
// entry left it where a page with no scripts at all paints.
import { afterFirstPaint } from './lib/firstPaint';

// On the boot script's own tag, not in <link>s: the service worker removes the preload and stylesheet links.
const tag = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = tag?.dataset['appEntry'];
const listed = (value: string | undefined): string[] => value?.split(' ').filter(Boolean) ?? [];
/** The entry's imports and the screen's chunks, which the page preloads when it comes from the network. */
const chunks = listed(tag?.dataset['appPreload']);
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
 * as each one is parsed: ask for every chunk now, beside it. Measured offline on 2026-11-26 (landing and a
 * governor profile, 4x CPU): without this the app took over up to ~40 ms later than with the links.
 */
const preloadChunks = (): void =>
  addLinks('link[rel="modulepreload"]', chunks, (link) => {
    link.rel = 'modulepreload';
  });

/**
 * From the cache the page also comes without the stylesheet link (sw/page.ts: any request made while the
 * screen is parsed held its paint back): add it now, in the same non-blocking form, for src/app/prerender.ts
 * to switch on.
 */
const linkStyles = (): void =>
  addLinks('link[data-full-css]', styles, (link) => {
    link.rel = 'stylesheet';
    link.media = 'print';
    link.dataset['fullCss'] = '';
  });

// A page's own script that draws its screen's data before the app (the /vote polls preview,
// src/features/polls/preview.ts) may ask for the app to wait until it has drawn: the screen's content
// first, then ~400 kB of framework evaluation, which would otherwise hold that paint back on a slow phone.
// The same registered symbol is used there. Never more than BEFORE_APP_MAX_MS.
const BEFORE_APP = Symbol.for('town-square.before-app');
const BEFORE_APP_MAX_MS = 1500;
const beforeApp = (): Promise<unknown> => {
  const drawing = (globalThis as { [BEFORE_APP]?: Promise<unknown> })[BEFORE_APP];
  return drawing ? Promise.race([drawing, new Promise((resolve) => setTimeout(resolve, BEFORE_APP_MAX_MS))]) : Promise.resolve();
};

const start = (): void => {
  if (!entry) return;
  linkStyles();
  preloadChunks();
  import(/* @vite-ignore */ new URL(entry, document.baseURI).href).catch((err: unknown) => {
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
