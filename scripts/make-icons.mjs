#!/usr/bin/env node
// The app icons' PNGs, committed under public/icons/ (the manifest in vite.config.ts lists them): drawn from
// public/icons/icon.svg and maskable.svg by Debian's Chromium (CHROMIUM_PATH), at the sizes the manifest names.
// Run it after changing either SVG: `node scripts/make-icons.mjs`. Not part of the build (the PNGs are committed).
import { readFileSync } from 'node:fs';
import { launch } from './lib/chromium.mjs';

const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-512.png', 512],
];

const browser = await launch();
try {
  const page = await browser.newPage();
  for (const [src, out, size] of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const svg = readFileSync(`public/icons/${src}`, 'utf8');
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: `public/icons/${out}`, omitBackground: true });
  }
} finally {
  await browser.close();
}
