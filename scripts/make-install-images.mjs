#!/usr/bin/env node
// The manifest's pictures for installing (issue #33), committed under public/install/:
// - the shortcuts' 96×96 icons (drawn here as SVG, in the app icon's colours);
// - the screenshots the richer install dialog shows: real screens of the production build, narrow 390×844 (a
//   phone) and wide 1280×800, as WebP (a few tens of kB each; CDP's screenshot speaks WebP, Playwright's does not).
// The screens need their data, so build against the emulators with the demo data (how the committed ones were made):
//   node scripts/with-emulators.mjs sh -c 'node scripts/seed.mjs && node node_modules/vite/bin/vite.js build \
//     --outDir /tmp/dist-emu && node scripts/make-install-images.mjs /tmp/dist-emu'
// (PORT: the preview server's port, 4510 unless set). Run it again when those screens change; the manifest
// (vite.config.ts) lists the files by name.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROME_FLAGS, CHROMIUM } from './lib/chromium.mjs';
import { chromium } from 'playwright-core';

const DIST = process.argv[2] ?? 'dist';
const OUT = 'public/install';
const PORT = Number(process.env.PORT ?? 4510);
const BASE = `http://127.0.0.1:${PORT}`;
mkdirSync(OUT, { recursive: true });

const INK = '#0f1b2a';
const BRAND = '#8fd3fe';
const stroke = `fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`;
/** Each shortcut's glyph on the app icon's rounded square (96 × 96 user units). */
const SHORTCUTS = {
  // A ballot going into a box.
  vote: `<path d="M34 22h28v30H34z" ${stroke}/><path d="m41 37 5 5 9-10" ${stroke}/><path d="M20 52h56v22H20z" ${stroke}/><path d="M28 60h40" ${stroke}/>`,
  // A capitol: the civic hub (officials, governors).
  officials: `<path d="M18 42 48 22l30 20" ${stroke}/><path d="M28 46v22M42 46v22M54 46v22M68 46v22" ${stroke}/><path d="M18 74h60" ${stroke}/>`,
  // A tray with an arrow leaving it: waiting to send.
  outbox: `<path d="M48 56V20M36 32l12-12 12 12" ${stroke}/><path d="M18 52v20h60V52" ${stroke}/>`,
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
try {
  const icons = await browser.newPage({ viewport: { width: 96, height: 96 } });
  for (const [name, glyph] of Object.entries(SHORTCUTS)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${BRAND}"/>${glyph}</svg>`;
    await icons.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await icons.screenshot({ path: path.join(OUT, `shortcut-${name}.png`), omitBackground: true });
  }

  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--outDir', DIST, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(BASE).then((r) => r.ok, () => false)) break;
      if (i > 100) throw new Error(`preview server on ${BASE} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const SHOTS = [
      { file: 'narrow-home.webp', url: '/', viewport: { width: 390, height: 844 }, mobile: true },
      { file: 'narrow-vote.webp', url: '/vote', viewport: { width: 390, height: 844 }, mobile: true },
      { file: 'wide-home.webp', url: '/', viewport: { width: 1280, height: 800 }, mobile: false },
    ];
    for (const shot of SHOTS) {
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: 1, isMobile: shot.mobile, hasTouch: shot.mobile, reducedMotion: 'reduce', locale: 'en-US', serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(BASE + shot.url, { waitUntil: 'networkidle' });
      // The app has taken over the prerendered copy, and its data and images are in.
      await page.waitForFunction('!document.getElementById("prerender")', null, { timeout: 15_000 });
      await page.waitForTimeout(1500);
      const session = await context.newCDPSession(page);
      const { data } = await session.send('Page.captureScreenshot', { format: 'webp', quality: 75 });
      writeFileSync(path.join(OUT, shot.file), Buffer.from(data, 'base64'));
      await context.close();
    }
  } finally {
    server.kill();
  }
} finally {
  await browser.close();
}
console.log(`wrote ${OUT}/`);
