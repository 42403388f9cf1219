// The page writer of the build's prerender step: from the built index.html (the template), a screen's rendered
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
//             whose first visit must not share the bandwidth with the framework (the award ballot,
//             /vote and the landing: `route.deferred`).

import { parseDocument } from 'htmlparser2';
import { Comment, Element, Text } from 'domhandler';
import { append, appendChild, findAll, findOne, prepend, removeElement } from 'domutils';
import render from 'dom-serializer';
import { VARIANT_RULE, variantSlot } from './variants.mjs';
import { STAGED_CHUNKS } from '../lib/chunkNames.mjs';

/**
 * Controls that only work once the app has taken over (the carousel's buttons, the /vote tabs) carry
 * `data-needs-app`: in the prerendered copy (#prerender) they keep their place but are neither shown nor
 * reachable (visibility: hidden takes them out of the tab order and the accessibility tree), so a first visit
 * never meets a control that does nothing (issue #33). React's copy in #root shows them.
 */
export const NEEDS_APP_RULE = '#prerender [data-needs-app]{visibility:hidden}';

export const SLOT_START = '<!--prerender-->';
export const SLOT_END = '<!--/prerender-->';

// The built index.html is read as a document (htmlparser2) and its elements moved, removed and added as nodes;
// nothing in it is rewritten by pattern (issue #32). The screen's markup is the one thing never parsed: React's
// output goes into the slot as it is, spliced in at the slot's markers once the page is written out.
const parse = (html) => parseDocument(html, { lowerCaseAttributeNames: false });
const attr = (node, name) => node.attribs?.[name];
const byName = (name, test = () => true) => (node) => node.name === name && test(node);

/** A new element. `text`: the content of a <style> or <script> (raw text: the serializer never escapes it). */
function element(name, attribs = {}, text) {
  const node = new Element(name, attribs);
  if (text !== undefined) appendChild(node, new Text(text));
  return node;
}

/** Puts `nodes` after `ref`, each on a line of its own at `indent`. */
function insertAfter(ref, nodes, indent = '    ') {
  let at = ref;
  for (const node of nodes) {
    const gap = new Text(`\n${indent}`);
    append(at, gap);
    append(gap, node);
    at = node;
  }
}

/** Removes an element with the line it stood on (the whitespace before it). */
function removeLine(node) {
  const before = node.prev;
  if (before?.type === 'text' && /^\s*$/.test(before.data)) removeElement(before);
  removeElement(node);
}

const modulePreload = (href) => element('link', { rel: 'modulepreload', crossorigin: '', href });

/**
 * An island script runs as soon as it has loaded (async: it waits neither for parsing nor for the app's entry);
 * its imports the entry does not already preload are preloaded beside it, in both variants: the island is the
 * page's own code for its first paint.
 */
function islandNodes(entryFiles, island) {
  if (!island) return [];
  const [file, ...imports] = island;
  return [element('script', { type: 'module', async: '', crossorigin: '', src: file }, ''), ...imports.filter((f) => !entryFiles.has(f)).map(modulePreload)];
}

/** A framework chunk's file (scripts/lib/chunkNames.mjs): src/boot.ts evaluates each in a task of its own. */
const STAGED = new RegExp(`^/assets/(${STAGED_CHUNKS.join('|')})-[\\w-]+\\.js$`);

/**
 * One page: the built index.html with the screen's CSS inlined and its markup in #prerender (between the slot
 * markers). A page with a screen (`path`) inlines only the rules that screen uses and starts the app with
 * src/boot.ts once it has painted (the entry named in data-app-entry, its chunks in data-app-preload, the
 * framework's chunks it evaluates first in data-app-stages, the app stylesheet in data-app-css, which
 * src/app/prerender.ts switches on before React mounts); app.html (`path` null) inlines the whole stylesheet and
 * starts the app directly.
 *
 * @param {string} template
 * `variants`: the same page's screen for other values of one query parameter (scripts/prerender/variants.mjs),
 * carried as templates in the slot; `body` is the screen without that parameter.
 * `templates`: markup the page's island clones (the award ballot's parts, src/features/polls/BallotParts.tsx),
 * after the slot: not the screen, and gone with the prerendered copy when the app takes over.
 * `hoisted`: the resources React hoisted out of `body` (prerender-node.mjs splitHoisted), for the head.
 * `inlineIsland`: the code of an island the page carries inline (build/prerender.ts INLINE_ISLANDS), instead of
 * `island`'s file: a module script at the end of the body, which runs once the page is parsed.
 *
 * @param {{ css: string, preloads: string[], styles?: string[], connect?: string[], fetches?: string[], island?: string[], inlineIsland?: string, boot?: string, variants?: { param: string, items: { value: string, html: string }[] }, templates?: string, hoisted?: string }} shot
 * @param {string} body
 * @param {string | null} path
 * @param {'full' | 'deferred' | 'deferred-network'} variant `deferred-network`: a deferred route's page from the
 *   network, which keeps what React hoisted (the landing's banner preload: its largest paint starts with the HTML;
 *   from the cache that request held the first paint back, below)
 */
export function pageHtml(template, { css, preloads, styles: screenStyles = [], connect = [], fetches = [], island, inlineIsland, boot, variants, templates = '', hoisted = '' }, body, path, variant = 'full') {
  const deferred = (variant === 'deferred' || variant === 'deferred-network') && path !== null && Boolean(boot);
  const keepHoisted = !deferred || variant === 'deferred-network';
  const routeChunks = preloads.filter((p) => !island?.includes(p));
  const doc = parse(template);
  const head = findOne(byName('head'), doc.children);
  const root = findOne((n) => attr(n, 'id') === 'root', doc.children);
  if (!head || !root) throw new Error('prerender: index.html without <head> or #root');
  const stylesheets = findAll(byName('link', (n) => attr(n, 'rel') === 'stylesheet' && /^\/assets\/.+\.css$/.test(attr(n, 'href') ?? '')), [head]);
  const entry = findOne(byName('script', (n) => attr(n, 'type') === 'module' && (attr(n, 'src') ?? '').startsWith('/assets/')), [head]);
  const entryPreloads = findAll(byName('link', (n) => attr(n, 'rel') === 'modulepreload'), [head]);
  const entryFiles = new Set([attr(entry ?? {}, 'src'), ...entryPreloads.map((n) => attr(n, 'href'))].filter(Boolean));
  const appStyles = stylesheets.map((n) => attr(n, 'href'));
  // The app's stylesheet and the screen's own (its lazy chunks' CSS). The screen's come here, not when the app asks
  // for the screen's chunk: on a first visit that was one more round trip after the entry had run (a 600 ms
  // network: the landing usable ~0.8 s later); Vite's chunk loader takes a stylesheet already linked as loaded.
  const styles = [...appStyles, ...screenStyles];
  if (path === null || deferred) stylesheets.forEach(removeLine);
  else {
    // Loaded without blocking the paint; src/app/prerender.ts switches them on (data-full-css).
    for (const link of stylesheets) Object.assign(link.attribs, { media: 'print', 'data-full-css': '' });
    const last = stylesheets[stylesheets.length - 1];
    if (last) insertAfter(last, screenStyles.map((href) => element('link', { rel: 'stylesheet', crossorigin: '', href, media: 'print', 'data-full-css': '' })));
  }
  let bootTag = null;
  let bootData = null;
  if (path !== null && boot && entry) {
    const src = attr(entry, 'src');
    const entryImports = entryPreloads.map((n) => attr(n, 'href'));
    const stages = entryImports.filter((href) => STAGED.test(href));
    const data = {
      'data-app-entry': src,
      'data-app-preload': [...entryImports, ...routeChunks].join(' '),
      ...(stages.length ? { 'data-app-stages': stages.join(' ') } : {}),
      'data-app-css': styles.join(' '),
    };
    // full: the entry stays a modulepreload, so it downloads while the screen paints.
    const entryPreload = deferred ? [] : [modulePreload(src)];
    if (island || inlineIsland !== undefined) {
      // The island imports src/boot.ts itself (one request less on the page whose first paint is the island's):
      // what boot needs is on an inert tag in the head, parsed before any script can run. data-app-island:
      // boot waits for the island to have drawn before it starts the app.
      bootData = element('script', { type: 'application/json', ...data, 'data-app-island': '' }, '');
    } else {
      bootTag = element('script', { type: 'module', crossorigin: '', src: boot, ...data }, '');
    }
    const inPlace = [...(bootTag && !deferred ? [bootTag] : []), ...entryPreload];
    if (inPlace.length > 0) insertAfter(entry, inPlace);
    removeLine(entry);
    if (deferred) entryPreloads.forEach(removeLine);
  }
  // What the screen's first paint waits for — its data and its island — is asked for from the first bytes of
  // the page (right after the charset and the Content-Security-Policy, which must come before anything it
  // governs): on a 400 kbit/s network the rest of the head takes tens of milliseconds more to arrive.
  const early = [
    ...connect.map((href) => element('link', { rel: 'preconnect', href, crossorigin: '' })),
    ...fetches.map((href) => element('link', { rel: 'preload', as: 'fetch', href, crossorigin: '' })),
    ...islandNodes(entryFiles, island),
    // Read when the island runs (it has to arrive first), so after the requests above.
    ...(bootData ? [bootData] : []),
    // What React hoisted out of the screen (the landing's banner preload: its largest paint starts with the HTML).
    // Not in a page from the cache: there the <img> asks for its image as soon as it is parsed, and with this
    // request and the variants' templates before the screen, the landing's heading painted at 424 ms instead of
    // 284 ms offline with 4× CPU (docs/benchmark-notes.md, 2026-11-28).
    ...(keepHoisted ? parse(hoisted).children : []),
  ];
  const policy = findOne(byName('meta', (n) => attr(n, 'http-equiv') === 'Content-Security-Policy'), [head]) ?? findOne(byName('meta', (n) => attr(n, 'charset') !== undefined), [head]);
  if (policy) insertAfter(policy, early);
  else early.forEach((node) => appendChild(head, node));
  const inline = (path === null ? '' : NEEDS_APP_RULE) + (variants?.items.length ? VARIANT_RULE : '') + css.replace(/<\/style/gi, '<\\/style');
  const tail = [element('style', {}, inline)];
  // The screen's own chunks (the markers let the size check and the bench tell them from the entry's).
  if (!deferred) tail.push(new Comment('preloads'), ...routeChunks.map(modulePreload), new Comment('/preloads'));
  appendChild(head, new Text('  '));
  for (const node of tail) appendChild(head, node);
  appendChild(head, new Text('\n  '));
  const shell = element('div', { id: 'prerender', ...(path === null ? {} : { 'data-path': path }), ...(variants?.items.length ? { 'data-variant-param': variants.param } : {}) });
  appendChild(shell, new Comment('prerender'));
  appendChild(shell, new Comment('/prerender'));
  prepend(root, shell);
  prepend(root, new Text('\n    '));
  // Removes the blank line the element before it left: `<div id="prerender">` goes where #root's line began.
  if (shell.prev?.type === 'text' && shell.prev.prev?.type === 'text') removeElement(shell.prev);
  // deferred: the boot script is the last thing in the body (a module runs after parsing either way, but asked
  // for from the head it is fetched while the screen is still being parsed). An inline island too: it runs once
  // the page is parsed wherever it stands, and at the end its bytes do not hold back the screen's first paint.
  const last = [...(deferred && bootTag ? [bootTag] : []), ...(path !== null && inlineIsland !== undefined ? [element('script', { type: 'module' }, inlineIsland)] : [])];
  if (last.length > 0) {
    const bodyNode = findOne(byName('body'), doc.children);
    for (const node of last) {
      appendChild(bodyNode, new Text('  '));
      appendChild(bodyNode, node);
      appendChild(bodyNode, new Text('\n  '));
    }
  }
  const written = render(doc, { encodeEntities: 'utf8' });
  const markers = `${SLOT_START}${SLOT_END}`;
  if (written.split(markers).length !== 2) throw new Error('prerender: the page template already holds the slot markers');
  const slot = variants ? variantSlot(body, variants.items) : body;
  // A function, not a string: a screen's text may hold `$&` or `$'`, which a replacement string would expand.
  return written.replace(markers, () => `${SLOT_START}${slot}${SLOT_END}${templates}`);
}

/** Where the prerendered screen sits in a page: [start, end) offsets of the text between the slot markers. */
export function slotOf(html) {
  const start = html.indexOf(SLOT_START);
  const end = html.indexOf(SLOT_END);
  if (start < 0 || end < start) throw new Error('prerender: a page without its slot markers');
  return [start + SLOT_START.length, end];
}

/**
 * For a page with variants: [start, end) of its templates and their script, which come first in the slot
 * (variants.mjs variantSlot) before `body`, the default screen. The worker serves a visit with no query without
 * them (sw/pageManifest.ts pickPage).
 */
export function choicesOf(html, body) {
  const [start, end] = slotOf(html);
  if (html.slice(end - body.length, end) !== body) throw new Error('prerender: the default screen is not at the end of its slot');
  return [start, end - body.length];
}

/** The file of a page's variant the worker serves (deferred), by the page's path: / → prerender/index.html. */
export const servedFile = (path) => `prerender/${path === '/' ? 'index' : path.slice(1)}.html`;
/** The file a first visit gets from the network (firebase.json cleanUrls, vite preview): / → index.html. */
export const networkFile = (path) => `${path === '/' ? 'index' : path.slice(1)}.html`;
export const SHELL_FILE = 'prerender/app.html';
export const PEOPLE_FILE = 'prerender/people.json';
export const MANIFEST_FILE = 'prerender/pages.json';
