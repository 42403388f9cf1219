import { describe, expect, it } from 'vitest';
import { PAGES_CACHE_PREFIX, PEOPLE_STORED_URL, asPageManifest, pagePath, pagesCacheName, personUrl, pickPage, stitch, type PageManifest } from '../../../sw/pageManifest';
// The pages the service worker gets are the ones the build writes: made here with the build's own function.
import { TEMPLATE, buildPage as build, choicesOf, slotOf } from '../app/buildPage';

const modulepreloads = (html: string): string[] => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
const BOOT = '<script type="module" crossorigin src="/assets/boot-1.js" data-app-entry="/assets/index-abc.js" data-app-preload="/assets/react-abc.js /assets/dexie-abc.js /assets/Landing-1.js" data-app-stages="/assets/react-abc.js" data-app-css="/assets/index-abc.css"></script>';

describe('the page the service worker serves (the build’s deferred variant)', () => {
  // React hoists the banner's preload out of the landing's screen (scripts/prerender-node.mjs splitHoisted).
  const hoisted = '<link rel="preload" as="image" href="/awards/banner-1.svg" fetchPriority="high"/>';
  const shot = { css: '.a{}', preloads: ['/assets/Landing-1.js'], boot: '/assets/boot-1.js', hoisted };
  const body = '<h1>Detroit Fashion Choice Awards</h1><img src="/awards/banner-1.svg">';
  const full = build(TEMPLATE, shot, body, '/');
  const deferred = build(TEMPLATE, shot, body, '/', 'deferred');

  it('asks for no file before the screen has painted: no module preloads, no stylesheet link, no image preload, the app script last', () => {
    expect(modulepreloads(full)).toEqual(['/assets/index-abc.js', '/assets/react-abc.js', '/assets/dexie-abc.js', '/assets/Landing-1.js']);
    expect(full).toContain('href="/assets/index-abc.css" media="print" data-full-css>');
    // From the network the banner (the landing's largest paint) starts with the head; from the cache its <img> asks.
    expect(full.slice(0, full.indexOf('</head>'))).toContain('<link rel="preload" as="image" href="/awards/banner-1.svg" fetchPriority="high">');
    expect(modulepreloads(deferred)).toEqual([]);
    expect(deferred).not.toContain('rel="stylesheet"');
    expect(deferred).not.toContain('rel="preload"');
    // The script that starts the app, with what it needs to ask for itself, is the last thing in the body.
    expect(deferred.split(BOOT)).toHaveLength(2);
    expect(deferred.indexOf(BOOT)).toBeGreaterThan(deferred.indexOf('<div id="root"></div>'));
    expect(deferred.slice(deferred.indexOf(BOOT) + BOOT.length).trim()).toBe('</body>\n</html>');
    expect(deferred).toContain('<!--prerender--><h1>Detroit Fashion Choice Awards</h1><img src="/awards/banner-1.svg"><!--/prerender-->');
    // The page's critical CSS stays inline, after the rule that hides controls needing the app (issue #33).
    expect(deferred).toContain('<style>#prerender [data-needs-app]{visibility:hidden}.a{}</style>');
    // Nothing else of the page differs between the two variants: only those tags went or moved.
    const rest = (html: string) => html
      .replace(/[ \t]*<link rel="(modulepreload|stylesheet|preload)"[^>]*>\n?/g, '')
      .replace(/<!--preloads-->[\s\S]*?<!--\/preloads-->/, '')
      .replace(BOOT, '')
      .replace(/\s+/g, '');
    expect(rest(deferred)).toBe(rest(full));
  });

  it('keeps a page’s island script and its imports, and the data it preloads (the ballot’s first paint needs them)', () => {
    const shot2 = { css: '', preloads: [], island: ['/assets/ballot-1.js', '/assets/model-1.js'], fetches: ['https://fs.example/v1/polls?pageSize=300&key=k'], boot: '/assets/boot-1.js' };
    const served = build(TEMPLATE, shot2, '<div class="spinner"></div>', '/poll', 'deferred');
    expect(served).toContain('<script type="module" async crossorigin src="/assets/ballot-1.js"></script>');
    expect(modulepreloads(served)).toEqual(['/assets/model-1.js']);
    expect(served).toContain('<link rel="preload" as="fetch" href="https://fs.example/v1/polls?pageSize=300&amp;key=k" crossorigin>');
  });

  it('the shell (app.html) is the same in both variants: nothing to paint before its scripts run', () => {
    const shell = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '', null);
    expect(build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '', null, 'deferred')).toBe(shell);
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(modulepreloads(shell)).toEqual(['/assets/react-abc.js', '/assets/dexie-abc.js']);
  });
});

describe('the worker picks a file and stitches by offsets (prerender/pages.json)', () => {
  const local = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '<ul><li>Every official — ünïcödé 🗳️</li></ul>', '/local', 'deferred');
  const frame = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '<header>frame</header>', '/onegovernor', 'deferred');
  const manifest: PageManifest = {
    version: 1,
    pages: {
      '/local': { file: '/prerender/local.html', slot: slotOf(local), onQuery: 'frame' },
      '/onegovernor': { file: '/prerender/onegovernor.html', slot: slotOf(frame), onQuery: 'frame' },
      '/poll': { file: '/prerender/poll.html', slot: [0, 0], onQuery: 'same' },
    },
    shell: '/prerender/app.html',
    people: '/prerender/people.json',
  };

  it('no query (or only ?uid=, which the worker leaves out): the page as written', () => {
    expect(pickPage(manifest, '/local', [], undefined)).toEqual({ file: '/prerender/local.html' });
  });

  it('a query the page was not rendered for: its slot emptied; a profile’s ?q=: the person in the frame', () => {
    const search = pickPage(manifest, '/local', ['q'], undefined);
    expect(search.stitch?.fragment).toBe('');
    const emptied = stitch(local, search.stitch!.slot, search.stitch!.fragment);
    expect(emptied).toContain('<!--prerender--><!--/prerender-->');
    expect(emptied).not.toContain('Every official');
    expect(emptied.replace('<!--prerender--><!--/prerender-->', '')).toBe(local.replace(/<!--prerender-->[\s\S]*<!--\/prerender-->/, ''));
    const person = pickPage(manifest, '/onegovernor', ['q'], '<h2 class="civic-person-name">Gretchen Whitmer</h2>');
    expect(stitch(frame, person.stitch!.slot, person.stitch!.fragment)).toContain('<!--prerender--><h2 class="civic-person-name">Gretchen Whitmer</h2><!--/prerender-->');
  });

  it('a page whose screen fits any query (the ballot reads ?id= itself) is served as it is; unknown paths get the shell', () => {
    expect(pickPage(manifest, '/poll', ['id'], undefined)).toEqual({ file: '/prerender/poll.html' });
    expect(pickPage(manifest, '/account', [], undefined)).toEqual({ file: '/prerender/app.html' });
    expect(pickPage(manifest, '/toString', [], undefined)).toEqual({ file: '/prerender/app.html' }); // not an inherited key
  });

  it('a page that carries its variants (the landing’s categories) is served whole for its own parameter alone, without them for no query, framed for any other query', () => {
    const menu = '<main><h1>Choose a category</h1></main>';
    const variants = { param: 'category', items: [{ value: 'fashion', html: '<main><h1>Event details</h1></main>' }] };
    const landing = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js', variants }, menu, '/', 'deferred');
    const withVariants: PageManifest = { ...manifest, pages: { ...manifest.pages, '/': { file: '/prerender/index.html', slot: slotOf(landing), onQuery: 'frame', variants: 'category', choices: choicesOf(landing, menu) } } };
    expect(pickPage(withVariants, '/', ['category'], undefined)).toEqual({ file: '/prerender/index.html' });
    // No query: the menu alone, with no template, no script — and nothing else of the page changed.
    const plain = pickPage(withVariants, '/', [], undefined);
    expect(plain.stitch?.fragment).toBe('');
    const served = stitch(landing, plain.stitch!.slot, plain.stitch!.fragment);
    expect(served).toContain(`<!--prerender-->${menu}<!--/prerender-->`);
    expect(served).not.toContain('<template');
    expect(served).not.toContain('<script>');
    expect(served).not.toContain('Event details');
    expect(served.replace(menu, '')).toBe(landing.replace(/<!--prerender-->[\s\S]*<!--\/prerender-->/, '<!--prerender--><!--/prerender-->'));
    expect(() => choicesOf(landing, '<main>not the default</main>')).toThrow(/not at the end of its slot/);
    // ?lang= changes the language: the English page (and its English variants) must not show under it.
    expect(pickPage(withVariants, '/', ['category', 'lang'], undefined).stitch?.fragment).toBe('');
    expect(pickPage(withVariants, '/', ['lang'], undefined).stitch?.fragment).toBe('');
    expect(pickPage(withVariants, '/local', ['category'], undefined).stitch?.fragment).toBe('');
  });

  it('reads only a manifest of the shape it knows', () => {
    expect(asPageManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
    expect(asPageManifest({ version: 2, pages: {}, shell: 'x', people: 'y' })).toBeNull();
    expect(asPageManifest(null)).toBeNull();
  });
});

describe('the pages the browser may answer from the cache without the worker', () => {
  it('maps each served page to its path, and leaves out the shell and everything else', () => {
    expect(pagePath('prerender/index.html')).toBe('/');
    expect(pagePath('prerender/local.html')).toBe('/local');
    expect(pagePath('/prerender/voter-resources.html')).toBe('/voter-resources');
    // The shell answers every other path, through the worker; the network pages are not the worker's.
    expect(pagePath('prerender/app.html')).toBeUndefined();
    for (const other of ['index.html', 'local.html', 'assets/index-abc.js', 'prerender/people.json', 'prerender/pages.json', 'awards/banner-1.svg', 'manifest.webmanifest']) expect(pagePath(other), other).toBeUndefined();
  });

  it('names the pages cache after the pages only, so a new build with other pages fills a cache of its own', () => {
    const files = [
      { url: 'prerender/index.html', revision: 'r1' },
      { url: 'prerender/local.html', revision: 'r2' },
      { url: 'assets/index-abc.js', revision: null },
      'prerender/app.html',
    ];
    const name = pagesCacheName(files);
    expect(name.startsWith(PAGES_CACHE_PREFIX)).toBe(true);
    expect(pagesCacheName([...files])).toBe(name);
    // Another script or the shell changed: the pages are the same, so is the name.
    expect(pagesCacheName([files[0]!, files[1]!, { url: 'assets/index-def.js', revision: null }, { url: 'prerender/app.html', revision: 'x' }])).toBe(name);
    // One page changed: a new name.
    expect(pagesCacheName([{ url: 'prerender/index.html', revision: 'r1' }, { url: 'prerender/local.html', revision: 'r3' }])).not.toBe(name);
  });
});

describe('each profile kept under an address of its own in the pages cache', () => {
  it('one address per key, the key whole in its query whatever it holds, never a page of the app', () => {
    const keys = ['/onegovernor?q=Gretchen Whitmer', '/onegovernor?q=Gretchen%20Whitmer', '/minister?q=Gretchen Whitmer', '/onegovernor?q=a&q=b', '/onegovernor?q=</script>#x', '/onegovernor?q=José Ñ 🗳️'];
    const urls = keys.map(personUrl);
    expect(new Set(urls).size).toBe(keys.length);
    for (const [i, u] of urls.entries()) {
      const parsed = new URL(u, 'https://town.example');
      expect(parsed.pathname).toBe('/__town-square/person');
      expect(parsed.searchParams.get('key')).toBe(keys[i]);
      expect(parsed.hash).toBe('');
      expect(pagePath(parsed.pathname)).toBeUndefined();
    }
    expect(urls).not.toContain(PEOPLE_STORED_URL);
  });
});
