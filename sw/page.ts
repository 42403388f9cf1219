// How the service worker turns a precached page (scripts/prerender.mjs) into the page it serves.
// A plain function of strings, kept apart from sw.ts so it can be unit-tested without a worker.

const PRELOADS = /<!--preloads-->[\s\S]*?<!--\/preloads-->/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
const PRERENDERED = /<!--prerender-->[\s\S]*?<!--\/prerender-->/;
/** The boot script, on a page whose screen is in the HTML (src/boot.ts starts the app after its paint). */
const BOOT_SCRIPT = /[ \t]*(<script [^>]*data-app-entry=[^>]*><\/script>)\n?/;
/** The app stylesheet's non-blocking link (scripts/prerender.mjs); boot.ts adds it back from data-app-css. */
const FULL_CSS = /[ \t]*<link rel="stylesheet"[^>]*data-full-css[^>]*>\n?/g;
/** The landing's banner preload, with the comment that explains it. */
const IMAGE_PRELOAD = /[ \t]*(?:<!--[^>]*-->\s*)?<link rel="preload" as="image"[^>]*>\n?/g;

/**
 * `html`: the precached page; `query`: the URL's search keys other than `uid` (which never changes a
 * screen, spec §3); `fragment`: the prerendered person for a profile URL (`/onegovernor?q=…`), if any.
 */
export function servedPage(html: string, query: readonly string[], fragment?: string): string {
  // From the cache, preloading modules only competes with the first paint: each preloaded chunk is
  // compiled as soon as the worker hands it over, before the frame that shows the cached screen.
  // Measured offline on 2026-11-26 (npm run bench, landing, 4x slower CPU): heading painted at 432 ms
  // with the entry's five preloads, 232 ms without (a script-less static copy: 156–232 ms). On a boot page
  // the app starts after that paint anyway, and then imports what it needs from the cache in a few ms.
  // app.html (no boot script, nothing to show before the app) keeps its preloads: there they save a
  // round of imports before anything can paint at all.
  const boot = BOOT_SCRIPT.exec(html);
  let out = boot ? withoutEarlyRequests(html, boot) : html;
  out = out.replace(PRELOADS, '');
  if (query.length > 0) {
    // /local?q=… is a search the page was not rendered for: the frame only, never the wrong content first.
    out = out.replace(PRERENDERED, `<!--prerender-->${fragment ?? ''}<!--/prerender-->`);
  }
  return out;
}

/**
 * A boot page as served from the cache: apart from a page's own island script (/vote's polls preview), nothing
 * in it asks for another file before the screen has painted.
 * Measured offline on 2026-11-26 (the landing from the pages cache, 4x slower CPU, medians of 25, alternating):
 * heading painted at 164 ms as built, 116 ms with none of the three requests below (the same as with every
 * link and script of the head removed), and still 168 ms with any one or two of them left in. Served from the
 * network the page keeps them all: there they start downloads that the paint does not wait for.
 * - the app stylesheet's `media="print"` link: boot.ts links it when it starts (data-app-css);
 * - the landing's banner preload: from the cache the <img> gets the banner as soon as it is parsed;
 * - the boot script moves to the end of the body: it is a module (it runs after parsing either way), but
 *   requested from the head it is fetched while the screen is still being parsed.
 */
function withoutEarlyRequests(html: string, [line, tag]: RegExpExecArray): string {
  const out = html.replace(MODULE_PRELOAD, '').replace(FULL_CSS, '').replace(IMAGE_PRELOAD, '');
  return out.includes('</body>') ? out.replace(line, '').replace('</body>', `  ${tag ?? ''}\n  </body>`) : out;
}

/**
 * The app path whose page a precached file is, for the pages that need nothing from the request: `index.html`
 * → `/`, `local.html` → `/local`. Not app.html (the shell for every other path) nor anything outside the root.
 */
export function pagePath(file: string): string | undefined {
  const m = /^\/?([\w-]+)\.html$/.exec(file);
  if (!m?.[1] || m[1] === 'app') return undefined;
  return m[1] === 'index' ? '/' : `/${m[1]}`;
}

/**
 * Name of the cache holding this build's pages as served (see servedPage): one per set of page revisions, so
 * a new worker fills its own while the old one still answers from the old (FNV-1a; a name, not a checksum).
 */
export function pagesCacheName(entries: readonly (string | { url: string; revision?: string | null })[]): string {
  let h = 0x811c9dc5;
  for (const e of entries) {
    const [url, rev] = typeof e === 'string' ? [e, ''] : [e.url, e.revision ?? ''];
    if (pagePath(url) === undefined) continue;
    for (const c of `${url}@${rev};`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  }
  return `${PAGES_CACHE_PREFIX}${h.toString(36)}`;
}

export const PAGES_CACHE_PREFIX = 'town-square-pages-';
