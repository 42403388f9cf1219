import type { ReactElement } from 'react';

/**
 * Where a screen's first frame ends: what comes before it is what a visitor must see at once (the landing's title,
 * a profile's name and photo). An inert, empty <template>, in the app and in the page from the network alike; in
 * the page the service worker serves from its cache the build turns the first one into the app stylesheet's
 * <link> (scripts/prerender/pages.mjs `withFirstPaint`). A stylesheet in the body holds the parser, not the paint:
 * the browser paints what is above while the sheet comes from the cache, instead of laying out the whole screen
 * before its first frame (docs/benchmark-notes.md, "The first frame offline").
 */
export function FirstPaint(): ReactElement {
  return <template data-first-paint="" />;
}
