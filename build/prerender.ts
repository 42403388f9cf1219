import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildOneFile } from './oneFile.ts';

/**
 * Pages rendered by React in Node (scripts/prerender-node.mjs), with no browser in the build (issue #32; the
 * Chromium capture it replaced is gone, docs/prerender-in-node.md). PRERENDER=0 prerenders nothing.
 */
export const NODE_PRERENDER = process.env.PRERENDER !== '0';

/** The server entry the `ssr` environment builds (vite.config.ts); its output is `<outDir>-ssr/server.js`. */
export const SERVER_ENTRY = resolve(import.meta.dirname, '../src/app/server.tsx');

/**
 * Scripts a prerendered page runs before the app, by source path: the /vote polls preview and the award ballot
 * (scripts/prerender/routes.mjs names them). Each is built on its own into ONE file: on a first visit over a
 * venue's Wi-Fi every extra chunk is another request (and past six, another round trip on HTTP/1.1), and the
 * ballot must be usable one round trip after its HTML.
 */
const ISLANDS = { 'src/features/polls/preview.ts': 'polls-preview', 'src/features/polls/ballotIsland.ts': 'ballot-island' } as const;

/**
 * Writes each content screen's prerendered HTML (scripts/prerender-node.mjs) once the bundle is on disk —
 * writeBundle runs before vite-plugin-pwa's closeBundle, so the pages land in the precache list.
 * PRERENDER=0 skips it (quick local builds); the app is the same, only its first paint waits for the JS.
 */
export function prerenderPages(): Plugin {
  let outDir = '';
  let root = '';
  let mode = '';
  let serverDir = '';
  return {
    name: 'town-square-prerender',
    apply: 'build',
    // The server entry's build sits beside the app's (never inside it: it would be served and precached).
    config(config) {
      if (!NODE_PRERENDER) return undefined;
      const out = resolve(config.root ?? process.cwd(), config.build?.outDir ?? 'dist');
      return { environments: { ssr: { build: { outDir: `${out}-ssr` } } } };
    },
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
      serverDir = resolve(config.root, config.environments.ssr?.build.outDir ?? '');
    },
    async writeBundle(_options, bundle) {
      if (!NODE_PRERENDER) return;
      // Script entries of this bundle other than index.html (src/boot.ts), by source path, with every chunk they import.
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
      for (const [source, name] of Object.entries(ISLANDS)) islands[source] = [await buildOneFile({ root, mode, outDir, source, fileName: `assets/${name}-[hash].js`, format: 'es' })];
      // @ts-expect-error — plain ESM build script
      const { prerenderNode } = (await import('../scripts/prerender-node.mjs')) as { prerenderNode: (o: { outDir: string; serverEntry: string; islands: Record<string, string[]> }) => Promise<unknown> };
      await prerenderNode({ outDir, serverEntry: resolve(serverDir, 'server.js'), islands });
    },
  };
}
