import { resolve } from 'node:path';
import { build as viteBuild, type Plugin } from 'vite';
import { compiledCatalogs } from './catalogs.ts';

/**
 * Builds sw/sync.ts (the service worker's outbox flusher: Dexie + Firebase clients) into one classic script,
 * assets/sw-sync-[hash].js, that sw.js loads with importScripts() only when a Background Sync fires. In
 * writeBundle, so vite-plugin-pwa (closeBundle) finds it and lists it in the precache manifest, where sw.ts
 * looks up its hashed name. Same root and mode as the app build, so it reads the same VITE_* settings.
 */
export function swSyncScript(): Plugin {
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
        // The outbox's words (src/sync, src/remote) come from compiled catalogs, as in the app.
        plugins: [compiledCatalogs()],
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          sourcemap: false,
          // Nothing to preload in a worker.
          modulePreload: false,
          rollupOptions: {
            input: resolve(root, 'sw/sync.ts'),
            // Vite still wraps the (inlined) dynamic imports in its preload helper, whose import.meta reads become
            // {} in a classic script: harmless here (nothing is preloaded in a worker), so not worth a warning
            // that reads like a failure on every build.
            onLog(level, log, handler) {
              if (log.code === 'EMPTY_IMPORT_META') return;
              handler(level, log);
            },
            // A classic worker script: importScripts() cannot load modules, so every import is inlined.
            // (codeSplitting: false is the bundler's name for inlineDynamicImports, which it now warns about.)
            output: { format: 'iife', entryFileNames: 'assets/sw-sync-[hash].js', codeSplitting: false },
          },
        },
      });
    },
  };
}
