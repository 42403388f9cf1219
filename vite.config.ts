// The build. Each of the project's own plugins is a file under build/. The test projects are vitest.config.ts's:
// nothing here imports from tests/, so the build never loads test code.
import { defineConfig, loadEnv, type LogLevel, type PluginOption, type ViteBuilder } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { Features } from 'lightningcss';
import { compiledCatalogs } from './build/catalogs.ts';
import { cspMeta } from './build/csp.ts';
import { NODE_PRERENDER, prerenderPages, SERVER_ENTRY } from './build/prerender.ts';
import { previewRewrites } from './build/previewRewrites.ts';
import { swSyncScript } from './build/swSync.ts';
import { COMPILE_HINT, EAGER_CHUNKS } from './scripts/lib/chunkNames.mjs';

// Brand colour from the spec ("light blue"); also the manifest theme colour.
const THEME = '#8fd3fe';

/** The app build's log level, handed to vite-plugin-pwa's separate service-worker build (see VitePWA below). */
let swBuildLogLevel: LogLevel | undefined;

/**
 * Plugins for the browser's build only: with the Node prerender the same `vite build` also builds the server entry
 * (the `ssr` environment below), which must get neither the pages, the service worker nor the PWA manifest.
 */
const clientOnly = (plugins: PluginOption[]): PluginOption[] =>
  plugins.flat().map((p) => (p && typeof p === 'object' && 'name' in p ? { ...p, applyToEnvironment: (env: { name: string }) => env.name === 'client' } : p));

// The app (index.html) and the loader prerendered pages start the app with (src/boot.ts), which the prerender
// step puts in those pages. The pages' own scripts (the /vote preview, the award ballot) are built apart, one file
// each (build/prerender.ts).
const APP_INPUT = {
  index: resolve(import.meta.dirname, 'index.html'),
  boot: resolve(import.meta.dirname, 'src/boot.ts'),
};

export default defineConfig(({ mode }) => ({
  // The Node prerender (issue #32, docs/prerender-in-node.md; PRERENDER=0 turns it off): one `vite build`
  // builds two environments, the server
  // entry first (src/app/server.tsx, to <outDir>-ssr: no public/ files, no PWA), then the app, whose prerender
  // step renders every page with it. The app's inputs and its manifest (the pages' preloads and stylesheets come
  // from it) are the client environment's alone: top-level build options are every environment's.
  ...(NODE_PRERENDER
    ? {
        environments: {
          client: { build: { manifest: true, rollupOptions: { input: APP_INPUT } } },
          ssr: { build: { copyPublicDir: false, emptyOutDir: true, rollupOptions: { input: { server: SERVER_ENTRY } } } },
        },
        builder: {
          async buildApp(builder: ViteBuilder) {
            await builder.build(builder.environments.ssr!);
            await builder.build(builder.environments.client!);
          },
        },
      }
    : {}),
  plugins: [
    cspMeta({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('VITE_'))) } as Record<string, string>),
    compiledCatalogs(),
    react(),
    ...clientOnly([
    prerenderPages(),
    swSyncScript(),
    previewRewrites(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration is ours (src/app/swRegistration.ts, workbox-window) so the update prompt is polite.
      injectRegister: false,
      registerType: 'prompt',
      // The worker's own build follows the app build's log level: npm start and npm test build with
      // --logLevel warn, and would otherwise still get a full asset listing from this second build.
      integration: {
        configureOptions(viteOptions) {
          swBuildLogLevel = viteOptions.logLevel;
        },
        configureCustomSWViteBuild(config) {
          if (swBuildLogLevel) config.logLevel = swBuildLogLevel;
        },
      },
      injectManifest: {
        // Classic (non-module) worker: works in every browser that has service workers.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,json,svg,png,webp,woff2,webmanifest,txt}'],
        // The pages for the network (index.html, local.html…): the worker serves the build's own variants under
        // prerender/ (scripts/prerender/pages.mjs), so these would only double the precache.
        // Nor each person's own page (people/*.html) or the doors in Spanish and Arabic (es/, ar/): a first visit's
        // pages, whose paths the worker redirects (issue #56).
        // …nor the install dialog's screenshots: the browser fetches them itself when it offers to install.
        globIgnores: ['*.html', 'people/*.html', 'es/*.html', 'ar/*.html', 'install/*.webp'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Town Square',
        short_name: 'Town Square',
        description: 'Civic information for Detroit and Michigan, and the Detroit Fashion Choice Awards — works offline.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: THEME,
        categories: ['news', 'social', 'lifestyle'],
        // A second launch (home-screen icon, shortcut) brings the open window forward as it is, rather than
        // navigating it: a half-filled ballot or a Waiting to send screen is not thrown away. The shortcuts still
        // open their own screen when no window is open. (navigate-existing would replace what the visitor was doing.)
        launch_handler: { client_mode: 'focus-existing' },
        // The long-press menu of the home-screen icon (issue #33). Icons: scripts/make-install-images.mjs.
        shortcuts: [
          { name: 'Vote', short_name: 'Vote', description: 'The open award ballots', url: '/vote', icons: [{ src: '/install/shortcut-vote.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Officials', short_name: 'Officials', description: 'Civic hub: officials, governors, Michigan', url: '/local', icons: [{ src: '/install/shortcut-officials.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Waiting to send', short_name: 'Waiting', description: 'What this device still has to send', url: '/outbox', icons: [{ src: '/install/shortcut-outbox.png', sizes: '96x96', type: 'image/png' }] },
        ],
        // The richer install dialog: real screens of the production build (scripts/make-install-images.mjs).
        screenshots: [
          { src: '/install/narrow-home.webp', sizes: '390x844', type: 'image/webp', form_factor: 'narrow', label: 'Town Square: the Detroit Fashion Choice Awards and civic information' },
          { src: '/install/narrow-vote.webp', sizes: '390x844', type: 'image/webp', form_factor: 'narrow', label: 'Vote in the award ballots, even offline' },
          { src: '/install/wide-home.webp', sizes: '1280x800', type: 'image/webp', form_factor: 'wide', label: 'Town Square on a larger screen' },
        ],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      devOptions: { enabled: false },
    }),
    ]),
  ],
  css: {
    // No light-dark() anywhere: without this, `color-scheme: light` makes the minifier add its two polyfill
    // variables (--lightningcss-light/-dark) to every page's inline CSS — ~30 B gz the award ballot's page, held
    // to a one-round-trip budget (scripts/check-size.mjs), spent on nothing.
    lightningcss: { exclude: Features.LightDark },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The prerender plugin takes much of the build's time (rendering every page in Node), so the bundler's
      // timing warning is not printed each build.
      checks: { pluginTimings: false },
      ...(NODE_PRERENDER ? {} : { input: APP_INPUT }),
      output: {
        // V8's explicit compile hint (Chromium 136+; other engines read a comment): every function of these chunks
        // is compiled while the file streams in, on a background thread, instead of on the main thread the first
        // time it is called. The framework and Dexie run most of their code as the app starts; compiled lazily,
        // that was React's render slices of 12-22 ms and Dexie's first open of 10-27 ms (unthrottled) on / and
        // /vote. Lighthouse, 12 runs each alternating with the build without it: / median 99 vs 95.5, /vote 98 vs
        // 95 (docs/benchmark-notes.md, 2026-11-29). After minification (postBanner), so the comment stays first.
        postBanner: (chunk) => (EAGER_CHUNKS.includes(chunk.name) ? COMPILE_HINT : ''),
        // Keep Firebase in its own lazily loaded chunks; the entry chunk must never contain it. Groups, not
        // manualChunks: a manualChunks name also captures the module's dependencies, which put
        // firestore/lite inside the full SDK's chunk, so every outbox send downloaded the full SDK
        // (issue 8's benchmark measures the send path). Higher priority captures first.
        codeSplitting: {
          groups: [
            { name: 'firebase-core', test: /node_modules[\\/](@firebase[\\/](app|component|logger|util)|firebase[\\/]app)[\\/]/, priority: 40 },
            { name: 'firebase-firestore-lite', test: /node_modules[\\/](@firebase[\\/]firestore[\\/]dist[\\/]lite|firebase[\\/]firestore[\\/]lite)[\\/]/, priority: 30 },
            { name: 'firebase-firestore', test: /node_modules[\\/](@firebase[\\/](firestore|webchannel-wrapper)|firebase[\\/]firestore)[\\/]/, priority: 20 },
            { name: 'firebase-database', test: /node_modules[\\/](@firebase[\\/]database|firebase[\\/]database)[\\/]/, priority: 20 },
            { name: 'firebase-auth', test: /node_modules[\\/](@firebase[\\/]auth|firebase[\\/]auth)[\\/]/, priority: 20 },
            { name: 'firebase-misc', test: /node_modules[\\/](@firebase|firebase)[\\/]/, priority: 10 },
            // The framework in two chunks of its own, so src/boot.ts can evaluate them one task at a time before the
            // entry: as one ~400 kB module graph, compiling and evaluating it was one task of 35 ms unthrottled here
            // (~140 ms at Lighthouse's 4x CPU, its largest blocking task on / and /vote). Each depends only on the
            // bundler's runtime (and the router on React), so evaluating them early changes no order that matters.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 8 },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 8 },
            // Small modules most screens share (formatting, the language switch, the shared words, icons, the event's
            // facts, the outbox's kinds): as chunks of their own, each under 1 kB, they were eight more requests on
            // the landing's first visit (more round trips on a 600 ms network, a longer chain before Lighthouse's
            // LCP). Only the modules named: their imports stay where automatic chunking puts them (with them the
            // group would take in the language runtime and React). The Firebase groups above keep theirs: without
            // them Firebase's modules ran in another order and anonymous sign-in broke.
            { name: 'shared', test: /[\\/]src[\\/](lib[\\/](intl|richText|t|event)\.ts|ui[\\/](t\.ts|LanguageSwitch\.tsx|icons\.tsx|Avatar\.tsx)|sync[\\/]kinds\.ts|locales[\\/]en[\\/](ui|common))$/, priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
