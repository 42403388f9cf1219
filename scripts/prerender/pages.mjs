// The page writer of the build's prerender step: from the built index.html (the template), a screen's captured
// markup and CSS, it writes the two variants of each page, and the manifest the service worker reads
// (sw/pageManifest.ts has its type). The worker then only picks a file and, for a query the page was not
// rendered for, stitches a profile (or nothing) into the page's slot — it never parses or rewrites HTML.
//
//   full      the page a first visit gets from the network: the entry and the screen's chunks are
//             modulepreloads and the app stylesheet a non-blocking link, so they download while the screen
//             paints and the app takes over soon after.
//   deferred  asks for no file before its screen has painted but the page's own island script and the data it
//             shows (`<link rel="preload" as="fetch">`); src/boot.ts links the stylesheet and preloads the app's
//             chunks when it starts, after the first paint. Served by the worker from its cache (there, each
//             early request held the paint back: docs/benchmarks.md), and from the network for the screens
//             whose first visit must not share the bandwidth with the framework (the award ballot:
//             `route.deferred`).

import { VARIANT_RULE, variantSlot } from './variants.mjs';

const STYLESHEET = /\s*<link rel="stylesheet"([^>]*)href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g;
const IMAGE_PRELOAD = /\s*(?:<!--[^>]*-->\s*)?<link rel="preload" as="image" href="([^"]+)"[^>]*>/g;

/**
 * Controls that only work once the app has taken over (the carousel's buttons, the /vote tabs) carry
 * `data-needs-app`: in the prerendered copy (#prerender) they keep their place but are neither shown nor
 * reachable (visibility: hidden takes them out of the tab order and the accessibility tree), so a first visit
 * never meets a control that does nothing (issue #33). React's copy in #root shows them.
 */
export const NEEDS_APP_RULE = '#prerender [data-needs-app]{visibility:hidden}';

export const SLOT_START = '<!--prerender-->';
export const SLOT_END = '<!--/prerender-->';

/**
 * An island script runs as soon as it has loaded (async: it waits neither for parsing nor for the app's entry);
 * its imports the entry does not already preload are preloaded beside it, in both variants: the island is the
 * page's own code for its first paint.
 */
function islandTags(template, island) {
  if (!island) return '';
  const [file, ...imports] = island;
  const preload = imports.filter((f) => !template.includes(`"${f}"`)).map((f) => `    <link rel="modulepreload" crossorigin href="${f}">\n`);
  return `    <script type="module" async crossorigin src="${file}"></script>\n${preload.join('')}`;
}

/**
 * One page: the built index.html with the screen's CSS inlined and its markup in #prerender (between the slot
 * markers). A page with a screen (`path`) inlines only the rules that screen uses and starts the app with
 * src/boot.ts once it has painted (the entry named in data-app-entry, its chunks in data-app-preload, the app
 * stylesheet in data-app-css, which src/app/prerender.ts switches on before React mounts); app.html (`path`
 * null) inlines the whole stylesheet and starts the app directly.
 *
 * @param {string} template
 * `variants`: the same page's screen for other values of one query parameter (scripts/prerender/variants.mjs),
 * carried as templates in the slot; `body` is the screen without that parameter.
 *
 * `templates`: markup the page's island clones (the award ballot's parts, src/features/polls/BallotParts.tsx),
 * after the slot: not the screen, and gone with the prerendered copy when the app takes over.
 *
 * @param {{ css: string, preloads: string[], styles?: string[], connect?: string[], fetches?: string[], island?: string[], boot?: string, variants?: { param: string, items: { value: string, html: string }[] }, templates?: string }} shot
 * @param {string} body
 * @param {string | null} path
 * @param {'full' | 'deferred'} variant
 */
export function pageHtml(template, { css, preloads, styles: screenStyles = [], connect = [], fetches = [], island, boot, variants, templates = '' }, body, path, variant = 'full') {
  const deferred = variant === 'deferred' && path !== null && Boolean(boot);
  const routeChunks = preloads.filter((p) => !island?.includes(p));
  const appStyles = [...template.matchAll(STYLESHEET)].map((m) => m[2]);
  // The app's stylesheet and the screen's own (its lazy chunks' CSS). The screen's come here, not when the app asks
  // for the screen's chunk: on a first visit that was one more round trip after the entry had run (a 600 ms
  // network: the landing usable ~0.8 s later); Vite's chunk loader takes a stylesheet already linked as loaded.
  const styles = [...appStyles, ...screenStyles];
  let html = template;
  let bootTag = '';
  let bootData = '';
  const fullCss = (attrs, href) => `\n    <link rel="stylesheet"${attrs}href="${href}" media="print" data-full-css>`;
  if (path === null) html = html.replace(STYLESHEET, '');
  else if (deferred) html = html.replace(STYLESHEET, '');
  else html = html.replace(STYLESHEET, (_tag, attrs, href) => fullCss(attrs, href) + screenStyles.map((s) => fullCss(' crossorigin ', s)).join(''));
  if (path !== null && boot) {
    const entryImports = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
    html = html.replace(ENTRY_SCRIPT, (_tag, src) => {
      const data = `data-app-entry="${src}" data-app-preload="${[...entryImports, ...routeChunks].join(' ')}" data-app-css="${styles.join(' ')}"`;
      // full: the entry stays a modulepreload, so it downloads while the screen paints.
      const entryPreload = deferred ? '' : `    <link rel="modulepreload" crossorigin href="${src}">\n`;
      if (island) {
        // The island imports src/boot.ts itself (one request less on the page whose first paint is the island's):
        // what boot needs is on an inert tag in the head, parsed before any script can run. data-app-island:
        // boot waits for the island to have drawn before it starts the app.
        bootData = `    <script type="application/json" ${data} data-app-island></script>\n`;
        return entryPreload;
      }
      bootTag = `<script type="module" crossorigin src="${boot}" ${data}></script>`;
      return deferred ? '' : `    ${bootTag}\n${entryPreload}`;
    });
    if (deferred) html = html.replace(MODULE_PRELOAD, '');
  }
  // index.html preloads the landing's banner: only the full landing keeps it (from the cache, the <img> gets the
  // banner as soon as it is parsed; a page that does not show it should not spend bandwidth on it).
  html = html.replace(IMAGE_PRELOAD, (tag, href) => (!deferred && body.includes(href) ? tag : ''));
  // What the screen's first paint waits for — its data and its island — is asked for from the first bytes of
  // the page (right after the charset and the Content-Security-Policy, which must come before anything it
  // governs): on a 400 kbit/s network the rest of the head takes tens of milliseconds more to arrive.
  const early = [
    ...connect.map((o) => `    <link rel="preconnect" href="${o}" crossorigin>\n`),
    ...fetches.map((u) => `    <link rel="preload" as="fetch" href="${u.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" crossorigin>\n`),
    islandTags(template, island),
    // Read when the island runs (it has to arrive first), so after the requests above.
    bootData,
  ].join('');
  const head = [
    `  <style>${(path === null ? '' : NEEDS_APP_RULE) + (variants?.items.length ? VARIANT_RULE : '') + css.replace(/<\/style/gi, '<\\/style')}</style>\n`,
    // The screen's own chunks (the markers let the size check and the bench tell them from the entry's).
    deferred ? '' : `    <!--preloads-->${routeChunks.map((p) => `<link rel="modulepreload" crossorigin href="${p}">`).join('')}<!--/preloads-->\n`,
  ].join('');
  const afterPolicy = /<meta http-equiv="Content-Security-Policy"[^>]*>\n/.exec(html) ?? /<meta charset="UTF-8" \/>\n/.exec(html);
  if (early && afterPolicy) html = html.replace(afterPolicy[0], `${afterPolicy[0]}${early}`);
  else if (early) html = html.replace('</head>', `${early}</head>`);
  html = html.replace('</head>', `${head}  </head>`);
  const attr = (path === null ? '' : ` data-path="${path}"`) + (variants?.items.length ? ` data-variant-param="${variants.param}"` : '');
  const slot = variants ? variantSlot(body, variants.items) : body;
  // A function, not a string: a screen's text may hold `$&` or `$'`, which a replacement string would expand.
  html = html.replace('<div id="root"></div>', () => `<div id="prerender"${attr}>${SLOT_START}${slot}${SLOT_END}${templates}</div>\n    <div id="root"></div>`);
  // deferred: the boot script is the last thing in the body (a module runs after parsing either way, but asked
  // for from the head it is fetched while the screen is still being parsed).
  if (deferred && bootTag) html = html.replace('</body>', `  ${bootTag}\n  </body>`);
  return html;
}

/** Where the prerendered screen sits in a page: [start, end) offsets of the text between the slot markers. */
export function slotOf(html) {
  const start = html.indexOf(SLOT_START);
  const end = html.indexOf(SLOT_END);
  if (start < 0 || end < start) throw new Error('prerender: a page without its slot markers');
  return [start + SLOT_START.length, end];
}

/** Rules of one or more captures, each once, in the document's order. */
export function mergeRules(...lists) {
  const byPosition = new Map();
  for (const list of lists) for (const [p, text] of list) byPosition.set(`${p}:${text}`, [p, text]);
  return [...byPosition.values()].sort((a, b) => a[0] - b[0]).map(([, text]) => text).join('\n');
}

/** The file of a page's variant the worker serves (deferred), by the page's path: / → prerender/index.html. */
export const servedFile = (path) => `prerender/${path === '/' ? 'index' : path.slice(1)}.html`;
/** The file a first visit gets from the network (firebase.json cleanUrls, vite preview): / → index.html. */
export const networkFile = (path) => `${path === '/' ? 'index' : path.slice(1)}.html`;
export const SHELL_FILE = 'prerender/app.html';
export const PEOPLE_FILE = 'prerender/people.json';
export const MANIFEST_FILE = 'prerender/pages.json';
