import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const p = await b.newPage();
for (const [src, out, size] of [['icon.svg','icon-192.png',192],['icon.svg','icon-512.png',512],['maskable.svg','maskable-512.png',512]]) {
  await p.setViewportSize({ width: size, height: size });
  const svg = readFileSync(`public/icons/${src}`, 'utf8');
  await p.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await p.screenshot({ path: `public/icons/${out}`, omitBackground: true });
}
await b.close();
