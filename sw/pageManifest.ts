// What the service worker serves for a navigation, decided by the build (scripts/prerender-node.mjs writes
// prerender/pages.json with this shape): the worker picks a file and, for a query the page was not rendered
// for, stitches a profile (or nothing) into the page's slot by offsets. It never parses or rewrites HTML.
// Plain functions of strings, kept apart from sw.ts so they can be unit-tested without a worker.

export interface PageEntry {
  /** The page as served from the cache (the build's deferred variant), a precached URL: `/prerender/local.html`. */
  file: string;
  /** [start, end) of the prerendered screen inside `file` (UTF-16 offsets, as String.prototype.slice counts). */
  slot: [number, number];
  /**
   * A query other than `uid` (which never changes a screen, spec §3): `frame` serves the page with its slot
   * emptied — or with the person's profile for `?q=` on a profile route — never one screen's content under
   * another's address; `same` serves the page as it is (its screen is a loading state for any query: the
   * award ballot, whose island reads `?id=` itself).
   */
  onQuery: 'frame' | 'same';
  /**
   * The page carries its screen for several values of this parameter and picks one itself
   * (scripts/prerender/variants.mjs): a query of that parameter alone is served as it is.
   */
  variants?: string;
  /**
   * With `variants`: [start, end) of the variants' templates and their script in `file`, before the default
   * screen. A visit with no query is served without them (the pages cache's copy too): it shows the default, and
   * parsing them before it held the first paint back (docs/benchmark-notes.md, 2026-11-28).
   */
  choices?: [number, number];
}

export interface PageManifest {
  version: 1;
  /** Every prerendered page by its path (`/`, `/local`, `/poll`…). */
  pages: Record<string, PageEntry>;
  /** The shell for every other path: nothing prerendered, the whole stylesheet inline. */
  shell: string;
  /** Profiles by `path?q=…`: the screen's HTML for the slot of that path's page. */
  people: string;
  /**
   * A person's own path (`/people/governor-michigan`, the page a shared link reaches on a first visit: issue #56,
   * scripts/prerender/people.mjs) → the spec's address of their profile, and a door's page in another language
   * (`/es`, `/ar/one-icon`: scripts/prerender/languages.mjs) → its address with `?lang=`; the worker redirects.
   */
  aliases?: Record<string, string>;
}

/** A manifest read from the precache, or null when it is not one (a build without prerendered pages). */
export function asPageManifest(value: unknown): PageManifest | null {
  const m = value as Partial<PageManifest> | null;
  return m && m.version === 1 && typeof m.pages === 'object' && m.pages !== null && typeof m.shell === 'string' && typeof m.people === 'string' ? (m as PageManifest) : null;
}

export type PagePick = { file: string; stitch?: { slot: [number, number]; fragment: string } };

/**
 * Which file serves `url`, and what goes into its slot. `query`: the URL's search keys other than `uid`;
 * `person`: the profile fragment for `path?q=…`, if the build made one.
 */
export function pickPage(manifest: PageManifest, pathname: string, query: readonly string[], person: string | undefined): PagePick {
  const entry = Object.hasOwn(manifest.pages, pathname) ? manifest.pages[pathname] : undefined;
  if (!entry) return { file: manifest.shell };
  if (query.length === 0) return entry.choices ? { file: entry.file, stitch: { slot: entry.choices, fragment: '' } } : { file: entry.file };
  if (entry.onQuery === 'same') return { file: entry.file };
  if (entry.variants !== undefined && query.length === 1 && query[0] === entry.variants) return { file: entry.file };
  return { file: entry.file, stitch: { slot: entry.slot, fragment: person ?? '' } };
}

/** Where a person's own path goes with the worker in control: the spec's address of the profile, or undefined. */
export function aliasOf(manifest: PageManifest, pathname: string): string | undefined {
  const aliases = manifest.aliases;
  return aliases && Object.hasOwn(aliases, pathname) ? aliases[pathname] : undefined;
}

/** The page with `fragment` in its slot. */
export function stitch(html: string, [start, end]: [number, number], fragment: string): string {
  return html.slice(0, start) + fragment + html.slice(end);
}

/**
 * The app path whose page a precached file is, for the pages that need nothing from the request:
 * `prerender/index.html` → `/`, `prerender/local.html` → `/local`. Not the shell (prerender/app.html) nor
 * anything else.
 */
export function pagePath(file: string): string | undefined {
  const m = /^\/?prerender\/([\w-]+)\.html$/.exec(file);
  if (!m?.[1] || m[1] === 'app') return undefined;
  return m[1] === 'index' ? '/' : `/${m[1]}`;
}

export const PAGES_CACHE_PREFIX = 'town-square-pages-';

/**
 * Where one profile's fragment (a key of prerender/people.json, `/onegovernor?q=Gretchen Whitmer`) is kept in the
 * pages cache, so a worker that has just started reads ~5 kB instead of parsing all of people.json (~490 kB).
 */
export const personUrl = (key: string): string => `/__town-square/person?key=${encodeURIComponent(key)}`;

/** Written after every profile: its presence means a key with no entry has no profile. */
export const PEOPLE_STORED_URL = '/__town-square/people-stored';

/**
 * Name of the cache holding this build's pages for the browser's static routes: one per set of page revisions, so
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
