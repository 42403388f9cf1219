// Reading a Vite build's output: what the first page load fetches (measured exactly like
// scripts/check-size.mjs: what index.html loads up front (scripts/lib/pageScripts.mjs) plus their static imports,
// each file gzipped at level 9), and the static import graph of dist/assets for other roots.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pageScripts } from '../lib/pageScripts.mjs';

/** gzip -9 size of a file's bytes. */
export function gzSize(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

// Same pattern as scripts/check-size.mjs, plus `export … from` re-exports (Rolldown emits them rarely).
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

/** The chunks a chunk imports statically (file names relative to the assets folder). */
export function staticImports(code) {
  return [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1]))];
}

const DYNAMIC_IMPORT = /import\(\s*[`'"]\.\/([^`'"]+\.js)[`'"]\s*\)/g;

/** The chunks a chunk imports dynamically (`import("./x.js")`). */
export function dynamicImports(code) {
  return [...new Set([...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]))];
}

/** Everything reachable from `roots` (paths relative to distDir, e.g. 'assets/x.js') by static imports. */
export function staticClosure(distDir, roots) {
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop();
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const dep of staticImports(code)) {
      const rel = `assets/${dep}`;
      if (!seen.has(rel)) {
        seen.add(rel);
        queue.push(rel);
      }
    }
  }
  return [...seen];
}

/** The initial JS of a build: index.html's scripts + modulepreloads and their static imports. */
export function initialJs(distDir) {
  // The entry only: the landing screen's own chunks (pageScripts' `preloads`) are route code (split out by design).
  const { entry } = pageScripts(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  return sizeOf(distDir, staticClosure(distDir, entry));
}

/**
 * Everything the landing's first visit fetches as JS before its app works: the entry plus the screen's own chunks
 * the page (or its boot script) asks for, each file once.
 */
export function landingJs(distDir) {
  const { entry, preloads } = pageScripts(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  return sizeOf(distDir, staticClosure(distDir, [...entry, ...preloads]));
}

/** { files: [{file, raw, gz}], gz: total } for files relative to distDir. */
export function sizeOf(distDir, files) {
  const rows = files.map((file) => {
    const full = path.join(distDir, file);
    return { file, raw: readFileSync(full).length, gz: gzSize(full) };
  });
  return { files: rows, gz: rows.reduce((s, r) => s + r.gz, 0) };
}

// Firebase code, the way scripts/check-size.mjs recognises it.
const FIREBASE = /@firebase|firebase\/firestore|FirebaseError|firestore\.googleapis\.com/;

export function containsFirebase(distDir, file) {
  return FIREBASE.test(readFileSync(path.join(distDir, file), 'utf8'));
}

// 'firestore/lite' is the component the lite SDK registers; the WebChannel service name is only in the full SDK.
const LITE_MARKER = /[`'"]firestore\/lite[`'"]/;
const FULL_MARKER = /google\.firestore\.v1\.Firestore/;

/** Every JS chunk of the build, with its code (relative paths 'assets/…'). */
export function chunks(distDir) {
  return readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: `assets/${f}`, code: readFileSync(path.join(distDir, 'assets', f), 'utf8') }));
}

/**
 * The Firebase code the outbox sends with: the chunk built from src/remote/firestoreLite.ts (named
 * after it by Rolldown; failing that, the chunk that imports the firestore-lite chunk) plus its static
 * imports. The firestore-lite chunk is the one that registers the 'firestore/lite' component.
 * Also the full SDK chunk (the one with the WebChannel listen stream), loaded only by src/remote/live.ts.
 */
export function firebaseChunks(distDir) {
  const all = chunks(distDir);
  const liteSdk = all.filter((c) => LITE_MARKER.test(c.code));
  const fullSdk = all.filter((c) => FULL_MARKER.test(c.code));
  let root = all.find((c) => /^assets\/firestoreLite-[\w-]+\.js$/.test(c.file));
  if (!root && liteSdk[0]) {
    const name = path.basename(liteSdk[0].file);
    root = all.find((c) => c !== liteSdk[0] && staticImports(c.code).includes(name)) ?? liteSdk[0];
  }
  // What a send fetches on top of the first page load (the entry's chunks are already there).
  const initial = new Set(initialJs(distDir).files.map((f) => f.file));
  const sendPath = (root ? staticClosure(distDir, [root.file]) : []).filter((f) => !initial.has(f));
  const sdkOnly = sendPath.filter((f) => containsFirebase(distDir, f));
  // Loaded later by the send path on demand (src/remote/auth.ts imports firebase/auth for a real project).
  const have = new Set([...initial, ...sendPath]);
  const dynamicRoots = sendPath.flatMap((f) => dynamicImports(readFileSync(path.join(distDir, f), 'utf8')).map((d) => `assets/${d}`));
  const onDemand = staticClosure(distDir, [...new Set(dynamicRoots)]).filter((f) => !have.has(f));
  // The full SDK as the screens that use it load it: live.ts's chunk and its static imports.
  const live = all.find((c) => /^assets\/live-[\w-]+\.js$/.test(c.file));
  const livePath = (live ? staticClosure(distDir, [live.file]) : fullSdk.map((c) => c.file)).filter((f) => !initial.has(f));
  return {
    root: root?.file ?? null,
    liteChunks: liteSdk.map((c) => c.file),
    fullChunks: fullSdk.map((c) => c.file),
    sendPath: sizeOf(distDir, sendPath),
    sendPathFirebase: sizeOf(distDir, sdkOnly),
    sendPathOnDemand: sizeOf(distDir, onDemand),
    full: sizeOf(distDir, fullSdk.map((c) => c.file)),
    livePath: sizeOf(distDir, livePath),
    /** true when the lite SDK and the full SDK were bundled into one chunk. */
    liteInsideFull: liteSdk.some((c) => fullSdk.includes(c)),
  };
}
