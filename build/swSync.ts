import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildOneFile } from './oneFile.ts';
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
      await buildOneFile({
        root,
        mode,
        outDir,
        source: 'sw/sync.ts',
        // A classic worker script: importScripts() cannot load modules, so every import is inlined.
        format: 'iife',
        fileName: 'assets/sw-sync-[hash].js',
        // The outbox's words (src/sync, src/remote) come from compiled catalogs, as in the app.
        plugins: [compiledCatalogs()],
        // Vite still wraps the (inlined) dynamic imports in its preload helper, whose import.meta reads become {}
        // in a classic script: harmless here (nothing is preloaded in a worker), so not worth a warning that reads
        // like a failure on every build.
        onLog(level, log, handler) {
          if (log.code === 'EMPTY_IMPORT_META') return;
          handler(level, log);
        },
      });
    },
  };
}
