/// <reference types="vitest/config" />
import { build as viteBuild, defineConfig, loadEnv, type Plugin } from 'vite';
// @ts-expect-error — plain ESM helper shared with firebase.json's test
import { buildCsp, connectHostsFor, frameHostsFor } from './scripts/csp.mjs';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';

// Brand colour from the spec ("light blue"); also the manifest theme colour.
const THEME = '#8fd3fe';

/** Writes the Content-Security-Policy into index.html for the hosts this build talks to. */
function cspMeta(env: Record<string, string>): Plugin {
  return {
    name: 'town-square-csp',
    apply: 'build',
    transformIndexHtml(html) {
      const policy = (buildCsp as (o: object) => string)({ connect: connectHostsFor(env), frames: frameHostsFor(env), meta: true });
      return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}

/**
 * Writes each content screen's prerendered HTML (scripts/prerender.mjs) once the bundle is on disk —
 * writeBundle runs before vite-plugin-pwa's closeBundle, so the pages land in the precache list.
 * PRERENDER=0 skips it (quick local builds); the app is the same, only its first paint waits for the JS.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'town-square-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (process.env.PRERENDER === '0') return;
      // Script entries other than index.html, by source path, with every chunk they import (for modulepreload).
      const islands: Record<string, string[]> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk' || !out.isEntry || !out.facadeModuleId || out.facadeModuleId.endsWith('.html')) continue;
        const files: string[] = [];
        const visit = (file: string): void => {
          if (files.includes(file)) return;
          files.push(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(out.fileName);
        islands[out.facadeModuleId.slice(root.length + 1).replace(/\\/g, '/')] = files.map((f) => `/${f}`);
      }
      // @ts-expect-error — plain ESM build script
      const { prerender } = (await import('./scripts/prerender.mjs')) as { prerender: (o: { outDir: string; islands: Record<string, string[]> }) => Promise<unknown> };
      await prerender({ outDir, islands });
    },
  };
}

/**
 * Builds sw/sync.ts (the service worker's outbox flusher: Dexie + Firebase clients) into one classic script,
 * assets/sw-sync-[hash].js, that sw.js loads with importScripts() only when a Background Sync fires. In
 * writeBundle, so vite-plugin-pwa (closeBundle) finds it and lists it in the precache manifest, where sw.ts
 * looks up its hashed name. Same root and mode as the app build, so it reads the same VITE_* settings.
 */
function swSyncScript(): Plugin {
  let root = '';
  let outDir = '';
  let mode = '';
  return {
    name: 'town-square-sw-sync',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async writeBundle() {
      await viteBuild({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          sourcemap: false,
          rollupOptions: {
            input: resolve(root, 'sw/sync.ts'),
            // A classic worker script: importScripts() cannot load modules, so every import is inlined.
            output: { format: 'iife', entryFileNames: 'assets/sw-sync-[hash].js', inlineDynamicImports: true },
          },
        },
      });
    },
  };
}

/**
 * `vite preview` serves like firebase.json: /local → local.html (cleanUrls), / → index.html, and every other
 * path → app.html, the shell with nothing prerendered (Vite's own fallback would send the landing's HTML).
 */
function previewRewrites(): Plugin {
  return {
    name: 'town-square-preview-rewrites',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const accept = req.headers.accept ?? '';
        const isPage = req.method === 'GET' && (accept.includes('text/html') || accept === '' || accept.includes('*/*'));
        if (isPage && url.pathname !== '/' && !/\.[^/]+$/.test(url.pathname) && !existsSync(join(outDir, `${url.pathname}.html`)) && existsSync(join(outDir, 'app.html'))) {
          req.url = `/app.html${url.search}`;
        }
        next();
      });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    cspMeta({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('VITE_'))) } as Record<string, string>),
    react(),
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
      injectManifest: {
        // Classic (non-module) worker: works in every browser that has service workers.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,json,svg,png,webp,woff2,webmanifest,txt}'],
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
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The app (index.html); the polls preview the prerendered /vote page runs before the app
      // (src/features/polls/preview.ts); the loader prerendered pages start the app with (src/boot.ts).
      // scripts/prerender.mjs puts the last two in the pages that use them.
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        'polls-preview': resolve(import.meta.dirname, 'src/features/polls/preview.ts'),
        boot: resolve(import.meta.dirname, 'src/boot.ts'),
      },
      output: {
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
          ],
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine; files share the preview server.
          fileParallelism: false,
        },
      },
    ],
  },
}));
