// The build's prerender in Node (the default build step; src/app/server.tsx, scripts/prerender-node.mjs): every page is
// what React renders, the same bytes each time for the same clock and data, and the page writer puts React's
// output into the page's slot unchanged. Civic text depends on today's date (tenure), so the clock is pinned.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadData, render } from '../../../src/app/server';
// @ts-expect-error — plain ESM build script
import { emptyPages, renderPages, routeAssets, splitHoisted } from '../../../scripts/prerender-node.mjs';
// @ts-expect-error — plain ESM build script
import { pageHtml, slotOf } from '../../../scripts/prerender/pages.mjs';
// @ts-expect-error — plain ESM build script
import { variantSlot } from '../../../scripts/prerender/variants.mjs';
import governors from '../../../src/data/packs/governors.json';

interface Rendered {
  content: { route: { path: string; busy?: boolean; url?: string }; body: string; hoisted: string; variants?: { param: string; items: { value: string; html: string }[] } }[];
  profiles: { route: { path: string }; frame: string; people: { key: string; html: string }[] }[];
}

/** Every page's markup by a name: content routes, their variants, each profile. */
function flatten(r: Rendered): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of r.content) {
    out.set(c.route.path, c.body);
    for (const v of c.variants?.items ?? []) out.set(`${c.route.path}?${c.variants?.param}=${v.value}`, v.html);
  }
  for (const p of r.profiles) for (const person of p.people) out.set(person.key, person.html);
  return out;
}

describe('prerender in Node', () => {
  let first: Rendered;
  let second: Rendered;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    await loadData();
    first = (await renderPages(render)) as Rendered;
    second = (await renderPages(render)) as Rendered;
  }, 180_000);
  afterAll(() => {
    vi.useRealTimers();
  });

  it('renders every prerendered page byte for byte the same twice', () => {
    const a = flatten(first);
    const b = flatten(second);
    // 19 content routes, their variants (4 + 4 + 15 when the spike counted) and 94 profiles.
    expect(a.size).toBeGreaterThan(19 + 94);
    expect([...b.keys()]).toEqual([...a.keys()]);
    const differing = [...a].filter(([key, html]) => b.get(key) !== html).map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('renders the data, not a loading state', () => {
    const governorsPage = first.content.find((c) => c.route.path === '/governors');
    expect(governorsPage?.body).toContain(governors.entries[0]!.name);
    // Only the pages whose screen is a loading state by design (their island draws the data) show a spinner.
    const spinning = first.content.filter((c) => c.body.includes('class="spinner"')).map((c) => c.route.path);
    expect(spinning.sort()).toEqual(first.content.filter((c) => c.route.busy).map((c) => c.route.path).sort());
  });

  it('puts React\'s output into the page slot verbatim, less the resources React hoisted out of it (for the head)', async () => {
    const template = '<!doctype html><html><head><meta charset="UTF-8" />\n</head><body><div id="root"></div></body></html>';
    for (const c of first.content) {
      expect(c.hoisted + c.body).toBe(await render(c.route.url ?? c.route.path));
      const page = pageHtml(template, { css: '', preloads: [], variants: c.variants, hoisted: c.hoisted }, c.body, c.route.path, 'full') as string;
      const [start, end] = slotOf(page) as [number, number];
      expect(page.slice(start, end)).toBe(c.variants ? variantSlot(c.body, c.variants.items) : c.body);
    }
    // The landing's banner is its only hoisted resource; no screen's markup starts with one any more.
    expect(first.content.filter((c) => c.hoisted).map((c) => [c.route.path, c.hoisted])).toEqual(
      ['/', '/home'].map((path) => [path, '<link rel="preload" as="image" href="/awards/banner-1.svg" fetchPriority="high"/>']),
    );
    for (const html of flatten(first).values()) expect(html.startsWith('<link')).toBe(false);
  });

  it('splits only the leading hoisted tags off, at the first node of the screen', () => {
    expect(splitHoisted('<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg"/><div class="app"><link rel="x"/></div>')).toEqual({
      hoisted: '<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg"/>',
      markup: '<div class="app"><link rel="x"/></div>',
    });
    expect(splitHoisted('<!--$--><div>x</div>')).toEqual({ hoisted: '', markup: '<!--$--><div>x</div>' });
    expect(splitHoisted('')).toEqual({ hoisted: '', markup: '' });
  });

  it('frames a profile route with its .page emptied', () => {
    expect(emptyPages('<div class="app"><main class="page page-initial"><div><div>x</div></div></main><nav>n</nav></div>')).toBe('<div class="app"><main class="page page-initial"></main><nav>n</nav></div>');
    for (const p of first.profiles) expect(p.frame).not.toContain(p.people[0]!.key.split('?q=')[1]!.split(' ')[0]);
  });
});

describe('preloads from the manifest', () => {
  // A manifest as Vite writes it: the entry, the screen /governors loads lazily, a chunk both import, a pack the
  // screen's loader imports at run time, and the layout's outbox badge.
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/features/civic/ListsScreens.tsx': { file: 'assets/ListsScreens-1.js', imports: ['index.html', '_shared-1.js', '_loader-1.js'], css: ['assets/components-1.css'] },
    '_loader-1.js': { file: 'assets/loader-1.js', dynamicImports: ['src/data/packs/governors.json'] },
    'src/data/packs/governors.json': { file: 'assets/governors-1.js', imports: ['_shared-1.js'] },
    'src/app/SyncBadge.tsx': { file: 'assets/SyncBadge-1.js', imports: ['index.html'] },
  };
  it("are the screen's static imports less the entry's, then the layout's and the declared run-time imports", async () => {
    expect(await routeAssets(manifest, '/governors')).toEqual({ preloads: ['/assets/ListsScreens-1.js', '/assets/loader-1.js', '/assets/SyncBadge-1.js'], styles: ['/assets/components-1.css'] });
    expect((await routeAssets(manifest, '/governors', ['src/data/packs/governors.json'])).preloads).toEqual(['/assets/ListsScreens-1.js', '/assets/loader-1.js', '/assets/SyncBadge-1.js', '/assets/governors-1.js']);
  });
});
