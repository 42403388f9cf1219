import { resolve } from 'node:path';
import { build as viteBuild, type PluginOption, type Rolldown } from 'vite';

export interface OneFileBuild {
  /** The app build's root and mode: the same VITE_* settings. */
  root: string;
  mode: string;
  outDir: string;
  /** The source entry, relative to root. */
  source: string;
  /** e.g. `assets/sw-sync-[hash].js` */
  fileName: string;
  format: 'es' | 'iife';
  plugins?: PluginOption[];
  onLog?: Rolldown.InputOptions['onLog'];
}

/**
 * Builds one source entry into exactly one file next to the app build's output (a page's island, the worker's
 * flusher script): a second, config-less Vite build with the app's root and mode, nothing copied, nothing
 * preloaded. Fails when the entry would need more than one file. Returns the file's URL path.
 */
export async function buildOneFile({ root, mode, outDir, source, fileName, format, plugins = [], onLog }: OneFileBuild): Promise<string> {
  const result = await viteBuild({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    publicDir: false,
    plugins,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      sourcemap: false,
      modulePreload: false,
      rollupOptions: {
        input: resolve(root, source),
        ...(onLog ? { onLog } : {}),
        // codeSplitting: false is the bundler's name for inlineDynamicImports (a classic script cannot import).
        output: { format, entryFileNames: fileName, ...(format === 'iife' ? { codeSplitting: false } : {}) },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  if (files.length !== 1) throw new Error(`${source} must build into one file (got ${files.map((f) => f.fileName).join(', ')})`);
  return `/${files[0]!.fileName}`;
}
