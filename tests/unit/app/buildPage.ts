// The build's page writer (scripts/prerender/pages.mjs), typed for the tests, and a built index.html to feed it.
// @ts-expect-error — plain ESM build script
import { choicesOf as untypedChoicesOf, pageHtml, slotOf as untypedSlotOf } from '../../../scripts/prerender/pages.mjs';

export const buildPage = pageHtml as (
  template: string,
  shot: { css: string; preloads: string[]; styles?: string[]; connect?: string[]; fetches?: string[]; island?: string[]; inlineIsland?: string; boot?: string; variants?: { param: string; items: { value: string; html: string }[] }; templates?: string; hoisted?: string },
  body: string,
  path: string | null,
  variant?: 'full' | 'deferred' | 'deferred-network',
) => string;

export const slotOf = untypedSlotOf as (html: string) => [number, number];
export const choicesOf = untypedChoicesOf as (html: string, body: string) => [number, number];

export const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/dexie-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
