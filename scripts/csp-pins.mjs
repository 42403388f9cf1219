// Written by `npm run csp:pin` (build/prerender.ts) — do not edit by hand.
// The sha-256 of each script a page carries inline (build/prerender.ts INLINE_ISLANDS), as the build makes it.
// scripts/csp.mjs allows exactly these in script-src, so firebase.json's header and every page's <meta> policy
// name the same bytes; a build whose inline script no longer matches stops and says how to pin it anew.
export const INLINE_SCRIPT_PINS = {
  'src/features/polls/ballotIsland.ts': "'sha256-3zhNenS6RhYw4elM+bwDwYT4gjfs3iKJ77UAYHH+42Y='",
};
