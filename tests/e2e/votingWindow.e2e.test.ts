// The voting window (issue #31), as attendees meet it in real Chromium against the emulators' rules: a ballot
// that has not opened says when it will; a vote cast offline just before the organisers close voting is counted
// when it arrives after the close; one cast after the close is refused, and the device says so in words and keeps
// it. (The organisers' side — signing in, opening and closing from /organiser — is not built yet: the window is
// set here as an organiser's Admin SDK would.)
import { beforeEach } from 'vitest';
import type { Page } from 'playwright-core';
import { adminWriteMany } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { BallotPage } from './pages/BallotPage';
import { outboxRows } from './pages/outbox';
import { OutboxPage } from './pages/OutboxPage';
import { POLL, primed, seedPoll, serverVoters, until, vote } from './pages/syncPoll';

beforeEach(seedPoll);

/** The poll seedPoll wrote, with a voting window (epoch ms on the server's clock; this machine's is the server's). */
async function setWindow(window: { opensAt?: number; closesAt?: number }): Promise<void> {
  const times = Object.fromEntries(Object.entries(window).map(([k, ms]) => [k, new Date(ms)]));
  await adminWriteMany([{ path: `polls/${POLL}`, data: { id: POLL, title: 'Sync test poll', questions: [{ id: 'q1', question: 'Best look?', options: ['Alpha', 'Beta', 'Gamma'] }], ...times } }]);
}

const MIN = 60_000;

async function statusOf(page: Page): Promise<{ state: string | null; text: string }> {
  const status = new BallotPage(page).status();
  return { state: await status.getAttribute('data-state'), text: await status.innerText() };
}

describe('the voting window on the attendee\'s phone (issue #31)', () => {
  it('a ballot not open yet says when it opens (on the server\'s clock), and opens by itself when it is time', async ({ app, page }) => {
    const opensAt = Date.now() + 2 * 60 * MIN;
    await setWindow({ opensAt });
    const ballot = new BallotPage(page);
    await ballot.open(POLL);
    const alert = page.getByRole('alert');
    await alert.getByText(/^Voting opens at /).waitFor();
    expect(await alert.getByRole('heading').innerText()).toBe('Sync test poll');
    expect(await ballot.emailDialog().count()).toBe(0);
    await app.screenshot('ballot-opens-at');
    // In the other two languages, the same words in theirs.
    for (const [locale, words] of [['es-MX', /^La votación abre a las /], ['ar', /^يبدأ التصويت في /]] as const) {
      const other = await app.phone({ locale });
      await new BallotPage(other.page).open(POLL);
      await other.page.getByRole('alert').getByText(words).waitFor();
      await app.screenshot(`ballot-opens-at-${locale}`, other.page);
      await other.context.close();
    }
    await setWindow({ opensAt: Date.now() - MIN, closesAt: Date.now() + 60 * MIN });
    await page.reload();
    await ballot.emailDialog().waitFor();
  });

  it('cast offline just before the close, sent a little after it: counted, and the device says sent', async ({ app, page: tab }) => {
    await setWindow({ closesAt: Date.now() + 60 * MIN });
    const page = await primed(tab);
    await app.offline();
    await vote(page, 'last-call@example.com');
    // The organisers close voting while this phone is offline.
    await new Promise((r) => setTimeout(r, 1500));
    await setWindow({ closesAt: Date.now() });
    await new Promise((r) => setTimeout(r, 1500));
    await app.online();
    await until(async () => (await serverVoters()).length === 1, 20_000, 'the late vote counted');
    await until(async () => (await outboxRows(page)).length === 0, 10_000, 'sent');
    await expect.poll(async () => (await statusOf(page)).state, { timeout: 10_000 }).toBe('sent');
  });

  it('cast after the close (the phone did not know yet): refused, told in words, kept on the device', async ({ app, page: tab }) => {
    await setWindow({ closesAt: Date.now() + 60 * MIN });
    const page = await primed(tab);
    await app.offline();
    // Closed a minute ago; this phone, offline, still shows the ballot it saved.
    await setWindow({ closesAt: Date.now() - MIN });
    await vote(page, 'too-late@example.com');
    await app.online();
    await until(async () => (await outboxRows(page)).some((r) => r.state === 'failed'), 20_000, 'refusal recorded');
    expect(await serverVoters()).toEqual([]);
    // The screen follows the outbox row through a live query: a moment after the row, not at the same instant
    // (read at once, it still said 'sending' in one full run).
    await expect.poll(async () => (await statusOf(page)).state).toBe('refused');
    const { text } = await statusOf(page);
    expect(text).toMatch(/^This vote was not counted\. Voting for “Sync test poll” closed at \d{1,2}:\d\d\s?[AP]M\. It will not be sent again\.$/);
    await app.screenshot('ballot-closed-refused', page);
    // Kept, with its reason, on the queue screen (nothing dropped silently).
    const outbox = new OutboxPage(page);
    await outbox.open();
    const item = outbox.items();
    await item.waitFor();
    expect(await item.innerText()).toContain('as too-late@example.com');
    expect(await item.innerText()).toMatch(/Voting for “Sync test poll” closed at .*It will not be sent\. You can discard it\./s);
  });
});
