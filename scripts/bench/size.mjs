// Section 1: the landing route's initial JS (gzip) against a framework floor app built with the same Vite,
// and the Firebase code behind the outbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { containsFirebase, firebaseChunks, initialJs, landingJs } from './measure.mjs';
import { kB, ratio } from './util.mjs';

export const SECTION = '1. Entry JS and Firebase chunks';

/** Builds tests/bench/floor (react-dom + router + dexie + zustand, one route) with our Vite settings. */
async function buildFloor(root) {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = mkdtempSync(path.join(tmpdir(), 'ts-bench-floor-'));
  await build({
    configFile: false,
    root: path.join(root, 'tests', 'bench', 'floor'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    // The app's build options (vite.config.ts): es2022, no source maps, default minifier.
    build: { target: 'es2022', sourcemap: false, outDir, emptyOutDir: true },
  });
  return outDir;
}

export async function runSize(report, { root, distDir }) {
  const ours = initialJs(distDir);
  let floorDir;
  try {
    floorDir = await buildFloor(root);
    const floor = initialJs(floorDir);
    const r = ours.gz / floor.gz;
    report.add({
      section: SECTION,
      name: 'entry JS of / (gzip) vs framework floor',
      figure: `${kB(ours.gz)} vs ${kB(floor.gz)} (${ours.files.length} vs ${floor.files.length} files)`,
      ratio: ratio(r),
      goal: '≤ 1.10×',
      verdict: r <= 1.1 ? 'PASS' : 'MISS',
    });
    report.note(SECTION, `Floor: tests/bench/floor (react-dom/client, @tanstack/react-router createRouter + one route, dexie with one table, zustand create), built with the same Vite ${(await import('vite')).version} and build options; both measured like scripts/check-size.mjs (what index.html loads up front — its scripts and modulepreloads, or what its boot tag names — plus their static imports, gzip -9 per file).`);
    if (r > 1.1) {
      report.finding(SECTION, `The entry is ${kB(ours.gz - floor.gz)} gzip over the floor: app code that runs before the first screen (route tree and search schemas, layout, language, session start-up). Lighthouse's unused-javascript audit (section 2) estimates how much of the entry chunk the first route never runs; code a screen shows only sometimes is a candidate to move behind a dynamic import (docs/benchmark-notes.md, "The entry chunk against the floor").`);
    }
    report.note(SECTION, `Our initial files: ${ours.files.map((f) => `${path.basename(f.file)} ${kB(f.gz)}`).join(', ')}.`);
    // The entry leaves out the screen's own chunks; Dexie, for one, is among the landing's (its ballots list reads
    // IndexedDB), so the landing's first visit is measured whole beside the entry.
    const landing = landingJs(distDir);
    report.add({
      section: SECTION,
      name: "JS the landing's first visit fetches for its app (entry + the screen's chunks, asked for after the first paint)",
      figure: `${kB(landing.gz)} in ${landing.files.length} files`,
      goal: '—',
      verdict: 'INFO',
    });
  } finally {
    if (floorDir) rmSync(floorDir, { recursive: true, force: true });
  }

  const firebaseInEntry = ours.files.filter((f) => containsFirebase(distDir, f.file));
  report.add({
    section: SECTION,
    name: 'Firebase modules in the entry',
    figure: firebaseInEntry.length ? firebaseInEntry.map((f) => f.file).join(', ') : 'none',
    goal: 'none',
    verdict: firebaseInEntry.length ? 'MISS' : 'PASS',
  });

  const fb = firebaseChunks(distDir);
  if (!fb.root) throw new Error('no chunk for src/remote/firestoreLite.ts found in the build');
  const send = fb.sendPath;
  report.add({
    section: SECTION,
    name: 'Firebase code the outbox sends with (gzip)',
    figure: `${kB(send.gz)} (${send.files.map((f) => `${path.basename(f.file)} ${kB(f.gz)}`).join(' + ')})`,
    ratio: ratio(send.gz / (60 * 1024)),
    goal: '≤ 60 kB',
    verdict: send.gz <= 60 * 1024 ? 'PASS' : 'MISS',
  });
  const extra = fb.sendPathOnDemand;
  report.note(SECTION, `Send path = the chunk of src/remote/firestoreLite.ts plus its static imports, minus what the first page load already fetched. Not counted: what the send path imports on demand — ${extra.files.length ? `${extra.files.map((f) => `${path.basename(f.file)} ${kB(f.gz)}`).join(' + ')}${extra.files.some((f) => /auth/.test(f.file)) ? ' (firebase/auth, which src/remote/auth.ts loads on the first write or account screen: the warm-up signs up over REST, src/remote/anonymousUser.ts)' : ''}; with it the first write fetches ${kB(send.gz + extra.gz)}` : 'nothing'}.`);
  if (fb.liteInsideFull) {
    report.note(SECTION, `The firestore-lite SDK is in the same chunk as the full SDK (${fb.liteChunks.join(', ')}): the outbox downloads the full SDK to send. Cause: vite.config.ts manualChunks put every @firebase/firestore module (lite and full) into one 'firebase-firestore' chunk.`);
  }
  report.add({
    section: SECTION,
    name: 'full Firestore SDK chunk (account/prefs screens only)',
    figure: `${kB(fb.full.gz)} (${fb.full.files.map((f) => path.basename(f.file)).join(', ') || 'not found'}); with its imports ${kB(fb.livePath.gz)}`,
  });
}
