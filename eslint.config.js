// Lint: typescript-eslint's recommended rules, React hooks rules, and the design's import boundaries: Firebase only
// in src/remote, Dexie only in src/db, imports pointing down the layers, folders entered through their entry points.
// ESLint's own rules hold them (no-restricted-imports for import/export, no-restricted-syntax for import()): a
// regular expression per specifier is all it takes, so no plugin and no import resolver to keep up to date.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const firebaseOnlyInRemote = {
  group: ['firebase', 'firebase/*', '@firebase/*'],
  message: 'Firebase is imported only by src/remote (and only lazily), so it never lands in the entry chunk.',
};
const remoteOnlyViaReadModules = {
  group: ['**/remote', '**/remote/*'],
  message:
    'Features reach src/remote only through their read modules (READ_MODULES in eslint.config.js); writes go through src/sync (docs/architecture.md).',
};
// The feature modules that read through src/remote's lazy loaders (live listeners, public reads, the API,
// sign-out): the design's one exception to routes → features → db | sync | lib. Nothing else in a feature may.
const READ_MODULES = [
  'src/features/account/liveDoc.ts',
  'src/features/account/SettingsScreen.tsx',
  'src/features/awards/orgInfo.ts',
  'src/features/civic/published.ts',
  'src/features/polls/data.ts',
  'src/features/polls/preview.ts',
  'src/features/polls/ballotIsland.ts',
  'src/features/polls/CreatePollScreen.tsx',
  'src/features/organiser/client.ts',
];
const dexieOnlyInDb = {
  group: ['dexie', 'dexie-react-hooks'],
  message: 'IndexedDB goes through src/db only.',
};

// ---- Layers and folder entry points (docs/architecture.md, "Layers") ----
// A folder is one of these; src/main.tsx and src/boot.ts belong to app (the top wiring), sw/ is the worker's top.
// What each folder may import besides itself and npm packages: nothing imports app or sw, and each arrow points
// down (routes → features → session | sync | db | data | ui | lib; sync → remote). Upward imports fail lint.
const MAY_IMPORT = {
  app: ['routes', 'features', 'session', 'sync', 'remote', 'db', 'data', 'ui', 'lib', 'locales'],
  sw: ['features', 'session', 'sync', 'db', 'data', 'lib', 'locales'],
  routes: ['features', 'session', 'ui', 'lib', 'locales'],
  // src/remote only from the read modules (READ_MODULES below).
  features: ['features', 'session', 'sync', 'db', 'data', 'ui', 'lib', 'locales'],
  sync: ['session', 'remote', 'db', 'lib'],
  session: ['lib'],
  remote: ['lib'],
  db: ['data', 'lib'],
  data: ['db', 'lib'],
  ui: ['lib', 'locales'],
  lib: ['locales'],
};
const FOLDERS = Object.keys(MAY_IMPORT).filter((f) => f !== 'sw');

// A folder is entered through its index.ts. The few other modules a folder offers are listed here, each because
// the bundle needs it (a barrel would drag the rest of the folder into a chunk that must stay small); lib, ui and
// locales are collections of independent modules, each its own entry.
const ENTRIES = {
  // core: the database without React (the service worker's flusher); live: the React hook (screens only);
  // receipts and storageError: small helpers the sync engine and the worker use without the hooks; types: the
  // row types alone; preApp: raw IndexedDB for the prerendered ballot, which must not load Dexie.
  db: ['core', 'live', 'receipts', 'storageError', 'types', 'preApp'],
  // status, view: the light views the entry chunk's badge needs; engine: loaded lazily by the app; kinds: the
  // write-kind API for the registry (worker-safe); constants, flusher, worker: the service worker's;
  // awardVoteRow: the award vote's rows, pure, shared with the prerendered ballot (no sync engine on that page).
  sync: ['status', 'view', 'engine', 'kinds', 'constants', 'flusher', 'worker', 'awardVoteRow'],
  // identity: the entry chunk's (the index brings the config and its schema library); config, publicRest: the
  // prerendered pages' own scripts, which must not load the rest.
  remote: ['identity', 'config', 'publicRest'],
  session: [],
  // No index: the schemas are imported apart from the loader and its packs; localTexts: the officials' texts in
  // Spanish and Arabic (issue #57), apart from the packs.
  data: ['loader', 'schemas', 'localTexts'],
};
// A feature's modules other features and the top wiring may use besides its index.ts: mutations/<kind> (each
// kind of write, for the registry writeKinds, which the service worker loads without any screen), the models without
// CSS or React (awardModel, logic), the app's warm-up (data, orgInfo), the ballot's templates for the build's
// server render (BallotParts, ListParts: apart from the index, so no screen's chunk carries them), the event's words in
// Spanish and Arabic, which that render loads before a language's pages (localContent). Routes load screens
// (*Screen, *Screens, InfoPages) lazily, one chunk each.
const FEATURE_ENTRIES = ['mutations/[A-Za-z]+', 'writeKinds', 'awardModel', 'logic', 'data', 'orgInfo', 'BallotParts', 'ListParts', 'localContent'];
const SCREEN = '[A-Za-z]+Screens?|InfoPages';

const up = '^(\\.\\./)+(src/)?';
const alt = (names) => names.join('|');
/** A specifier that reaches folder `to` (from outside it). */
const reaches = (to) => (to === 'app' ? `${up}(app(/|$)|main$|boot$)` : `${up}${to}(/|$)`);
/** A specifier that reaches inside folder `to` past its entry points. */
function deepInto(to, from) {
  if (to === 'features') {
    const entries = from === 'routes' ? [...FEATURE_ENTRIES, SCREEN] : FEATURE_ENTRIES;
    return `${up}features/[^/]+/(?!(index|${alt(entries)})$)`;
  }
  return `${up}${to}/(?!(index${ENTRIES[to].length ? '|' + alt(ENTRIES[to]) : ''})$)`;
}

/** The layer patterns for files of folder `from` (as {regex, message}). */
function layerPatterns(from, { remote = false, boot = false } = {}) {
  const allowed = new Set(remote ? [...MAY_IMPORT[from], 'remote'] : MAY_IMPORT[from]);
  const patterns = [];
  for (const to of FOLDERS) {
    if (to === from) continue;
    if (!allowed.has(to)) {
      const regex = boot && to === 'app' ? `${up}(app(/|$)|main$)` : reaches(to);
      patterns.push({ regex, message: `${from} may not import ${to}: imports point down the layers (docs/architecture.md, "Layers").` });
    } else if (ENTRIES[to] || to === 'features') {
      patterns.push({ regex: deepInto(to, from), message: `Enter src/${to} through its index.ts (or an entry listed in eslint.config.js, ENTRIES), not a module inside it.` });
    }
  }
  if (from === 'features') {
    // Another feature: through its index.ts or a listed entry.
    patterns.push({ regex: `^\\.\\./[^./][^/]*/(?!(index|${alt(FEATURE_ENTRIES)})$)`, message: 'Enter another feature through its index.ts (or FEATURE_ENTRIES in eslint.config.js), not a module inside it.' });
  }
  return patterns;
}

/** no-restricted-imports checks static imports and re-exports; no-restricted-syntax the same for import(). */
const dynamicImportRule = (patterns) => ['error', ...patterns.map(({ regex, message }) => ({ selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`, message }))];

// The prerendered pages' own scripts (the /vote preview, the award ballot; issue #32 item 2 replaces them): built
// as entries of their own, they start the app through src/boot.ts, the one arrow back to the top they may have.
const PAGE_SCRIPTS = ['src/features/polls/ballotIsland.ts', 'src/features/polls/preview.ts'];

const FILES = {
  app: ['src/app/**/*.{ts,tsx}', 'src/main.tsx', 'src/boot.ts'],
  sw: ['sw/**/*.ts'],
  ...Object.fromEntries(FOLDERS.filter((f) => f !== 'app').map((f) => [f, [`src/${f}/**/*.{ts,tsx}`]])),
};
/** What npm packages a folder may not import. */
const packagePatterns = (from) => [...(from === 'remote' ? [] : [firebaseOnlyInRemote]), ...(from === 'db' ? [] : [dexieOnlyInDb])];

/** One config block per folder (flat config: a later block's options replace an earlier one's for the same rule). */
const layerBlocks = [
  ...Object.keys(MAY_IMPORT).map((from) => {
    const layers = layerPatterns(from);
    const extra = from === 'features' ? [remoteOnlyViaReadModules] : [];
    return {
      files: FILES[from],
      ...(from === 'features' ? { ignores: [...READ_MODULES, ...PAGE_SCRIPTS] } : {}),
      rules: {
        'no-restricted-imports': ['error', { patterns: [...packagePatterns(from), ...extra, ...layers] }],
        'no-restricted-syntax': dynamicImportRule(layers),
      },
    };
  }),
  ...[
    { files: READ_MODULES, ignores: PAGE_SCRIPTS, options: { remote: true } },
    { files: PAGE_SCRIPTS, options: { remote: true, boot: true } },
  ].map(({ options, ...where }) => ({
    ...where,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...packagePatterns('features'), ...layerPatterns('features', options)] }],
      'no-restricted-syntax': dynamicImportRule(layerPatterns('features', options)),
    },
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerBlocks,
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.{ts,mjs}', 'build/**/*.ts', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
);
