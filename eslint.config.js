// Lint: typescript-eslint's recommended rules, React hooks rules, and the design's import boundaries.
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
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/remote/**', 'src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseOnlyInRemote, dexieOnlyInDb] }] },
  },
  {
    files: ['src/db/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseOnlyInRemote] }] },
  },
  {
    files: ['src/remote/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dexieOnlyInDb] }] },
  },
  {
    // One-way imports: features never reach into the shell's router, nor into remote outside their read modules.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: READ_MODULES,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [firebaseOnlyInRemote, dexieOnlyInDb, remoteOnlyViaReadModules, { group: ['**/routes/*'], message: 'Features do not import routes.' }] },
      ],
    },
  },
  {
    files: READ_MODULES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [firebaseOnlyInRemote, dexieOnlyInDb, { group: ['**/routes/*'], message: 'Features do not import routes.' }] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.{ts,mjs}', 'build/**/*.ts', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
);
