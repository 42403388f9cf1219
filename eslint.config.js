// Lint: typescript-eslint's recommended rules, React hooks rules, and the design's import boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const firebaseOnlyInRemote = {
  group: ['firebase', 'firebase/*', '@firebase/*'],
  message: 'Firebase is imported only by src/remote (and only lazily), so it never lands in the entry chunk.',
};
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
    // One-way imports: features never reach into the shell's router or into remote directly.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [firebaseOnlyInRemote, dexieOnlyInDb, { group: ['**/routes/*'], message: 'Features do not import routes.' }] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.{ts,mjs}', 'build/**/*.ts', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
);
