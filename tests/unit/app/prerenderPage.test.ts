import { describe, expect, it } from 'vitest';
import { TEMPLATE, buildPage as render, slotOf } from './buildPage';
// @ts-expect-error — plain ESM build script
import { VARIANT_RULE, VARIANT_SCRIPT } from '../../../scripts/prerender/variants.mjs';

describe('prerendered page HTML', () => {
  it("inlines the screen's CSS, loads the app stylesheet without blocking the paint, keeps the entry script and its preloads", () => {
    const html = render(TEMPLATE, { css: '.a{color:red}', preloads: [] }, '<main>x</main>', '/local');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" media="print" data-full-css>');
    expect(html.indexOf('index-abc.css')).toBeLessThan(html.indexOf('<style>'));
    // The screen's rules, after the one that keeps controls needing the app out of the static copy (issue #33).
    expect(html).toContain('<style>#prerender [data-needs-app]{visibility:hidden}.a{color:red}</style>');
    // app.html has no screen to paint early: the whole stylesheet is inline and nothing is deferred.
    const shell = render(TEMPLATE, { css: '.all{}', preloads: [] }, '', null);
    expect(shell).not.toContain('index-abc.css');
    expect(shell).toContain('<style>.all{}</style>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('href="/assets/react-abc.js"');
  });

  it("links the screen's own stylesheets beside the app's, so they download with the page's first requests", () => {
    const shot = { css: '', preloads: ['/assets/Landing-1.js'], styles: ['/assets/awards-1.css', '/assets/polls-1.css'], boot: '/assets/boot-1.js' };
    const full = render(TEMPLATE, shot, '<main>x</main>', '/');
    expect(full).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css" media="print" data-full-css>\n    <link rel="stylesheet" crossorigin href="/assets/awards-1.css" media="print" data-full-css>\n    <link rel="stylesheet" crossorigin href="/assets/polls-1.css" media="print" data-full-css>',
    );
    expect(full).toContain('data-app-css="/assets/index-abc.css /assets/awards-1.css /assets/polls-1.css"');
    // Served from the cache the page asks for nothing before its paint: boot.js links all three when it starts.
    const deferred = render(TEMPLATE, shot, '<main>x</main>', '/', 'deferred');
    expect(deferred).not.toContain('<link rel="stylesheet"');
    expect(deferred).toContain('data-app-css="/assets/index-abc.css /assets/awards-1.css /assets/polls-1.css"');
  });

  it('cannot be broken out of the style element by the CSS it inlines', () => {
    const html = render(TEMPLATE, { css: 'a{}</style><script>alert(1)</script>', preloads: [] }, '', '/x');
    expect(html).not.toContain('</style><script>');
  });

  it('puts the screen in #prerender between the slot markers, with the path it was made for', () => {
    const html = render(TEMPLATE, { css: '', preloads: [] }, '<main><h1>Hi</h1></main>', '/governors');
    expect(html).toContain('<div id="prerender" data-path="/governors"><!--prerender--><main><h1>Hi</h1></main><!--/prerender--></div>');
    expect(html.indexOf('id="prerender"')).toBeLessThan(html.indexOf('id="root"'));
    // app.html: no path, nothing prerendered.
    expect(render(TEMPLATE, { css: '', preloads: [] }, '', null)).toContain('<div id="prerender"><!--prerender--><!--/prerender--></div>');
  });

  it("carries an island's templates after the slot, inside #prerender: not part of the screen, gone with it when the app takes over", () => {
    const templates = '<template id="ballot-parts-en" lang="en"><div data-part="option"></div></template>';
    const html = render(TEMPLATE, { css: '', preloads: [], templates }, '<main><div class="page"></div></main>', '/poll');
    expect(html).toContain(`<!--prerender--><main><div class="page"></div></main><!--/prerender-->${templates}</div>`);
    const [start, end] = slotOf(html);
    expect(html.slice(start, end)).toBe('<main><div class="page"></div></main>');
  });

  it('carries the screen for each value of its parameter as templates, and the script that picks one, before the default screen', () => {
    const items = [{ value: 'fashion', html: '<main><h1>Event</h1></main>' }, { value: 'x" onmouseover="alert(1)', html: '<main><h1>$& $\' $1</h1></main>' }];
    const html = render(TEMPLATE, { css: '.a{}', preloads: [], variants: { param: 'category', items } }, '<main><h1>Menu</h1></main>', '/');
    expect(html).toContain(
      `<div id="prerender" data-path="/" data-variant-param="category"><!--prerender--><template data-variant="fashion"><main><h1>Event</h1></main></template>` +
        `<template data-variant="x&quot; onmouseover=&quot;alert(1)"><main><h1>$& $' $1</h1></main></template>` +
        `<script>${VARIANT_SCRIPT as string}</script><main><h1>Menu</h1></main><!--/prerender--></div>`,
    );
    // The default screen never shows under a variant, even while it is still being parsed.
    expect(html).toContain(`<style>#prerender [data-needs-app]{visibility:hidden}${VARIANT_RULE as string}.a{}</style>`);
    // No variants: no script, no rule, no parameter.
    const plain = render(TEMPLATE, { css: '.a{}', preloads: [], variants: { param: 'category', items: [] } }, '<main></main>', '/');
    expect(plain).not.toContain('<script>');
    expect(plain).not.toContain('data-variant');
  });

  it('lists route chunks between markers (the size check tells them from the entry), a preconnect and an escaped data preload', () => {
    const html = render(TEMPLATE, { css: '', preloads: ['/assets/Vote-1.js', '/assets/polls-2.js'], connect: ['https://firestore.googleapis.com'], fetches: ['https://firestore.googleapis.com/v1/x?pageSize=300&key=k"'] }, '', '/vote');
    expect(html).toContain('<!--preloads--><link rel="modulepreload" crossorigin href="/assets/Vote-1.js"><link rel="modulepreload" crossorigin href="/assets/polls-2.js"><!--/preloads-->');
    expect(html).toContain('<link rel="preconnect" href="https://firestore.googleapis.com" crossorigin>');
    expect(html).toContain('<link rel="preload" as="fetch" href="https://firestore.googleapis.com/v1/x?pageSize=300&amp;key=k&quot;" crossorigin>');
  });

  it('puts what React hoisted out of the screen into the head of the page from the network, and nowhere in the page from the cache', () => {
    const hoisted = '<link rel="preload" as="image" href="/awards/banner-1.svg" fetchPriority="high"/>';
    const shot = { css: '', preloads: [], boot: '/assets/boot-1.js', hoisted };
    const full = render(TEMPLATE, shot, '<img src="/awards/banner-1.svg">', '/');
    expect(full.split('rel="preload" as="image"')).toHaveLength(2);
    expect(full.indexOf('<link rel="preload" as="image" href="/awards/banner-1.svg" fetchPriority="high">')).toBeLessThan(full.indexOf('</head>'));
    expect(render(TEMPLATE, shot, '<img src="/awards/banner-1.svg">', '/', 'deferred')).not.toContain('rel="preload" as="image"');
    // A deferred route from the network (the landing): deferred, and the banner still asked for from the head.
    const network = render(TEMPLATE, shot, '<img src="/awards/banner-1.svg">', '/', 'deferred-network');
    expect(network.split('rel="preload" as="image"')).toHaveLength(2);
    expect(network).not.toContain('rel="modulepreload"');
    expect(network).not.toContain('rel="stylesheet"');
    // Nothing hoisted (every other screen): no image preload at all.
    expect(render(TEMPLATE, { css: '', preloads: [] }, '<main>no banner</main>', '/local')).not.toContain('rel="preload" as="image"');
  });

  it('starts the app with boot.js on a prerendered page, naming the entry and the stylesheet on its tag and keeping the entry a modulepreload; app.html starts it directly', () => {
    const page = render(TEMPLATE, { css: '', preloads: ['/assets/Local-1.js'], boot: '/assets/boot-1.js' }, '<main>x</main>', '/local');
    // data-app-preload and data-app-css: what boot.js asks for when the page’s preload and stylesheet links
    // are gone (served from the cache); data-app-stages: the framework's chunks it evaluates first, one per task.
    expect(page).toContain('<script type="module" crossorigin src="/assets/boot-1.js" data-app-entry="/assets/index-abc.js" data-app-preload="/assets/react-abc.js /assets/dexie-abc.js /assets/Local-1.js" data-app-stages="/assets/react-abc.js" data-app-css="/assets/index-abc.css"></script>');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(page).not.toContain('src="/assets/index-abc.js"');
    const shell = render(TEMPLATE, { css: '', preloads: [], boot: '/assets/boot-1.js' }, '', null);
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(shell).not.toContain('boot-1.js');
  });

  it("runs a page's island as an async module, its imports preloaded beside it (outside the route block) and once only", () => {
    const html = render(
      TEMPLATE,
      { css: '', preloads: ['/assets/route-1.js', '/assets/shared-1.js'], island: ['/assets/island-1.js', '/assets/shared-1.js', '/assets/react-abc.js'] },
      '<main>x</main>',
      '/vote',
    );
    const [before, block] = html.split('<!--preloads-->');
    expect(before).toContain('<script type="module" async crossorigin src="/assets/island-1.js"></script>');
    expect(before).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
    expect(block).toContain('/assets/route-1.js');
    expect(block).not.toContain('/assets/shared-1.js');
    expect(html.split('href="/assets/react-abc.js"').length - 1).toBe(1); // already the entry's: not again
  });

  it('an island page starts the app from the island (no boot script of its own) and asks for its data and island from its first bytes', () => {
    const template = TEMPLATE.replace('<head>', '<head>\n    <meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="default-src \'self\'" />');
    const island = ['/assets/ballot-island-1.js'];
    const fetches = ['http://127.0.0.1:8080/v1/polls?pageSize=300'];
    for (const variant of ['full', 'deferred'] as const) {
      const page = render(template, { css: '.a{}', preloads: [], fetches, island, boot: '/assets/boot-1.js' }, '<div class="spinner"></div>', '/poll', variant);
      expect(page, variant).not.toContain('boot-1.js'); // the island imports src/boot.ts
      // What boot reads, on an inert tag the island's code finds whenever it runs.
      expect(page).toContain('<script type="application/json" data-app-entry="/assets/index-abc.js" data-app-preload="/assets/react-abc.js /assets/dexie-abc.js" data-app-stages="/assets/react-abc.js" data-app-css="/assets/index-abc.css" data-app-island></script>');
      // Right after the policy that governs them, before the inline CSS: the data, then the island.
      const policy = page.indexOf('Content-Security-Policy');
      const data = page.indexOf('rel="preload" as="fetch"');
      const script = page.indexOf('src="/assets/ballot-island-1.js"');
      expect(policy).toBeLessThan(data);
      expect(data).toBeLessThan(script);
      expect(script).toBeLessThan(page.indexOf('<style>'));
    }
  });

  it('carries an inline island as the last thing of its body, run once the page is parsed, with no request for it', () => {
    const code = 'document.title=`drawn`;';
    const fetches = ['http://127.0.0.1:8080/v1/polls?pageSize=300'];
    for (const variant of ['full', 'deferred'] as const) {
      const page = render(TEMPLATE, { css: '', preloads: [], fetches, inlineIsland: code, boot: '/assets/boot-1.js' }, '<div class="spinner"></div>', '/poll', variant);
      expect(page, variant).not.toContain('boot-1.js'); // the island imports src/boot.ts
      expect(page).toContain('data-app-island></script>');
      // After the screen (its bytes must not hold back the first paint), as written (not escaped), not async.
      expect(page).toMatch(/<!--\/prerender-->[\s\S]*<script type="module">document\.title=`drawn`;<\/script>\s*<\/body>/);
      expect(page).not.toMatch(/<script[^>]*async[^>]*>document/);
      expect(page).toContain('rel="preload" as="fetch"'); // its data is still asked for from the first bytes
    }
  });
});
