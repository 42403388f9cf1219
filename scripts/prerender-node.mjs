// Build step (issue #32, docs/prerender-in-node.md section 7, steps 2-5; the default since 2026-11-28): the same pages
// as scripts/prerender.mjs writes, rendered by React in Node instead of captured in Chromium. Run by the
// `town-square-prerender` plugin (build/prerender.ts) after the app's bundle is on disk, with the server entry
// (src/app/server.tsx) that the same `vite build` built first (vite.config.ts, the `ssr` environment).
//
// For every route of scripts/prerender/routes.mjs (content routes, their variants, the profiles):
//   - the markup            → React's output, verbatim, into the page's slot (pages.mjs pageHtml);
//   - the JS and CSS files  → from Vite's manifest: the route's lazy screen and its static imports, less what
//                             index.html loads; the civic screens also declare the chunks they import at run time;
//   - the critical CSS      → beasties on the page with the screen's markup (variants and profiles as plain
//                             markup: inside a <template> beasties matches no descendant selector); only its
//                             <style> is taken (its link rewriting adds onload handlers, which the CSP forbids).
// Output: the same files, with the same roles, as scripts/prerender.mjs (its header lists them).
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MANIFEST_FILE, networkFile, pageHtml, PEOPLE_FILE, servedFile, SHELL_FILE, slotOf } from './prerender/pages.mjs';
import { CONTENT_ROUTES, PROFILE_ROUTES } from './prerender/routes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the root layout imports once it runs, on every screen (the outbox badge and its counts): the Chromium step
 * saw every page request it, so every page preloads it.
 */
const LAYOUT_RUNTIME = ['src/app/SyncBadge.tsx'];

/** Every rule of these stays inline though beasties finds no element for it: keyboard focus before the app. */
const ALWAYS_KEEP = [':focus-visible'];

const unescapeAttr = (s) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** In-app links of a render (href="/…"), in document order. */
export const linksOf = (html) => [...html.matchAll(/\shref="(\/[^"]*)"/g)].map((m) => unescapeAttr(m[1]));

/**
 * The profile route's frame: the first profile's markup with every `.page` element emptied (header space and
 * bottom bar stay), as scripts/prerender.mjs' capture() does. React writes each element's tag once, so a count of
 * the same tag's openings and closings finds the end of the element.
 */
export function emptyPages(html) {
  const open = /<([a-z][a-z0-9]*)\b[^>]*\sclass="(?:[^"]*\s)?page(?:\s[^"]*)?"[^>]*>/g;
  let out = '';
  let from = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    if (m.index < from) continue;
    const tag = m[1];
    const start = m.index + m[0].length;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = start;
    let depth = 1;
    let end = -1;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : t[0].endsWith('/>') ? 0 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    if (end < 0) throw new Error(`prerender: no end for <${tag} class="page"> in a profile`);
    out += html.slice(from, start);
    from = end;
    open.lastIndex = end;
  }
  return out + html.slice(from);
}

/**
 * Every page's markup as React renders it, in the order scripts/prerender.mjs visits them (a route with variants
 * is rendered for the values of its parameter that the screens rendered before it link to).
 * @param {(url: string) => Promise<string>} render src/app/server.tsx's render
 */
export async function renderPages(render) {
  const linked = [];
  const take = (html) => {
    linked.push(...linksOf(html));
    return html;
  };
  const content = [];
  for (const route of CONTENT_ROUTES) {
    const body = take(await render(route.url ?? route.path));
    let variants;
    if (route.variants) {
      const { param } = route.variants;
      const values = new Set();
      for (const href of linked) {
        const u = new URL(href, 'http://build.invalid');
        if (u.pathname === route.path && u.searchParams.get(param)) values.add(u.searchParams.get(param));
      }
      if (values.size === 0) throw new Error(`prerender: ${route.path} has variants by ?${param}=, but no rendered screen links to one`);
      variants = { param, items: [] };
      for (const value of [...values].sort()) variants.items.push({ value, html: take(await render(`${route.path}?${new URLSearchParams({ [param]: value })}`)) });
    }
    content.push({ route, body, variants });
  }
  const profiles = [];
  for (const route of PROFILE_ROUTES) {
    const people = [];
    for (const pack of route.packs) {
      for (const entry of JSON.parse(await readFile(join(ROOT, 'src/data/packs', `${pack}.json`), 'utf8')).entries) {
        const q = route.q(entry);
        people.push({ key: `${route.path}?q=${q}`, html: await render(`${route.path}?q=${encodeURIComponent(q)}`) });
      }
    }
    profiles.push({ route, people, frame: emptyPages(people[0].html) });
  }
  return { content, profiles };
}

/** The manifest's keys index.html loads (its entry and their static imports): never preloaded again. */
function entryClosure(manifest) {
  const keys = new Set();
  const walk = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  walk('index.html');
  return keys;
}

/**
 * A route's JS chunks and stylesheets from Vite's manifest: the screen module its route file loads lazily
 * (`lazyScreen(() => import('…'))`) with its static imports, then the layout's and the route's declared run-time
 * imports (LAYOUT_RUNTIME, route.preloadDynamic) with theirs, less what index.html loads.
 */
export async function routeAssets(manifest, path, dynamic = []) {
  const inEntry = entryClosure(manifest);
  const source = await readFile(join(ROOT, 'src/routes', `${path === '/' ? 'index' : path.slice(1)}.tsx`), 'utf8');
  const lazy = /import\('\.\.\/([^']+)'\)/.exec(source);
  if (!lazy) return { preloads: [], styles: [] };
  const key = Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, '') === `src/${lazy[1]}`);
  if (!key) throw new Error(`prerender: ${path}'s screen src/${lazy[1]} is not in Vite's manifest`);
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || inEntry.has(k)) return;
    if (!manifest[k]) throw new Error(`prerender: ${k} (preloaded by ${path}) is not in Vite's manifest`);
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  walk(key);
  const screen = [...seen];
  for (const k of [...LAYOUT_RUNTIME, ...dynamic]) walk(k);
  return {
    preloads: [...seen].map((k) => `/${manifest[k].file}`).filter((f) => f.endsWith('.js')),
    // Only the screen's own stylesheets: what runs later brings its CSS when it is asked for.
    styles: [...new Set(screen.flatMap((k) => manifest[k].css ?? []))].map((f) => `/${f}`),
  };
}

/** beasties' allowRules for a route: `keep` and `sampleClasses` as "the selector contains it", `sampleRules`, ALWAYS_KEEP. */
export function allowRulesOf(route) {
  return [
    ...ALWAYS_KEEP,
    ...(route.keep ?? []).map((k) => new RegExp(escapeRegExp(k))),
    ...(route.sampleClasses ?? []).map((c) => new RegExp(`\\.${escapeRegExp(c)}(?![\\w-])`)),
    ...(route.sampleRules ?? []),
  ];
}

/**
 * The critical CSS of one page: beasties on the built index.html with the screen's stylesheets linked and the
 * given markup in #root. Only its <style> is read.
 */
async function criticalCss(Beasties, outDir, template, styles, markup, allowRules) {
  const links = styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const doc = template.replace('</head>', `${links}</head>`).replace('<div id="root"></div>', () => `<div id="root">${markup.join('')}</div>`);
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'media',
    inlineFonts: false,
    pruneSource: false,
    reduceInlineStyles: false,
    keyframes: 'critical',
    allowRules,
    logLevel: 'warn',
  });
  const out = await beasties.process(doc);
  return [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
}

/**
 * @param {{ outDir: string, serverEntry: string, islands?: Record<string, string[]>, log?: (line: string) => void }} options
 *   serverEntry: the SSR build of src/app/server.tsx; islands: as scripts/prerender.mjs takes them.
 */
export async function prerenderNode({ outDir, serverEntry, islands = {}, log = console.log }) {
  const started = Date.now();
  // Before the server entry: Dexie takes the IndexedDB it finds when its module is evaluated (src/app/server.tsx).
  await import('fake-indexeddb/auto');
  const server = await import(pathToFileURL(serverEntry).href);
  await server.loadData();
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
  // Read once, here: not part of the site (a host would serve it to anyone who asks).
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
  const { default: Beasties } = await import('beasties');
  const boot = islands['src/boot.ts']?.[0];
  if (!boot) throw new Error('prerender: src/boot.ts is not an entry of this build (vite.config.ts input)');
  const { content, profiles } = await renderPages(server.render);
  const tRender = Date.now() - started;

  const outputs = new Map();
  /** @type {Record<string, import('../sw/pageManifest').PageEntry>} */
  const pages = {};
  const writeVariants = (path, shot, body, { deferred = false, onQuery = 'frame' } = {}) => {
    const served = pageHtml(template, shot, body, path, 'deferred');
    outputs.set(networkFile(path), deferred ? served : pageHtml(template, shot, body, path, 'full'));
    outputs.set(servedFile(path), served);
    pages[path] = { file: `/${servedFile(path)}`, slot: slotOf(served), onQuery, ...(shot.variants?.items.length ? { variants: shot.variants.param } : {}) };
  };
  /** The public lists the screen reads while it renders (route.data): preconnected and preloaded by its page. */
  const dataOf = async (route) => {
    const fetches = await Promise.all((route.data ?? []).map((collection) => server.publicDataUrl(collection)));
    return { fetches, connect: [...new Set(fetches.map((u) => new URL(u).origin))] };
  };

  await Promise.all(
    content.map(async ({ route, body, variants }) => {
      const island = route.island ? islands[route.island] : undefined;
      if (route.island && !island) throw new Error(`prerender: ${route.path} runs ${route.island}, which build/prerender.ts does not build (its ISLANDS)`);
      const { preloads, styles } = await routeAssets(manifest, route.path, route.preloadDynamic);
      // The award ballot's parts (route.templates): in the page as inert templates, and as plain markup for
      // beasties, so the rules of what the island draws with are inlined (inside a <template> it matches nothing).
      const templates = route.templates === 'ballot' ? await server.ballotTemplates() : '';
      const drawn = route.templates === 'ballot' ? [await server.renderBallotParts('en')] : [];
      const css = await criticalCss(Beasties, outDir, template, styles, [...(variants?.items.map((v) => v.html) ?? []), body, ...drawn], allowRulesOf(route));
      writeVariants(route.path, { css, preloads, styles, ...(await dataOf(route)), island, boot, variants, templates }, body, { deferred: Boolean(route.deferred), onQuery: route.onQuery ?? 'frame' });
    }),
  );
  await Promise.all(
    profiles.map(async ({ route, people: list, frame }) => {
      const { preloads, styles } = await routeAssets(manifest, route.path, route.preloadDynamic);
      // Every profile of the route is shown with this page's CSS: beasties sees all of them at once.
      const css = await criticalCss(Beasties, outDir, template, styles, list.map((p) => p.html), allowRulesOf(route));
      writeVariants(route.path, { css, preloads, styles, boot }, frame);
    }),
  );
  // Route by route, pack entry by entry, as the Chromium step writes them.
  const ordered = Object.fromEntries(profiles.flatMap((p) => p.people.map(({ key, html }) => [key, html])));
  outputs.set(PEOPLE_FILE, JSON.stringify(ordered));
  // Personal screens, forms and unknown paths: the app shell with the whole app stylesheet inlined.
  const shell = pageHtml(template, { css: await entryCss(outDir, template), preloads: [] }, '', null);
  outputs.set('app.html', shell);
  outputs.set(SHELL_FILE, shell);
  const ordering = [...content.map((c) => c.route.path), ...profiles.map((p) => p.route.path)];
  outputs.set(MANIFEST_FILE, JSON.stringify({ version: 1, pages: Object.fromEntries(ordering.map((p) => [p, pages[p]])), shell: `/${SHELL_FILE}`, people: `/${PEOPLE_FILE}` }));
  await mkdir(join(outDir, 'prerender'), { recursive: true });
  for (const [file, html] of outputs) await writeFile(join(outDir, file), html);
  const count = Object.keys(ordered).length;
  log(`prerender (node): ${content.length + profiles.length} pages (network + served variants) + the shell, ${count} profiles in ${PEOPLE_FILE} (renders ${(tRender / 1000).toFixed(1)} s, all ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { pages: content.length + profiles.length, people: count };
}

async function entryCss(outDir, template) {
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)].map((m) => m[1]);
  return (await Promise.all(links.map((href) => readFile(join(outDir, href), 'utf8')))).join('\n');
}
