// Section 7: a first visit on a weak network — a phone that has never opened the app, straight to a page (the
// award ballot from a QR code at the venue, the landing, /vote, /local), network emulated by CDP. Time to usable
// and the bytes received before it, each against a static page of the same text measured the same way in the
// same run (issue #17).
/* global window, document, requestAnimationFrame, MutationObserver -- functions passed to page.evaluate / addInitScript run in the browser */
import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { kB, median, ms, ratio } from './util.mjs';

export const SECTION = '7. First visit on a weak network (cold profile)';

const RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 5);

/** CDP Network.emulateNetworkConditions: latency per request, throughput in bytes per second. */
export const NETWORKS = [
  // A venue's overloaded Wi-Fi (the issue's profile).
  { name: 'venue Wi-Fi', note: '400 kbit/s down, 200 up, 600 ms RTT', latency: 600, downloadThroughput: 400_000 / 8, uploadThroughput: 200_000 / 8 },
  // Lighthouse's "slow 4G" (its simulated throttling: 150 ms RTT, 1638.4 kbit/s down, 750 up).
  { name: 'slow 4G', note: '1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT', latency: 150, downloadThroughput: 1_638_400 / 8, uploadThroughput: 750_000 / 8 },
];

/** The ballot's goals (issue #17): per network, time to usable; for both, the ratio and the bytes before usable. */
const BALLOT_GOALS = { 'venue Wi-Fi': 1500, 'slow 4G': 800 };
const BALLOT_RATIO = 2.5;
const BALLOT_BYTES = 40 * 1024;

/**
 * Records when the page first became usable (the frame after the DOM change that made it so), and FCP. What
 * "usable" means on each page — the visitor can do the page's main thing: the ballot — the e-mail field takes
 * typing and the options can be chosen (neither read-only: the build makes the prerendered copy's fields
 * read-only); the landing — the app has taken over (its category buttons need it); /vote — a poll card's link
 * is there (a plain link works before the app); /local — the civic tiles (links) are there. In-page functions,
 * not strings: the app's Content-Security-Policy allows no eval.
 */
function installProbe(spec) {
  const { key, ready } = typeof spec === 'string' ? { key: spec, ready: null } : spec;
  const w = window;
  // Times count from the first page of the visit: a page that sends the visitor on (a shared link to an official
  // goes to that person's own page, issue #56) is part of the wait. The first document keeps its time origin for
  // the ones after it (sessionStorage: the same tab; each visit is a fresh context).
  let since = 0;
  try {
    const first = Number(sessionStorage.getItem('__bench_t0'));
    if (first > 0) since = performance.timeOrigin - first;
    else sessionStorage.setItem('__bench_t0', String(performance.timeOrigin));
  } catch {
    // no storage: a one-page visit, as before
  }
  w.__first = { usable: null, fcp: null, since };
  const conditions = {
    ballot: () => {
      const email = document.querySelector('#vote-email');
      const options = [...document.querySelectorAll('.poll-option input[type="radio"]')];
      return Boolean(email && !email.readOnly && !email.disabled && email.checkVisibility() && options.length > 0 && options.every((o) => !o.readOnly && !o.disabled));
    },
    home: () => !document.getElementById('prerender') && Boolean(document.querySelector('#root main h1')),
    vote: () => Boolean(document.querySelector('.poll-card a[href^="/poll"]')),
    local: () => Boolean(document.querySelector('.civic-tile')),
    static: () => Boolean(document.querySelector('h1')),
    // A door (issue #33): its own content is on screen and every control the visitor can see responds — a link
    // or a disclosure works without the app; any other control only once the app has drawn it (the prerendered
    // copy is gone), or in the ballot's fields once its script took them (not read-only); nothing still loading.
    door: () => {
      const content = ready ? document.querySelector(ready) : null;
      if (!content || !content.checkVisibility()) return false;
      if (document.querySelector('main .spinner, main [aria-busy="true"]')) return false;
      const prerendered = document.getElementById('prerender');
      for (const el of document.querySelectorAll('button, a, [role="button"], input, select, textarea, summary')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
        if (!prerendered || !prerendered.contains(el)) continue; // the app's own controls work once drawn
        if (el.tagName === 'A' && el.hasAttribute('href')) continue;
        if (el.tagName === 'SUMMARY') continue;
        if ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && !el.readOnly && !el.disabled) continue;
        return false;
      }
      return true;
    },
    // /organiser (section 9): its sign-in form takes typing — the prerendered copy's (issue #53) or the app's.
    organiser: () => [...document.querySelectorAll('input[type="email"]')].some((email) => !email.disabled && !email.readOnly && email.checkVisibility()),
  };
  const check = conditions[key] ?? (() => false);
  const test = () => {
    if (w.__first.usable !== null || !check()) return;
    w.__first.usable = -1;
    requestAnimationFrame(() => {
      w.__first.usable = performance.now() + w.__first.since;
      mo.disconnect();
    });
  };
  const mo = new MutationObserver(test);
  mo.observe(document, { childList: true, subtree: true, attributes: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__first.fcp = e.startTime + w.__first.since;
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing
  }
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain HTML with the visible text of a usable page: its first line as the h1, the rest as paragraphs. */
async function staticPageFor(page) {
  const { title, lines } = await page.evaluate(() => ({ title: document.title, lines: document.body.innerText.split('\n').map((l) => l.trim()).filter(Boolean) }));
  const [first = '', ...rest] = lines;
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(title)}</title>\n</head>\n<body>\n<h1>${escapeHtml(first)}</h1>\n${rest.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n</body>\n</html>\n`;
}

/**
 * One cold visit: a fresh browser context (empty cache, no service worker, no IndexedDB), the network emulated
 * from before the navigation. Returns ms from navigation start to usable, FCP, and the bytes of every response
 * finished by then (CDP Network.loadingFinished encodedDataLength: headers and body as received).
 */
export async function visitUsable(browser, url, key, network, { keepOpen = false, shaper = null } = {}) {
  // With a shaper (scripts/bench/netShaper.mjs) the network is the proxy's, connection set-up included, and CDP
  // only watches; without, CDP emulates it (latency per request, no handshakes).
  if (shaper) {
    shaper.shape(network);
    shaper.resetDns();
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'allow', reducedMotion: 'no-preference', locale: 'en-US', ignoreHTTPSErrors: Boolean(shaper) });
  await context.addInitScript(installProbe, key);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (!shaper) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: network.latency, downloadThroughput: network.downloadThroughput, uploadThroughput: network.uploadThroughput });
  let start = null;
  const finished = [];
  const urls = new Map();
  const sent = new Map();
  /** When each response started arriving (its headers). */
  const arrivals = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    sent.set(e.requestId, e.timestamp);
    if (start === null && e.type === 'Document') start = e.timestamp;
  });
  cdp.on('Network.responseReceived', (e) => arrivals.push({ id: e.requestId, t: e.timestamp }));
  cdp.on('Network.loadingFinished', (e) => finished.push({ id: e.requestId, t: e.timestamp, sent: sent.get(e.requestId), bytes: e.encodedDataLength, url: urls.get(e.requestId) ?? '' }));
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => window.__first.usable > 0, null, { timeout: 60_000, polling: 25 });
    const r = await page.evaluate(() => ({ usable: window.__first.usable, fcp: window.__first.fcp }));
    const cutoff = (start ?? 0) + r.usable / 1000;
    // Every response that had started arriving by then, counted whole (Chrome reports a throttled body's bytes
    // only when it has finished, so a page that is usable from its first chunk — /local — is counted in full):
    // an upper bound of what was received before usable.
    const started = new Set(arrivals.filter((c) => c.t <= cutoff).map((c) => c.id));
    await page.waitForTimeout(200); // the ones in flight finish
    const counted = finished.filter((f) => f.t <= cutoff || started.has(f.id));
    const at = (t) => Math.round((t - (start ?? 0)) * 1000);
    const bytes = counted.reduce((s, f) => s + f.bytes, 0);
    const result = { ...r, bytes, requests: counted.length, files: counted.map((f) => `${at(f.sent)}→${at(f.t)} ${f.bytes}B ${f.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`) };
    if (keepOpen) return { ...result, page, context };
    return result;
  } finally {
    if (!keepOpen) await context.close().catch(() => undefined);
  }
}

/**
 * The six doors a visitor comes in by (issue #33): what "usable" waits for on each (installProbe's `door`: its
 * content on screen and every visible control responding; the ballot keeps its own check).
 */
/** A ticketed poll and the voting code on its bench card (issue #52): the ballot a ticket's QR opens. */
const TICKETED = { id: 'bench-ticketed', code: '7K2Q9MXDA4B6C8E0FGHJ' };
export function ticketedDocs() {
  return [
    { path: `polls/${TICKETED.id}`, data: { id: TICKETED.id, title: 'Ticketed bench poll', order: 50, voting: 'ticketed', questions: [{ id: 'look', question: 'Best look', options: ['Ada Stone', 'Bo Reyes', 'Cy Mora'] }] } },
    { path: `voting-codes/${TICKETED.code}`, data: { poll: TICKETED.id, issued: new Date() } },
  ];
}

export const DOORS = [
  { key: 'ballot', name: 'award ballot', path: '/poll?id=dfca-2025-fashion', file: 'bench-first-ballot.html' },
  // Its goal: what a door's is, and no request more than the award ballot's before it is usable (issue #52).
  { key: 'ballot', name: 'ticketed ballot from its QR', path: `/poll?id=${TICKETED.id}&code=${TICKETED.code}`, file: 'bench-first-ticketed.html', ticketed: true },
  { key: 'door', ready: 'main h1', name: 'landing /', path: '/', file: 'bench-first-home.html' },
  { key: 'door', ready: '.poll-card a[href^="/poll"]', name: '/vote', path: '/vote', file: 'bench-first-vote.html' },
  { key: 'door', ready: 'main h1', name: '/poll-categories', path: '/poll-categories', file: 'bench-first-categories.html' },
  { key: 'door', ready: '.icon-detail .icon-role', name: 'an honoree (/one-icon)', path: '/one-icon?id=h1', file: 'bench-first-honoree.html' },
  { key: 'door', ready: 'h1.event-title', name: 'Event Details (/?category=fashion)', path: '/?category=fashion', file: 'bench-first-event.html' },
  // A shared link to a governor (issue #56): the route's page sends it to the person's own page, which is usable
  // once the person is on screen (both files count: the redirect's round trip is the visitor's too).
  { key: 'door', ready: 'main h2.civic-person-name', name: 'a governor\'s profile (/onegovernor?q=)', path: '/onegovernor?q=Gretchen%20Whitmer', file: 'bench-first-governor.html' },
  // The organisers' sign-in (issue #53): usable = its e-mail field takes typing (its button waits for the app).
  { key: 'organiser', name: 'organisers\' sign-in (/organiser)', path: '/organiser', file: 'bench-first-organiser.html' },
];
/** Every static copy the section writes (bench.mjs removes them if a run is cut short). */
export const FIRST_VISIT_FILES = [...DOORS.map((d) => d.file), 'bench-first-local.html'];
/** Each door's goals (issue #33), on both networks: against a static page of the same text, and bytes. */
const DOOR_RATIO = 2.5;
const DOOR_BYTES = 40 * 1024;

/** What installProbe checks on a page: its key, with the door's content selector if it has one. */
const probeOf = (p) => (p.ready ? { key: p.key, ready: p.ready } : p.key);

/** Writes each page's static copy: its visible text once usable (an unthrottled visit). */
async function writeStatics(browser, baseUrl, distDir, pages, shaper) {
  // Unthrottled in effect for both methods (1 GB/s on loopback; the shaper needs a rate, CDP takes it too).
  const fast = { latency: 0, downloadThroughput: 1e9, uploadThroughput: 1e9 };
  const written = [];
  for (const p of pages) {
    const v = await visitUsable(browser, `${baseUrl}${p.path}`, probeOf(p), fast, { keepOpen: true, shaper });
    try {
      await v.page.waitForTimeout(300);
      const file = path.join(distDir, p.file);
      writeFileSync(file, await staticPageFor(v.page));
      written.push(file);
    } finally {
      await v.context.close();
    }
  }
  return written;
}

/** The award ballot's responses before usable, per network and method: what the ticketed door may not exceed. */
const requestsOf = new Map();

/** One row: `RUNS` paired cold visits of the page and of its static copy. */
async function measureRow(report, { browser, baseUrl, shaper, network, page: p, method }) {
  const app = [];
  const plain = [];
  const probe = probeOf(p);
  for (let i = 0; i < RUNS; i++) {
    app.push(await visitUsable(browser, `${baseUrl}${p.path}`, probe, network, { shaper }));
    plain.push(await visitUsable(browser, `${baseUrl}/${p.file}`, 'static', network, { shaper }));
  }
  const t = median(app.map((r) => r.usable));
  const s = median(plain.map((r) => r.usable));
  const bytes = median(app.map((r) => r.bytes));
  const staticBytes = median(plain.map((r) => r.bytes));
  const reqs = median(app.map((r) => r.requests));
  if (p.key === 'ballot' && !p.ticketed) requestsOf.set(`${network.name}${method}`, reqs);
  const r = t / s;
  let goal = '—';
  let verdict = 'INFO';
  if (p.ticketed) {
    const plainBallot = requestsOf.get(`${network.name}${method}`);
    goal = `≤ ${DOOR_RATIO}×, requests ≤ the award ballot's${plainBallot === undefined ? '' : ` (${plainBallot})`}`;
    verdict = r <= DOOR_RATIO && (plainBallot === undefined || reqs <= plainBallot) ? 'PASS' : 'MISS';
  } else if (p.key === 'ballot' && !shaper) {
    const limit = BALLOT_GOALS[network.name];
    goal = `≤ ${limit} ms, ≤ ${BALLOT_RATIO}×, ≤ ${kB(BALLOT_BYTES)}`;
    verdict = t <= limit && r <= BALLOT_RATIO && bytes <= BALLOT_BYTES ? 'PASS' : 'MISS';
  } else if (DOORS.includes(p)) {
    goal = `≤ ${DOOR_RATIO}×, ≤ ${kB(DOOR_BYTES)}`;
    verdict = r <= DOOR_RATIO && bytes <= DOOR_BYTES ? 'PASS' : 'MISS';
  }
  report.add({
    section: SECTION,
    name: `first visit ${p.name} on ${network.name}${method}`,
    figure: `usable ${ms(t)} vs static ${ms(s)}; ≤ ${kB(bytes)} in ${reqs} responses before usable (static ${kB(staticBytes)}) [app FCP ${ms(median(app.map((x) => x.fcp)))}; runs ${app.map((x) => Math.round(x.usable)).join(', ')} ms]`,
    ratio: ratio(r),
    goal,
    verdict,
  });
  if (process.env.BENCH_DEBUG) console.log(`[bench]   ${p.name}${method} (usable ${Math.round(app[0]?.usable ?? 0)} ms, FCP ${Math.round(app[0]?.fcp ?? 0)}) responses before usable:\n    ${app[0]?.files.join('\n    ')}`);
}

/**
 * `tls` (optional): the second method — { browser (proxied through the shaper), baseUrl (the app's https origin),
 * distDir (what that origin serves), shaper } — the same build for a real project, every host behind TLS on its
 * own name, connection set-up counted (scripts/bench/netShaper.mjs).
 */
export async function runFirstVisit(report, { browser, baseUrl, distDir, tls = null }) {
  // BENCH_DOORS=honoree,Event: only the doors whose name contains one of these (a quick look at one change).
  const only = process.env.BENCH_DOORS?.split(',').map((s) => s.trim()).filter(Boolean);
  const picked = (p) => !only || only.some((s) => p.name.includes(s));
  const doors = DOORS.filter(picked);
  const pages = [...doors, { key: 'local', name: '/local', path: '/local', file: 'bench-first-local.html' }].filter(picked);
  report.note(SECTION, `Each figure is the median of ${RUNS} first visits, each in a fresh browser context (empty HTTP cache, no service worker, no IndexedDB — a phone that never opened the app), each paired with a visit to the static copy. CPU not throttled. Networks: ${NETWORKS.map((n) => `${n.name} (${n.note})`).join('; ')}. Two methods, side by side. **CDP** (rows without a suffix): \`Network.emulateNetworkConditions\` before the navigation, served by \`vite preview\` (gzip) and the Firestore emulator on loopback behind the bench's gzip proxy — latency per request, but a new connection costs nothing: no DNS, TCP or TLS. **Connection set-up counted** (rows marked "set-up counted"): Chromium talks through a SOCKS5 shaping proxy (scripts/bench/netShaper.mjs, the method of WebPageTest's tsproxy; \`tc netem\` is not available in this kernel) that charges one round trip for each host name's first lookup in a visit, one for each TCP connection, and carries real TLS 1.3 handshakes (HTTP/2) through one shared link at the network's rates with half the round trip each way; the build is the one a real project gets (\`VITE_FIREBASE_API_KEY\` set), its page at https://${tls ? new URL(tls.baseUrl).host : 'app.town-square.test'} and Firestore at https://firestore.googleapis.com — both names answered by TLS fronts on this machine, in front of \`vite preview\` and the emulator. The static copy is served from the app's origin under the same method, so it pays its own DNS, TCP and TLS.`);
  report.note(SECTION, 'Usable = the visitor can do the page\'s main thing, checked in the page at every DOM change and timed at the next frame. The award ballot: the e-mail field takes typing and the options can be chosen. The other doors (issue #33): the page\'s own content is on screen (landing: its heading; /vote: a poll card\'s link; /poll-categories: its heading; an honoree: the role line under the portrait; Event Details: its title; the organisers\' sign-in: its e-mail field takes typing, its button waiting for the app) and every visible control responds — a link or a disclosure works before the app, any other control only once the app has drawn it (the prerendered copy is gone) — with nothing still loading. /local (INFO): the civic tiles (links) are there. Bytes = every response that had started arriving by then, counted whole (CDP Network.loadingFinished encodedDataLength, headers included): an upper bound. Static = plain HTML with the same visible text as the usable page (written at run time, no CSS, JS or images), time to its first contentful paint.');
  const written = [];
  try {
    written.push(...(await writeStatics(browser, baseUrl, distDir, pages, null)));
    for (const network of NETWORKS) for (const p of pages) await measureRow(report, { browser, baseUrl, shaper: null, network, page: p, method: '' });
    if (tls) {
      written.push(...(await writeStatics(tls.browser, tls.baseUrl, tls.distDir, doors, tls.shaper)));
      for (const network of NETWORKS) for (const p of doors) await measureRow(report, { browser: tls.browser, baseUrl: tls.baseUrl, shaper: tls.shaper, network, page: p, method: ', set-up counted' });
    }
  } finally {
    for (const f of written) rmSync(f, { force: true });
  }
}
