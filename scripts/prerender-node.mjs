// Build step (issues #8, #17, #32; docs/prerender-in-node.md): write each content screen's HTML as the app itself
// renders it — React in Node, from the same components and the repo's data packs, no browser — so the first paint
// (a first visit on a venue's Wi-Fi, or a repeat visit served offline by the service worker) never waits for the
// JavaScript. Run by the `town-square-prerender` plugin (build/prerender.ts) after the app's bundle is on disk and
// before vite-plugin-pwa builds the precache list (so every file written here is precached), with the server entry
// (src/app/server.tsx) that the same `vite build` built first (vite.config.ts, the `ssr` environment).
//
// For every route of scripts/prerender/routes.mjs (content routes, their variants, the profiles):
//   - the markup            → React's output, verbatim, into the page's #prerender slot (pages.mjs pageHtml;
//                             src/app/prerender.ts swaps it for the live React tree once that tree has the same
//                             content);
//   - the JS and CSS files  → from Vite's manifest: the route's lazy screen and its static imports, less what
//                             index.html loads; the civic screens also declare the chunks they import at run time;
//   - the critical CSS      → beasties on the page with the screen's markup (variants and profiles as plain
//                             markup: inside a <template> beasties matches no descendant selector); only its
//                             <style> is taken (its link rewriting adds onload handlers, which the CSP forbids);
//   - an island's templates → the award ballot's parts in each language (route.templates).
// Output (pages.mjs writes the pages): <path>.html per content screen for the network, prerender/<path>.html the
// same page as the service worker serves it, prerender/app.html (the shell for personal screens and unknown
// paths), prerender/people.json (every official's profile, which the worker stitches into the profile route's
// page for /onegovernor?q=…) and prerender/pages.json, the manifest the worker picks from (sw/pageManifest.ts).
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { findAll, removeElement, textContent } from 'domutils';
import render from 'dom-serializer';
import { choicesOf, MANIFEST_FILE, networkFile, pageHtml, PEOPLE_FILE, servedFile, SHELL_FILE, slotOf } from './prerender/pages.mjs';
import { allowInlineScripts, personFile, personPage, personPath, withRedirect, withScriptFirst } from './prerender/people.mjs';
import { ADDRESS_SCRIPT as LANGUAGE_ADDRESS_SCRIPT, LANGUAGE_SCRIPT, localPath, PAGE_LANGUAGES, withLanguage } from './prerender/languages.mjs';
import { LANGUAGE_SCRIPT_HASHES, PEOPLE_SCRIPT_HASHES } from './csp.mjs';

/** The content routes whose page also exists in Spanish and Arabic: those with no script of their own (issue #56). */
const localizedRoute = (route) => !route.island;
import { CONTENT_ROUTES, PROFILE_ROUTES } from './prerender/routes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the root layout imports once it runs, on every screen (the outbox badge and its counts): the former Chromium capture
 * saw every page request it, so every page preloads it.
 */
const LAYOUT_RUNTIME = ['src/app/SyncBadge.tsx'];

/** Every rule of these stays inline though beasties finds no element for it: keyboard focus before the app. */
const ALWAYS_KEEP = [':focus-visible'];

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** React's markup as nodes (read only, or for a frame the build makes from it: never for a page's slot). */
const fragment = (html) => parseDocument(html, { lowerCaseAttributeNames: false }).children;

/** In-app links of a render (href="/…"), in document order. */
export const linksOf = (html) => findAll((n) => (n.attribs?.href ?? '').startsWith('/'), fragment(html)).map((n) => n.attribs.href);

/**
 * The profile route's frame: the first profile's markup with every `.page` element emptied (header space and
 * bottom bar stay).
 */
export function emptyPages(html) {
  const nodes = fragment(html);
  for (const page of findAll((n) => (n.attribs?.class ?? '').split(/\s+/).includes('page'), nodes)) {
    for (const child of [...page.children]) removeElement(child);
  }
  return render(nodes, { encodeEntities: 'utf8' });
}

/**
 * React's render of a screen alone (there is no <head> to hoist into) starts with the resources React hoists: on
 * the landing a `<link rel="preload" as="image">` for its banner (an `<img fetchPriority="high">`). Split off at
 * the offset where the screen's first node starts, so the screen stays React's markup verbatim and the page writer
 * decides where the resources go (pages.mjs: the head of a page from the network, nowhere in a page from the cache).
 */
export function splitHoisted(html) {
  const nodes = parseDocument(html, { lowerCaseAttributeNames: false, withStartIndices: true }).children;
  const first = nodes.find((n) => !(n.type === 'tag' && n.name === 'link'));
  const at = first ? first.startIndex : html.length;
  return { hoisted: html.slice(0, at), markup: html.slice(at) };
}

/**
 * Every page's markup as React renders it, route by route (a route with variants
 * is rendered for the values of its parameter that the screens rendered before it link to).
 * @param {(url: string) => Promise<string>} render src/app/server.tsx's render
 */
export async function renderPages(render, { routes = CONTENT_ROUTES, profileRoutes = PROFILE_ROUTES } = {}) {
  const linked = [];
  const take = (html) => {
    linked.push(...linksOf(html));
    return html;
  };
  // A variant's or a profile's own hoisted resources are dropped: each goes into a page that is already loading
  // (a variant is picked from its template, a profile stitched in by the worker), where its <img> asks for the
  // image as soon as it is parsed.
  const screen = async (url) => splitHoisted(take(await render(url)));
  const content = [];
  for (const route of routes) {
    const { hoisted, markup: body } = await screen(route.url ?? route.path);
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
      for (const value of [...values].sort()) variants.items.push({ value, html: (await screen(`${route.path}?${new URLSearchParams({ [param]: value })}`)).markup });
    }
    content.push({ route, body, hoisted, variants });
  }
  const profiles = [];
  for (const route of profileRoutes) {
    const people = [];
    for (const pack of route.packs) {
      for (const entry of JSON.parse(await readFile(join(ROOT, 'src/data/packs', `${pack}.json`), 'utf8')).entries) {
        const q = route.q(entry);
        people.push({ key: `${route.path}?q=${q}`, q, pack, name: entry.name, path: personPath(pack, entry), html: splitHoisted(await render(`${route.path}?q=${encodeURIComponent(q)}`)).markup });
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
async function criticalCss(Beasties, outDir, appStyles, styles, markup, allowRules) {
  // beasties' input, not a page: the app's and the screen's stylesheets, and the markup.
  const links = [...appStyles, ...styles].map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const doc = `<!doctype html><html><head>${links}</head><body><div id="root">${markup.join('')}</div></body></html>`;
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
  return findAll((n) => n.name === 'style', fragment(out)).map((n) => textContent(n)).join('\n');
}

/**
 * @param {{ outDir: string, serverEntry: string, islands?: Record<string, string[]>, inline?: Record<string, string>, log?: (line: string) => void }} options
 *   serverEntry: the SSR build of src/app/server.tsx; islands: each island's source path → its built file(s);
 *   inline: the islands a page carries inline, source path → code (build/prerender.ts).
 */
export async function prerenderNode({ outDir, serverEntry, islands = {}, inline = {}, log = console.log }) {
  const started = Date.now();
  // Before the server entry: Dexie takes the IndexedDB it finds when its module is evaluated (src/app/server.tsx).
  await import('fake-indexeddb/auto');
  const server = await import(pathToFileURL(serverEntry).href);
  await server.loadData();
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  const appStyles = stylesheetsOf(template);
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
  // Read once, here: not part of the site (a host would serve it to anyone who asks).
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
  const { default: Beasties } = await import('beasties');
  const boot = islands['src/boot.ts']?.[0];
  if (!boot) throw new Error('prerender: src/boot.ts is not an entry of this build (vite.config.ts input)');
  const { content, profiles } = await renderPages(server.render);
  // The doors in Spanish and Arabic (issue #56): the content routes without a script of their own, in each.
  const localized = [];
  for (const lang of PAGE_LANGUAGES) {
    await server.renderIn(lang);
    const { content: inLang } = await renderPages(server.render, { routes: CONTENT_ROUTES.filter(localizedRoute), profileRoutes: [] });
    localized.push(...inLang.map((c) => ({ ...c, lang })));
  }
  await server.renderIn('en');
  const tRender = Date.now() - started;

  const outputs = new Map();
  /** @type {Record<string, import('../sw/pageManifest').PageEntry>} */
  const pages = {};
  /** A person's own path → the spec's address of their profile (the worker redirects one to the other). */
  const aliases = {};
  const writeVariants = (path, shot, body, { deferred = false, onQuery = 'frame' } = {}) => {
    const served = pageHtml(template, shot, body, path, 'deferred');
    outputs.set(networkFile(path), pageHtml(template, shot, body, path, deferred ? 'deferred-network' : 'full'));
    outputs.set(servedFile(path), served);
    pages[path] = {
      file: `/${servedFile(path)}`,
      slot: slotOf(served),
      onQuery,
      ...(shot.variants?.items.length ? { variants: shot.variants.param, choices: choicesOf(served, body) } : {}),
    };
  };
  /** The public lists the screen reads while it renders (route.data): preconnected and preloaded by its page. */
  const dataOf = async (route) => {
    const fetches = await Promise.all((route.data ?? []).map((collection) => server.publicDataUrl(collection)));
    return { fetches, connect: [...new Set(fetches.map((u) => new URL(u).origin))] };
  };

  await Promise.all(
    content.map(async ({ route, body, hoisted, variants }) => {
      const island = route.island ? islands[route.island] : undefined;
      const inlineIsland = route.island ? inline[route.island] : undefined;
      if (route.island && !island && inlineIsland === undefined) throw new Error(`prerender: ${route.path} runs ${route.island}, which build/prerender.ts does not build (its ISLANDS or INLINE_ISLANDS)`);
      const { preloads, styles } = await routeAssets(manifest, route.path, route.preloadDynamic);
      // The parts an island draws with (route.templates: the award ballot's, the /vote lists'): in the page as
      // inert templates, and as plain markup for beasties, so the rules of what the island draws with are
      // inlined (inside a <template> it matches nothing).
      const parts = route.templates ? await templatesFor(server, route) : null;
      const templates = parts?.html ?? '';
      const drawn = parts ? [parts.english] : [];
      const css = await criticalCss(Beasties, outDir, appStyles, styles, [...(variants?.items.map((v) => v.html) ?? []), body, ...drawn], allowRulesOf(route));
      writeVariants(route.path, { css, preloads, styles, ...(await dataOf(route)), island, inlineIsland, boot, variants, templates, hoisted }, body, { deferred: Boolean(route.deferred), onQuery: route.onQuery ?? 'frame' });
    }),
  );
  await Promise.all(
    localized.map(async ({ route, body, hoisted, variants, lang }) => {
      const { preloads, styles } = await routeAssets(manifest, route.path, route.preloadDynamic);
      const css = await criticalCss(Beasties, outDir, appStyles, styles, [...(variants?.items.map((v) => v.html) ?? []), body], allowRulesOf(route));
      const page = pageHtml(template, { css, preloads, styles, boot, variants, hoisted }, body, route.path, route.deferred ? 'deferred-network' : 'full');
      const path = localPath(lang, route.path);
      outputs.set(networkFile(path), allowInlineScripts(withScriptFirst(withLanguage(page, lang), LANGUAGE_ADDRESS_SCRIPT), LANGUAGE_SCRIPT_HASHES));
      aliases[path] = `${route.path}?lang=${lang}`;
    }),
  );
  // The English pages that exist in the other languages send a Spanish or Arabic visitor to theirs.
  for (const route of CONTENT_ROUTES.filter(localizedRoute)) {
    outputs.set(networkFile(route.path), allowInlineScripts(withScriptFirst(outputs.get(networkFile(route.path)), LANGUAGE_SCRIPT), LANGUAGE_SCRIPT_HASHES));
  }
  await Promise.all(
    profiles.map(async ({ route, people: list, frame }) => {
      const { preloads, styles } = await routeAssets(manifest, route.path, route.preloadDynamic);
      // Every profile of the route is shown with this page's CSS: beasties sees all of them at once.
      const css = await criticalCss(Beasties, outDir, appStyles, styles, list.map((p) => p.html), allowRulesOf(route));
      writeVariants(route.path, { css, preloads, styles, boot }, frame);
      // Each person's own page (issue #56: a shared link shows the person before the app), and the route's page
      // sending a shared link there (scripts/prerender/people.mjs).
      const routePage = allowInlineScripts(outputs.get(networkFile(route.path)), PEOPLE_SCRIPT_HASHES);
      const slot = slotOf(routePage);
      for (const person of list) {
        const address = `${route.path}?q=${encodeURIComponent(person.q)}`;
        outputs.set(personFile(person.path), personPage(routePage, slot, person.html, { address, name: person.name }));
        aliases[person.path] = address;
      }
      outputs.set(networkFile(route.path), withRedirect(routePage, Object.fromEntries(list.map((p) => [p.q, p.path]))));
    }),
  );
  // Route by route, pack entry by entry (the worker looks them up by key).
  const ordered = Object.fromEntries(profiles.flatMap((p) => p.people.map(({ key, html }) => [key, html])));
  outputs.set(PEOPLE_FILE, JSON.stringify(ordered));
  // Personal screens, forms and unknown paths: the app shell with the whole app stylesheet inlined.
  const shell = pageHtml(template, { css: await entryCss(outDir, appStyles), preloads: [] }, '', null);
  outputs.set('app.html', shell);
  outputs.set(SHELL_FILE, shell);
  const ordering = [...content.map((c) => c.route.path), ...profiles.map((p) => p.route.path)];
  outputs.set(MANIFEST_FILE, JSON.stringify({ version: 1, pages: Object.fromEntries(ordering.map((p) => [p, pages[p]])), shell: `/${SHELL_FILE}`, people: `/${PEOPLE_FILE}`, aliases }));
  await mkdir(join(outDir, 'prerender'), { recursive: true });
  await mkdir(join(outDir, 'people'), { recursive: true });
  for (const lang of PAGE_LANGUAGES) await mkdir(join(outDir, lang), { recursive: true });
  for (const [file, html] of outputs) await writeFile(join(outDir, file), html);
  const count = Object.keys(ordered).length;
  log(`prerender (node): ${content.length + profiles.length} pages (network + served variants) + the shell, ${count} profiles in ${PEOPLE_FILE} (renders ${(tRender / 1000).toFixed(1)} s, all ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { pages: content.length + profiles.length, people: count };
}

/** A route's island templates (route.templates), from the server entry. */
function templatesFor(server, route) {
  const render = { ballot: server.ballotTemplates, lists: server.listTemplates }[route.templates];
  if (!render) throw new Error(`prerender: ${route.path} asks for templates "${route.templates}", which src/app/server.tsx does not render`);
  return render();
}

async function entryCss(outDir, appStyles) {
  return (await Promise.all(appStyles.map((href) => readFile(join(outDir, href), 'utf8')))).join('\n');
}

/** The app's stylesheets index.html links (Vite's output). */
function stylesheetsOf(template) {
  return findAll((n) => n.name === 'link' && n.attribs.rel === 'stylesheet' && /^\/assets\/.+\.css$/.test(n.attribs.href ?? ''), fragment(template)).map((n) => n.attribs.href);
}
