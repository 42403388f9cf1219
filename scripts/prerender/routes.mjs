// Which screens the build prerenders, and how (scripts/prerender.mjs). Only screens whose content does not
// depend on who is looking: the build browses as a known visitor id and fails if a page carries it.
//
// A content route:
//   path        the page's path (its files: pages.mjs networkFile / servedFile);
//   url         what the build opens, when it is not `path` (the ballot needs an ?id= to show its loading state);
//   ready       a selector that must be on screen before the capture;
//   busy        the page is a loading state (its spinner is expected);
//   preloadData the public GETs the screen makes while rendering are preloaded by the page (never on a screen
//               whose requests carry the visitor's id: the build's visitor would be baked into everyone's page);
//   data        (Node step) the public lists (collections) the screen reads while it renders, preloaded by the
//               page like `preloadData`'s GETs (in Node nothing is requested, so they are named);
//   preloadDynamic (Node step) source modules the screen imports at run time (import()), preloaded by the page
//               with their static imports, as the Chromium step saw them requested: a Node build cannot see them
//               (the civic screens' packs and the published-pack refresh, the public REST reads);
//   sampleClasses (Node step), for now (docs/prerender-in-node.md section 7, step 6 replaces it): the classes
//               the island draws after the first paint (what `styleSamples` renders in Chromium); every rule
//               whose selector names one stays inline; `sampleRules` (RegExps) the same for the selectors without a
//               class (the ballot's headings and e-mail field);
//   island      a script entry the page runs before the app (it draws the screen's data: the /vote preview, the
//               award ballot);
//   styleSamples answers to the screen's requests ({ url, status?, body }; body may be a function of the
//               request), each rendered once more in a fresh profile so the inline CSS
//               also covers what the island (or React) draws later; only the CSS of those passes is kept;
//   keep        selectors whose rules are inlined although no captured screen uses them (states only the
//               island reaches before the app has taken over: a chosen option, an invalid e-mail);
//   deferred    the network page is the deferred variant too (pages.mjs): nothing but the island and its data
//               before the first paint;
//   onQuery     what the service worker does for a query (sw/pageManifest.ts): 'frame' (default) or 'same';
//   variants    { param, ready }: the page also carries its screen for each value of ?param= that a screen
//               captured before it links to, and picks the one its address names before the first paint
//               (scripts/prerender/variants.mjs); `ready` as above, for those screens.

const doc = (collection, id, fields) => ({ name: `projects/style-sample/databases/(default)/documents/${collection}/${id}`, fields });
const str = (s) => ({ stringValue: s });
const list = (values) => ({ arrayValue: { values } });

const SAMPLE_USER_POLLS = {
  url: '/documents/user-polls?',
  body: {
    documents: [
      doc('user-polls', 'style-sample', {
        pollId: str('style-sample'),
        title: str('Sample poll'),
        questions: list([]),
        uploadedBy: { mapValue: { fields: { id: str('sample'), first_name: str('Sam') } } },
        uploadedOn: { timestampValue: '2025-01-01T00:00:00Z' },
      }),
    ],
  },
};

const SAMPLE_AWARD_POLLS = {
  url: '/documents/polls?',
  body: {
    documents: [
      doc('polls', 'style-sample', {
        id: str('style-sample'),
        title: str('Sample ballot'),
        questions: list([
          { mapValue: { fields: { id: str('q1'), question: str('Sample category'), options: list([str('One'), str('Two')]) } } },
          { mapValue: { fields: { id: str('q2'), question: str('Another category'), options: list([str('Three'), str('Four')]) } } },
        ]),
      }),
    ],
  },
};

/** A batchGet answer saying every requested document is missing (the request names them). */
function missingDocuments(request) {
  const names = JSON.parse(request.postData() ?? '{}').documents ?? [];
  return names.map((name) => ({ missing: name, readTime: '2026-01-01T00:00:00Z' }));
}

/** What the civic screens import once they run: the packs (src/data/loader.ts) and the published-pack refresh. */
const CIVIC_RUNTIME = ['executive', 'cabinet', 'governors', 'michigan', 'court'].map((p) => `src/data/packs/${p}.json`).concat('src/remote/publicRest.ts');
/** The public REST reads (organisation info, the polls lists): imported by src/remote when first asked. */
const REST_RUNTIME = ['src/remote/publicRest.ts'];

/** The ballot's id the build opens /poll with: the sample answers know it, the real collection does not. */
export const SAMPLE_BALLOT = 'style-sample';

export const CONTENT_ROUTES = [
  // The category menu (at / and /home); the four categories (Event Details, three "Coming soon") as its variants.
  { path: '/', ready: 'main h1', variants: { param: 'category', ready: 'main h1' } },
  { path: '/home', ready: 'main h1', variants: { param: 'category', ready: 'main h1' } },
  { path: '/local', preloadDynamic: CIVIC_RUNTIME, ready: '.civic-tile' },
  // The lists come from Firestore: the page is its header, tabs and the loading states; the preview island
  // draws both lists from the preloaded GETs.
  {
    path: '/vote',
    ready: '#polls-panel .spinner',
    busy: true,
    preloadData: true,
    data: ['user-polls', 'polls'],
    preloadDynamic: REST_RUNTIME,
    island: 'src/features/polls/preview.ts',
    // What src/features/polls/preview.ts draws (its el() calls), and what the Chromium step's sample pass kept
    // beyond them (the organisers' share list).
    sampleClasses: ['card', 'poll-card', 'poll-cards', 'poll-card-foot', 'award-row', 'award-rows', 'award-row-foot', 'btn', 'btn-small', 'btn-ghost', 'muted', 'small', 'share', 'organisers-list'],
    styleSamples: [[SAMPLE_USER_POLLS, SAMPLE_AWARD_POLLS]],
  },
  // The award ballot: the page is the app's frame and the ballot's loading state; its island draws the ballot
  // from the preloaded list of award polls (src/features/polls/ballotIsland.ts). Deferred from the network:
  // a first visit on a venue's Wi-Fi gets a usable ballot before the framework's ~130 kB (issue #17).
  {
    path: '/poll',
    url: `/poll?id=${SAMPLE_BALLOT}`,
    ready: 'main .spinner[aria-label="Loading poll"]',
    busy: true,
    preloadData: true,
    data: ['polls'],
    island: 'src/features/polls/ballotIsland.ts',
    deferred: true,
    onQuery: 'same',
    // The island draws with the app's own ballot components, rendered into the page as templates
    // (src/features/polls/BallotParts.tsx); the build also shows them to beasties, which inlines their rules.
    templates: 'ballot',
    // A chosen option: the parts hold an unchosen one.
    keep: ['.poll-option.chosen'],
    styleSamples: [
      [SAMPLE_AWARD_POLLS],
      // The error view for an id that is neither an award ballot nor a user poll. The app looks the user poll
      // up with a batchGet (a POST), which must answer "missing": left pending, the sample waited 15 s for the
      // app's own timeout and captured the connection-error view instead.
      [
        { url: '/documents/polls?', body: { documents: [] } },
        { url: `/documents/user-polls/${SAMPLE_BALLOT}?`, status: 404, body: { error: { status: 'NOT_FOUND' } } },
        { url: '/documents:batchGet?', body: missingDocuments },
      ],
    ],
  },
  { path: '/more', ready: 'main h1, main h2' },
  { path: '/extra', ready: 'main h1, main h2' },
  { path: '/governors', preloadDynamic: CIVIC_RUNTIME, ready: '.civic-tile, .civic-list a' },
  { path: '/cabinet', preloadDynamic: CIVIC_RUNTIME, ready: '.civic-tile, .civic-list a' },
  { path: '/michigan', preloadDynamic: CIVIC_RUNTIME, ready: '.civic-tile, .civic-list a' },
  { path: '/court', preloadDynamic: CIVIC_RUNTIME, ready: '.civic-tile, .civic-list a' },
  { path: '/voter-resources', ready: 'main h1, main h2' },
  { path: '/help', ready: 'main h1, main h2' },
  { path: '/privacy-policy', ready: 'main h1, main h2' },
  { path: '/terms-conditions', ready: 'main h1, main h2' },
  { path: '/partners', ready: 'main h1, main h2' },
  { path: '/stories-page', preloadDynamic: REST_RUNTIME, ready: 'main h1, main h2' },
  { path: '/poll-categories', preloadDynamic: REST_RUNTIME, ready: 'main h1, main h2' },
  // A founder, host or honoree (after the screens that link to them): the page without ?id= is the header alone,
  // as the app shows an id it does not know.
  { path: '/one-icon', preloadDynamic: REST_RUNTIME, ready: 'main h1', variants: { param: 'id', ready: '.icon-detail .icon-role' } },
];

/** Profile routes: the page itself is the frame (header space + bottom nav); each person is a fragment. */
export const PROFILE_ROUTES = [
  { path: '/onegovernor', packs: ['governors'], preloadDynamic: CIVIC_RUNTIME, q: (e) => e.name },
  { path: '/minister', packs: ['cabinet', 'michigan', 'court'], preloadDynamic: CIVIC_RUNTIME, q: (e) => e.name },
  { path: '/profile', packs: ['executive'], preloadDynamic: CIVIC_RUNTIME, q: (e) => e.key ?? e.name },
];
