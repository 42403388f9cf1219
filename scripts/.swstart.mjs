import { preview } from 'vite';
import { chromium } from 'playwright-core';
const a = await preview({ configFile: false, logLevel: 'silent', build: { outDir: 'dist' }, preview: { host: '127.0.0.1', port: 4560 } });
const b = await preview({ configFile: false, logLevel: 'silent', build: { outDir: '/tmp/minpwa' }, preview: { host: '127.0.0.1', port: 4561 } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const sites = { ours: 'http://127.0.0.1:4560/', minimal: 'http://127.0.0.1:4561/' };
const ctxs = {};
for (const [k, url] of Object.entries(sites)) {
  const ctx = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => true), null, { timeout: 60000 });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  ctxs[k] = { ctx, page, cdp, url, starts: [], navs: [] };
}
await new Promise((r) => setTimeout(r, 3000));
for (let i = 0; i < 12; i++) {
  for (const k of i % 2 ? ['ours', 'minimal'] : ['minimal', 'ours']) {
    const c = ctxs[k];
    await c.cdp.send('ServiceWorker.stopAllWorkers');
    await new Promise((r) => setTimeout(r, 300));
    await c.page.goto('about:blank');
    const t0 = Date.now();
    const running = new Promise((resolve) => {
      const on = (e) => { for (const v of e.versions) if (v.runningStatus === 'running') { c.cdp.off('ServiceWorker.workerVersionUpdated', on); resolve(Date.now() - t0); } };
      c.cdp.on('ServiceWorker.workerVersionUpdated', on);
    });
    await c.cdp.send('ServiceWorker.startWorker', { scopeURL: c.url });
    c.starts.push(await Promise.race([running, new Promise((r) => setTimeout(() => r(NaN), 5000))]));
  }
}
const med = (xs) => { const s = xs.filter((x) => !isNaN(x)).sort((p, q) => p - q); return s[Math.floor(s.length / 2)]; };
for (const [k, c] of Object.entries(ctxs)) console.log(k, 'worker start → running, ms: median', med(c.starts), JSON.stringify(c.starts));
await browser.close(); await a.close(); await b.close();
