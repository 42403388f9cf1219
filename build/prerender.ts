import { readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildOneFile } from './oneFile.ts';
// @ts-expect-error — plain ESM helper shared with firebase.json's test
import { INLINE_SCRIPT_PINS } from '../scripts/csp-pins.mjs';
// @ts-expect-error — plain ESM helper
import { cspHash, pinInlineScript } from '../scripts/csp.mjs';

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
const ISLANDS = { 'src/features/polls/preview.ts': 'polls-preview' } as const;

/**
 * Islands the page carries inline instead: no request at all. The award ballot's page is opened from a QR code at
 * the venue, and its island's own request cost a round trip after the HTML's (usable 1.53 s on venue Wi-Fi with
 * it, 1.33 s inline: docs/benchmark-notes.md). An inline script runs only if the Content-Security-Policy names
 * its hash, and firebase.json's header cannot be written per build, so each is pinned (scripts/csp-pins.mjs):
 * its bytes must not depend on the build's settings (the ballot reads its data URL from the page), and a build
 * whose script no longer matches its pin stops — `npm run csp:pin` pins the new bytes.
 */
const INLINE_ISLANDS = ['src/features/polls/ballotIsland.ts'] as const;

/** Builds an inline island, checks it against its pin (or pins it: CSP_PIN=1) and returns its code. */
async function inlineIsland(build: { root: string; mode: string; outDir: string }, source: string): Promise<string> {
  const file = await buildOneFile({ ...build, source, fileName: `assets/inline-${source.replace(/\W+/g, '-')}.js`, format: 'es' });
  const path = resolve(build.outDir, file.slice(1));
  const code = await readFile(path, 'utf8');
  // Not served: the page carries it.
  await rm(path);
  // Inside <script>, these would end the element early or change how the rest is parsed.
  if (/<\/script|<!--/i.test(code)) throw new Error(`${source}: its build contains "</script" or "<!--" and cannot be put inline`);
  const hash = (cspHash as (code: string) => string)(code);
  const pinned = (INLINE_SCRIPT_PINS as Record<string, string>)[source];
  if (hash === pinned) return code;
  if (process.env.CSP_PIN === '1') {
    const written = (await pinInlineScript(source, hash)) as string[];
    throw new Error(`${source} is now pinned as ${hash} (${written.join(', ')} written): build again.`);
  }
  throw new Error(
    `${source} changed: its inline build is ${hash}, but the Content-Security-Policy allows ${pinned ?? 'no such script'} ` +
      '(scripts/csp-pins.mjs, firebase.json). Browsers would refuse to run it. Run `npm run csp:pin` to pin the new bytes, then build again.',
  );
}

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
      const inline: Record<string, string> = {};
      for (const source of INLINE_ISLANDS) inline[source] = await inlineIsland({ root, mode, outDir }, source);
      // @ts-expect-error — plain ESM build script
      const { prerenderNode } = (await import('../scripts/prerender-node.mjs')) as { prerenderNode: (o: { outDir: string; serverEntry: string; islands: Record<string, string[]>; inline: Record<string, string> }) => Promise<unknown> };
      await prerenderNode({ outDir, serverEntry: resolve(serverDir, 'server.js'), islands, inline });
    },
  };
}
