// Section 4: vote durability — from the Submit Vote click to the committed outbox row, through the real UI,
// offline (so no network time is in the figure).
/* global window, document, Element, MutationObserver -- functions passed to page.evaluate / addInitScript run in the browser */
import { phoneContext, storeCount, waitForController } from './browser.mjs';
import { ms, percentile } from './util.mjs';

export const SECTION = '4. Vote durability (click → committed outbox row)';

export const DURABILITY_POLL = 'bench-1q';
const VOTES = Number(process.env.BENCH_VOTES ?? 200);
const GOAL_P95_MS = 50;

export function durabilityDocs() {
  // A kiosk's poll: the bench casts every vote from one phone (the default allows one a device, issue #52).
  return [{ path: `polls/${DURABILITY_POLL}`, data: { id: DURABILITY_POLL, title: 'Bench poll', questions: [{ id: 'q1', question: 'Best look?', options: ['Alpha', 'Beta', 'Gamma'] }], deviceLimit: 1000 } }];
}

/**
 * In-page probe: a capture-phase click listener on the Submit Vote button stamps the click, and a
 * MutationObserver stamps the thank-you dialog, which the ballot shows only after castAwardVote's
 * transaction (vote + outbox row) has committed.
 */
function armProbe() {
  const w = window;
  w.__vote = { click: null, thanks: null };
  const onClick = (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (b && b.textContent?.trim() === 'Submit Vote' && w.__vote.click === null) w.__vote.click = performance.now();
  };
  document.addEventListener('click', onClick, { capture: true });
  const mo = new MutationObserver(() => {
    const titles = document.querySelectorAll('[role=dialog] .modal-title');
    for (const t of titles) {
      if (t.textContent === 'Thank you for voting!') {
        w.__vote.thanks = performance.now();
        mo.disconnect();
        document.removeEventListener('click', onClick, { capture: true });
        return;
      }
    }
  });
  mo.observe(document.body, { childList: true, subtree: true });
}

export async function runDurability(report, { browser, baseUrl }) {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    const open = () => page.goto(`${baseUrl}/poll?id=${DURABILITY_POLL}`, { waitUntil: 'commit' });
    await page.goto(`${baseUrl}/poll?id=${DURABILITY_POLL}&uid=bench-durability`);
    await waitForController(page);
    const emailDialog = page.getByRole('dialog', { name: 'Make Your Vote Matter!' });
    await emailDialog.waitFor(); // the poll is in IndexedDB now
    await context.setOffline(true);

    const before = await storeCount(page, 'outbox');
    const samples = [];
    const t0 = Date.now();
    for (let i = 0; i < VOTES; i++) {
      if (i > 0) await open();
      await emailDialog.getByLabel('Email').fill(`bench-${i}@example.com`);
      await emailDialog.getByRole('button', { name: 'Submit' }).click();
      await page.locator('.poll-option').first().click();
      const submit = page.getByRole('button', { name: 'Submit Vote' });
      await submit.waitFor();
      await page.evaluate(armProbe);
      await submit.click();
      await page.getByRole('dialog', { name: 'Thank you for voting!' }).waitFor();
      const v = await page.evaluate(() => window.__vote);
      if (v.click === null || v.thanks === null) throw new Error(`vote ${i}: probe missed the click or the dialog`);
      samples.push(v.thanks - v.click);
    }
    const rows = (await storeCount(page, 'outbox')) - before;
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    report.add({
      section: SECTION,
      name: `vote durability, ${VOTES} votes offline`,
      figure: `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(Math.max(...samples))}; ${rows} outbox rows committed`,
      ratio: ratio95(p95),
      goal: `p95 ≤ ${GOAL_P95_MS} ms`,
      verdict: p95 <= GOAL_P95_MS && rows === VOTES ? 'PASS' : 'MISS',
    });
    report.note(SECTION, `${VOTES} votes through the real ballot (/poll?id=${DURABILITY_POLL}, one question, e-mail dialog, option, Submit Vote) with \`context.setOffline(true)\`; each figure runs from a capture-phase click listener on Submit Vote to a MutationObserver seeing the "Thank you for voting!" dialog, which renders only after the Dexie transaction holding the vote and its outbox row committed (so it includes React's re-render). Outbox rows counted with the raw IndexedDB API afterwards. Whole loop took ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
  } finally {
    await context.close().catch(() => undefined);
  }
}

const ratio95 = (p95) => `${(p95 / GOAL_P95_MS).toFixed(2)}× of goal`;
