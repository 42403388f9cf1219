// One attendee, one ballot (issue #52), through the real UI against the emulators: an organiser on a laptop makes a
// ticketed poll and ten voting codes (CSV and the sheet of QR cards); eight attendees vote from their cards' links,
// two of them offline and back later; a friend reuses a code on another phone and is told, in words, when it was
// used; the integrity view says 8 ballots, 8 of 10 codes used, 1 reuse refused, and the CSV says the same.
import { beforeAll } from 'vitest';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { adminClear, adminList } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { axe, figure, formatViolations } from './harness';
import { BallotPage } from './pages/BallotPage';
import { showPoll, signIn, windowNow } from './pages/OrganiserConsole';
import { makeAccount } from './pages/organiserAccounts';
import { outboxRows } from './pages/outbox';

const PASSWORD = 'event-night-2026';
const LAPTOP = { width: 1280, height: 800 };
let organiser: { email: string };

beforeAll(async () => {
  await adminClear();
  organiser = await makeAccount('ticket-org', PASSWORD, true);
});

async function text(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** One attendee's phone: the card's link, the e-mail step (the code already on it), one choice, Submit Vote. */
async function voteFromCard(page: Page, link: string, email: string, offline?: { context: BrowserContext }, shot?: () => Promise<unknown>): Promise<BallotPage> {
  const ballot = new BallotPage(page);
  await page.goto(link);
  await ballot.emailDialog().waitFor();
  // The code from the card's link is on the ballot already, in its short form.
  await expect.poll(() => page.getByLabel('Voting code').inputValue()).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  await shot?.();
  if (offline) await offline.context.setOffline(true);
  await ballot.enterEmail(email);
  await ballot.choose(0);
  await ballot.submit();
  await ballot.thankYou().waitFor();
  return ballot;
}

describe('a ticketed award poll (issue #52)', () => {
  it('an organiser makes a ticketed poll and 10 codes; 8 vote from their cards (2 offline), a reused code is refused in words; the integrity view and the CSV agree', async ({ app, browser, track }) => {
    // The organiser's laptop.
    const laptop = track(await browser.newContext({ viewport: LAPTOP, locale: 'en-US', reducedMotion: 'reduce' }));
    const org = await laptop.newPage();
    await org.goto(app.url('/organiser'));
    await signIn(org, organiser.email, PASSWORD);
    await org.getByText(`Signed in as ${organiser.email}`).waitFor();
    await org.getByRole('button', { name: 'Create a poll' }).click();
    await org.getByLabel('Title', { exact: true }).fill('Ticketed Night');
    await org.getByLabel('Category name', { exact: true }).fill('Best look');
    await org.getByLabel('Nominee 1', { exact: true }).fill('Ada Stone');
    await org.getByLabel('Nominee 2', { exact: true }).fill('Bo Reyes');
    await org.getByRole('radio', { name: /^Ticketed: one ballot per voting code/ }).check();
    await app.screenshot('ticketed-editor-1280', org);
    await org.getByRole('button', { name: 'Save' }).click();
    const card = org.locator('[data-testid^="org-poll-"]').filter({ hasText: 'Ticketed Night' });
    await card.waitFor({ timeout: 15_000 });
    const pollId = ((await card.getAttribute('data-testid')) ?? '').replace('org-poll-', '');
    expect(await card.getByTestId('org-mode').innerText()).toBe('Ticketed: one ballot per voting code.');
    await windowNow(card, 'Open now');
    await expect.poll(() => card.getByTestId('org-state').innerText()).toBe('Open');

    // Ten codes, their CSV (for a mail merge) and the sheet of QR cards.
    await card.getByRole('button', { name: 'Voting codes' }).click();
    await card.getByLabel('How many').fill('10');
    // Counted as a difference: a retried attempt finds the first attempt's codes already stored.
    const codesBefore = (await adminList('voting-codes')).length;
    const t0 = Date.now();
    await card.getByRole('button', { name: 'Make codes' }).click();
    await card.getByRole('status').filter({ hasText: /^Made 10 codes\./ }).waitFor();
    figure('ticketed: 10 codes made and stored from the console in', `${Date.now() - t0} ms`);
    expect((await adminList('voting-codes')).length - codesBefore).toBe(10);
    const [csvDownload] = await Promise.all([org.waitForEvent('download'), card.getByRole('button', { name: 'Download CSV (mail merge)' }).click()]);
    // Every cell quoted (formula-safe, src/features/polls/logic.ts csvCell); none of these holds a comma.
    const rows = (await text(csvDownload)).trim().split(/\r\n/).map((r) => r.split(',').map((c) => c.replace(/^"|"$/g, '')));
    expect(rows[0]).toEqual(['code', 'short_code', 'link']);
    expect(rows).toHaveLength(11);
    const links = rows.slice(1).map((r) => r[2]!);
    for (const [code, short, link] of rows.slice(1)) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
      expect(short!.replace(/-/g, '')).toBe(code);
      expect(link).toBe(app.url(`/poll?id=${pollId}&code=${code}`));
    }
    await card.getByRole('button', { name: 'QR cards to print' }).click();
    const sheet = card.getByTestId('code-sheet');
    await expect.poll(() => sheet.locator('img').count()).toBe(10);
    await sheet.scrollIntoViewIfNeeded();
    await app.screenshot('ticketed-qr-sheet-1280', org);
    const violations = await axe(org);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Eight attendees vote from their cards, each on a phone of its own; two of them while offline.
    const phones: { context: BrowserContext; page: Page }[] = [];
    for (let i = 0; i < 8; i++) {
      const phone = await app.phone();
      phones.push(phone);
      const offline = i === 2 || i === 5;
      const ballot = await voteFromCard(phone.page, links[i]!, `ticket${i}@example.com`, offline ? { context: phone.context } : undefined, i === 0 ? () => app.screenshot('ticketed-ballot-email', phone.page) : undefined);
      if (i === 0) await app.screenshot('ticketed-ballot-thanks', phone.page);
      if (!offline) await expect.poll(() => ballot.status().getAttribute('data-sent'), { timeout: 15_000 }).toBe('yes');
    }
    // The two come back online: their queued votes (each with its code) go out.
    for (const i of [2, 5]) {
      const { context, page } = phones[i]!;
      expect((await outboxRows(page)).length).toBe(1);
      await context.setOffline(false);
      await expect.poll(async () => (await outboxRows(page)).length, { timeout: 30_000 }).toBe(0);
    }

    // A friend reuses the first card's code on another phone: not counted, and told when it was used.
    const friend = await app.phone();
    const friendBallot = await voteFromCard(friend.page, links[0]!, 'friend@example.com');
    await expect.poll(() => friendBallot.status().getAttribute('data-state'), { timeout: 15_000 }).toBe('refused');
    expect(await friendBallot.status().innerText()).toMatch(/This voting code has already been used — at \d{1,2}:\d{2}\s?(AM|PM)\./);
    await app.screenshot('ticketed-code-reused', friend.page);

    // The integrity view: 8 ballots, 8 of 10 codes used, 1 reuse refused — counts only.
    await showPoll(org, pollId); // the laptop's console: the tally is open beside the list
    const value = (id: string) => card.getByTestId(id).getAttribute('data-value');
    await expect.poll(() => value('integrity-ballots'), { timeout: 15_000 }).toBe('8');
    await expect.poll(() => value('integrity-codes'), { timeout: 15_000 }).toBe('8 of 10 used');
    await expect.poll(() => value('integrity-refused-code-used'), { timeout: 15_000 }).toBe('1');
    expect(await value('integrity-devices')).toBe('8');
    expect(await value('integrity-most')).toBe('1');
    await card.getByTestId('integrity-ballots').scrollIntoViewIfNeeded();
    await app.screenshot('ticketed-integrity-1280', org);
    const [tallyDownload] = await Promise.all([org.waitForEvent('download'), card.getByRole('button', { name: 'Export CSV' }).click()]);
    const tally = await text(tallyDownload);
    expect(tally).toContain('"integrity","who may vote","ticketed",""');
    expect(tally).toContain('"integrity","ballots counted","8",""');
    expect(tally).toContain('"integrity","voting codes used","8 of 10",""');
    expect(tally).toContain('"integrity","refused: code-used","1",""');
    expect(tally).not.toMatch(/@/); // no e-mail, no code in the organisers' export
    for (const [code] of rows.slice(1)) expect(tally).not.toContain(code!);
  });
});
