// Which screens the build prerenders, and how (scripts/prerender-node.mjs renders them with React in Node). Only
// screens whose content does not depend on who is looking: a server render has no visitor.
//
// A content route:
//   path        the page's path (its files: pages.mjs networkFile / servedFile);
//   url         what the build renders, when it is not `path` (the ballot needs an ?id= to show its loading state);
//   busy        the page is a loading state (its spinner is expected: tests/unit/app/prerenderNode.test.ts);
//   data        the public lists (collections) the screen reads while it renders, preloaded by the page (in Node
//               nothing is requested, so they are named);
//   preloadDynamic source modules the screen imports at run time (import()), preloaded by the page with their
//               static imports: a Node build cannot see them (the civic screens' packs and the published-pack
//               refresh, the public REST reads);
//   island      a script entry the page runs before the app (it draws the screen's data: the /vote preview, the
//               award ballot);
//   templates   the page carries the parts its island draws with, rendered from the app's components: 'ballot'
//               (src/features/polls/BallotParts.tsx), 'lists' (the /vote preview's, ListParts.tsx); beasties also
//               sees them as markup, so their rules are inlined;
//   sampleClasses classes the app draws early that no rendered markup holds: every rule whose selector names
//               one stays inline; `sampleRules` (RegExps) the same for
//               selectors without a class;
//   keep        selectors whose rules are inlined although no rendered markup uses them (states only the island
//               reaches before the app has taken over: a chosen option);
//   deferred    the network page is the deferred variant too (pages.mjs): nothing but the island and its data
//               before the first paint;
//   onQuery     what the service worker does for a query (sw/pageManifest.ts): 'frame' (default) or 'same';
//   variants    { param }: the page also carries its screen for each value of ?param= that a screen rendered
//               before it links to, and picks the one its address names before the first paint
//               (scripts/prerender/variants.mjs).

/** What the civic screens import once they run: the packs (src/data/loader.ts) and the published-pack refresh. */
const CIVIC_RUNTIME = ['executive', 'cabinet', 'governors', 'michigan', 'court'].map((p) => `src/data/packs/${p}.json`).concat('src/remote/publicRest.ts');
/** The public REST reads (organisation info, the polls lists): imported by src/remote when first asked. */
const REST_RUNTIME = ['src/remote/publicRest.ts'];

/** The ballot's id the build renders /poll with (the page is the ballot's loading state, whatever the id). */
export const SAMPLE_BALLOT = 'style-sample';

export const CONTENT_ROUTES = [
  // The category menu (at / and /home); the four categories (Event Details, three "Coming soon") as its variants.
  // Deferred from the network: every control it shows works before the app (issue #33), and its twenty module
  // preloads, done before the banner painted, made Lighthouse's simulated LCP ~2.5 s in most runs against ~1.0 s
  // (docs/benchmark-notes.md, fourteenth session).
  { path: '/', variants: { param: 'category' }, deferred: true },
  { path: '/home', variants: { param: 'category' }, deferred: true },
  { path: '/local', preloadDynamic: CIVIC_RUNTIME },
  // The lists come from Firestore: the page is its header, tabs and the loading states; the preview island
  // draws both lists from the preloaded GETs.
  {
    path: '/vote',
    busy: true,
    data: ['user-polls', 'polls'],
    preloadDynamic: REST_RUNTIME,
    island: 'src/features/polls/preview.ts',
    // Deferred from the network, as the ballot: on a venue's Wi-Fi the framework's module preloads shared the
    // 400 kbit/s with the preview script and held the cards back by ~0.3 s (paired runs: docs/benchmark-notes.md).
    deferred: true,
    // The preview draws with the app's own list components, rendered into the page as a template
    // (src/features/polls/ListParts.tsx); the build also shows them to beasties, which inlines their rules.
    templates: 'lists',
  },
  // The award ballot: the page is the app's frame and the ballot's loading state; its island draws the ballot
  // from the preloaded list of award polls (src/features/polls/ballotIsland.ts, carried inline: build/prerender.ts
  // INLINE_ISLANDS). Deferred from the network: a first visit on a venue's Wi-Fi gets a usable ballot before the
  // framework's ~130 kB (issue #17).
  {
    path: '/poll',
    url: `/poll?id=${SAMPLE_BALLOT}`,
    busy: true,
    data: ['polls'],
    island: 'src/features/polls/ballotIsland.ts',
    deferred: true,
    onQuery: 'same',
    // The island draws with the app's own ballot components, rendered into the page as templates
    // (src/features/polls/BallotParts.tsx); the build also shows them to beasties, which inlines their rules.
    templates: 'ballot',
    // A chosen option: the parts hold an unchosen one.
    keep: ['.poll-option.chosen'],
  },
  { path: '/more' },
  { path: '/extra' },
  // The organisers' sign-in (issue #53): on the venue's Wi-Fi the form took typing 7 s after the tap, 5 s of it before
  // the first paint. Its button waits for the app (src/features/organiser/SignInForm.tsx); ?present= gets the frame.
  { path: '/organiser' },
  { path: '/governors', preloadDynamic: CIVIC_RUNTIME },
  { path: '/cabinet', preloadDynamic: CIVIC_RUNTIME },
  { path: '/michigan', preloadDynamic: CIVIC_RUNTIME },
  { path: '/court', preloadDynamic: CIVIC_RUNTIME },
  { path: '/voter-resources' },
  { path: '/help' },
  { path: '/privacy-policy' },
  { path: '/terms-conditions' },
  { path: '/partners' },
  { path: '/stories-page', preloadDynamic: REST_RUNTIME },
  { path: '/poll-categories', preloadDynamic: REST_RUNTIME },
  // A founder, host or honoree (after the screens that link to them): the page without ?id= is the header alone,
  // as the app shows an id it does not know.
  { path: '/one-icon', preloadDynamic: REST_RUNTIME, variants: { param: 'id' } },
];

/** Profile routes: the page itself is the frame (header space + bottom nav); each person is a fragment. */
export const PROFILE_ROUTES = [
  { path: '/onegovernor', packs: ['governors'], preloadDynamic: CIVIC_RUNTIME, q: (e) => e.name },
  { path: '/minister', packs: ['cabinet', 'michigan', 'court'], preloadDynamic: CIVIC_RUNTIME, q: (e) => e.name },
  { path: '/profile', packs: ['executive'], preloadDynamic: CIVIC_RUNTIME, q: (e) => e.key ?? e.name },
];
