import { describe, expect, it } from 'vitest';
import { PAGES_CACHE_PREFIX, pagePath, pagesCacheName, servedPage } from '../../../sw/page';
// The pages the service worker gets are the ones the build writes: made here with the build's own function.
import { TEMPLATE, buildPage as build } from '../app/buildPage';

const modulepreloads = (html: string): string[] => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('service worker: the page it serves from its cache', () => {
  const landing = build(TEMPLATE, { css: '.a{}', preloads: ['/assets/Landing-1.js'], boot: '/assets/boot-1.js' }, '<h1>Detroit Fashion Choice Awards</h1><img src="/awards/banner-1.svg">', '/');

  it('asks for no file before the screen has painted: no module preloads, no stylesheet link, no image preload, the app script last', () => {
    expect(modulepreloads(landing)).toEqual(['/assets/index-abc.js', '/assets/react-abc.js', '/assets/dexie-abc.js', '/assets/Landing-1.js']);
    expect(landing).toContain('href="/assets/index-abc.css" media="print" data-full-css>');
    expect(landing).toContain('<link rel="preload" as="image" href="/awards/banner-1.svg"');
    const served = servedPage(landing, []);
    expect(modulepreloads(served)).toEqual([]);
    expect(served).not.toContain('rel="stylesheet"');
    expect(served).not.toContain('rel="preload"');
    expect(served).not.toContain("The landing's largest paint");
    // The script that starts the app, with what it needs to ask for itself, is the last thing in the body.
    const boot = '<script type="module" crossorigin src="/assets/boot-1.js" data-app-entry="/assets/index-abc.js" data-app-preload="/assets/react-abc.js /assets/dexie-abc.js /assets/Landing-1.js" data-app-css="/assets/index-abc.css"></script>';
    expect(served.split(boot)).toHaveLength(2);
    expect(served.indexOf(boot)).toBeGreaterThan(served.indexOf('<div id="root"></div>'));
    expect(served.slice(served.indexOf(boot) + boot.length).trim()).toBe('</body>\n</html>');
    expect(served).toContain('<!--prerender--><h1>Detroit Fashion Choice Awards</h1><img src="/awards/banner-1.svg"><!--/prerender-->');
    expect(served).toContain('<style>.a{}</style>');
    // Nothing else of the page changed: only those tags went or moved.
    const rest = (html: string) => html
      .replace(/[ \t]*<link rel="(modulepreload|stylesheet|preload)"[^>]*>\n?/g, '')
      .replace(/<!--preloads-->[\s\S]*?<!--\/preloads-->/, '')
      .replace(/<!-- The landing's[^>]*-->/, '')
      .replace(boot, '')
      .replace(/\s+/g, '');
    expect(rest(served)).toBe(rest(landing));
  });

  it('keeps the island script of /vote (its imports load when it runs)', () => {
    const vote = build(TEMPLATE, { css: '', preloads: [], island: ['/assets/preview-1.js', '/assets/cards-1.js'], boot: '/assets/boot-1.js' }, '<p>Loading polls</p>', '/vote');
    expect(modulepreloads(vote)).toContain('/assets/cards-1.js');
    const served = servedPage(vote, []);
    expect(served).toContain('<script type="module" async crossorigin src="/assets/preview-1.js"></script>');
    expect(modulepreloads(served)).toEqual([]);
  });

  it('leaves the preloads of app.html, the shell with nothing to paint before its scripts run', () => {
    const shell = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '', null);
    const served = servedPage(shell, []);
    expect(served).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(modulepreloads(served)).toEqual(['/assets/react-abc.js', '/assets/dexie-abc.js']);
  });

  it('empties the prerendered part for a query it was not rendered for, or puts the profile there', () => {
    const local = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '<ul><li>Every official</li></ul>', '/local');
    expect(servedPage(local, ['q'])).toContain('<!--prerender--><!--/prerender-->');
    expect(servedPage(local, ['q'])).not.toContain('Every official');
    const frame = build(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '<header>frame</header>', '/onegovernor');
    expect(servedPage(frame, ['q'], '<h2 class="civic-person-name">Gretchen Whitmer</h2>')).toContain('<!--prerender--><h2 class="civic-person-name">Gretchen Whitmer</h2><!--/prerender-->');
    // No query (or only ?uid=, which the worker leaves out of `query`): as prerendered.
    expect(servedPage(local, [])).toContain('Every official');
  });
});

describe('service worker: the pages the browser may answer from the cache without the worker', () => {
  it('maps each prerendered page to its path, and leaves out the shell and everything else', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('local.html')).toBe('/local');
    expect(pagePath('/voter-resources.html')).toBe('/voter-resources');
    // app.html answers every other path, through the worker.
    expect(pagePath('app.html')).toBeUndefined();
    for (const other of ['assets/index-abc.js', 'prerender/people.json', 'awards/banner-1.svg', 'docs/readme.html', 'manifest.webmanifest']) expect(pagePath(other), other).toBeUndefined();
  });

  it('names the pages cache after the pages only, so a new build with other pages fills a cache of its own', () => {
    const build = [
      { url: 'index.html', revision: 'r1' },
      { url: 'local.html', revision: 'r2' },
      { url: 'assets/index-abc.js', revision: null },
      'app.html',
    ];
    const name = pagesCacheName(build);
    expect(name.startsWith(PAGES_CACHE_PREFIX)).toBe(true);
    expect(pagesCacheName([...build])).toBe(name);
    // Another script or the shell changed: the pages are the same, so is the name.
    expect(pagesCacheName([build[0]!, build[1]!, { url: 'assets/index-def.js', revision: null }, { url: 'app.html', revision: 'x' }])).toBe(name);
    // One page changed: a new name.
    expect(pagesCacheName([{ url: 'index.html', revision: 'r1' }, { url: 'local.html', revision: 'r3' }])).not.toBe(name);
  });
});
