// Section 6: analytics at scale — a user poll with 10,000 responses: time to show them all to the owner, and
// the bytes of the polls list's count aggregations against the bytes of downloading every response.
/* global document -- functions passed to page.evaluate / addInitScript run in the browser */
import { phoneContext } from './browser.mjs';
import { kB, ms, until } from './util.mjs';

export const SECTION = '6. Analytics at scale (10,000 responses)';

const N = Number(process.env.BENCH_RESPONSES ?? 10_000);
const POLL = 'bench-analytics';
const OWNER = 'bench-owner';
const OPTIONS = ['Alpha', 'Beta', 'Gamma', 'Delta'];
const GOAL_RATIO = 100;

export function analyticsDocs() {
  const now = Date.now();
  const docs = [
    {
      path: `user-polls/${POLL}`,
      data: {
        title: 'Bench analytics poll', pollId: POLL,
        questions: [{ id: 'q1', question: 'Favourite look?', options: OPTIONS }],
        uploadedBy: { id: OWNER, first_name: 'Bench' }, uploaderId: OWNER, ownerUid: OWNER, uploadedOn: new Date(now),
      },
    },
  ];
  for (let i = 0; i < N; i++) {
    const responseId = `bench-r-${String(i).padStart(5, '0')}`;
    docs.push({ path: `user-poll-responses/${responseId}`, data: { pollId: POLL, responseId, answers: { q1: OPTIONS[i % OPTIONS.length] }, timestamp: new Date(now - i * 1000) } });
    docs.push({ path: `user-poll-votes/${responseId}`, data: { pollId: POLL } });
  }
  return docs;
}

/** Records the emulator traffic of a page over CDP: per request its URL, body and bytes received (headers + body). */
async function trafficRecorder(context, page, emulatorOrigin) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith(emulatorOrigin)) return;
    requests.set(e.requestId, { url: e.request.url, body: e.request.postData ?? '', bytes: null, failed: false });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.failed = true;
  });
  return { requests: () => [...requests.values()] };
}

const sum = (rs) => rs.reduce((s, r) => s + (r.bytes ?? 0), 0);

export async function runAnalytics(report, { browser, baseUrl, admin, firestoreHost }) {
  const seeded = Date.now();
  await admin.writeMany(analyticsDocs(), { parallel: 2 });
  const seedMs = Date.now() - seeded;
  const have = await admin.count('user-poll-responses', 'pollId', POLL);
  if (have !== N) throw new Error(`seeded ${have} responses, expected ${N}`);

  // No service worker here: its first-visit precache would compete with what we time, and it plays no part in these reads.
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  try {
    const origin = `http://${firestoreHost}`;
    // The polls list: one count aggregation per poll.
    const list = await context.newPage();
    const listTraffic = await trafficRecorder(context, list, origin);
    await list.goto(`${baseUrl}/vote?uid=${OWNER}`);
    const countReqs = () => listTraffic.requests().filter((r) => r.url.includes(':runAggregationQuery'));
    await until(() => countReqs().some((r) => r.body.includes(POLL) && r.bytes !== null), { timeoutMs: 30_000, what: 'the bench poll\'s count on /vote' });
    await until(() => countReqs().every((r) => r.bytes !== null || r.failed), { timeoutMs: 30_000, what: 'all counts on /vote' });
    const ours = countReqs().filter((r) => r.body.includes(POLL));
    const allCounts = countReqs();
    await list.close();

    // The owner's analytics: every response downloaded (a runQuery on user-poll-responses).
    const page = await context.newPage();
    const traffic = await trafficRecorder(context, page, origin);
    await page.goto(`${baseUrl}/responses?id=${POLL}&uid=${OWNER}`, { waitUntil: 'commit' });
    const shownAt = await page.waitForFunction(
      (n) => (document.querySelector('[data-testid=total-responses]')?.textContent?.includes(`Total Responses: ${n}`) ? performance.now() : false),
      N,
      { timeout: 120_000, polling: 'raf' },
    );
    const showMs = await shownAt.jsonValue();
    const queryReqs = () => traffic.requests().filter((r) => r.url.includes(':runQuery') && r.body.includes('user-poll-responses'));
    await until(() => queryReqs().length > 0 && queryReqs().every((r) => r.bytes !== null || r.failed), { timeoutMs: 30_000, what: 'the responses download finished' });
    const download = queryReqs();

    report.add({
      section: SECTION,
      name: `owner analytics, ${N} responses`,
      figure: `'Total Responses: ${N}' visible ${ms(showMs)} after navigation start`,
    });
    const r = sum(download) / sum(ours);
    report.add({
      section: SECTION,
      name: 'bytes: count on /vote vs downloading every response',
      figure: `${kB(sum(ours))} (${ours.length} count aggregation for this poll; ${allCounts.length} on /vote in all, ${kB(sum(allCounts))}) vs ${kB(sum(download))} (${download.length} runQuery)`,
      ratio: `${Math.round(r)}× fewer bytes`,
      goal: `≥ ${GOAL_RATIO}× (bench's own goal)`,
      verdict: r >= GOAL_RATIO ? 'PASS' : 'MISS',
    });
    report.note(SECTION, `Seeded with the owner token: user-polls/${POLL} (ownerUid and uploaderId '${OWNER}'), ${N} user-poll-responses and ${N} matching user-poll-votes (${(seedMs / 1000).toFixed(0)} s, 500 per commit). Bytes are CDP Network.loadingFinished encodedDataLength (headers + body as received) of the requests to the emulator. /responses is opened with ?uid=${OWNER} in a fresh page after /vote (so the poll itself is already in IndexedDB; the responses are not); time measured in-page from navigation start. Service workers blocked in this context. The issue sets no goal for these figures; ≥ ${GOAL_RATIO}× is ours.`);
  } finally {
    await context.close().catch(() => undefined);
  }
}
