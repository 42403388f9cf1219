// Event night, both sides (issue #31), in real Chromium against the emulators: an organiser signs in on
// /organiser and opens voting; ten attendees vote on their phones — six online, three offline when the organiser
// closes voting (they reconnect a minute later and are counted: cast before the close, arrived within the grace),
// one who casts after the close (refused, told in words, kept on the device). At every step the organiser's live
// tally equals the votes the server holds; present mode reveals each winner (one category ends in a tie); the CSV
// export matches the server.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { emulatorTarget, grantOrganiser } from '../../scripts/organiser.mjs';
import { adminGet, adminList, adminWriteMany, emulatorConfig } from '../integration/env';
import { describe, expect, test as it, type App, type Phone } from './fixtures';
import { axe, formatViolations, watchErrors } from './harness';
import { BallotPage } from './pages/BallotPage';
import { showPoll, signIn, windowNow } from './pages/OrganiserConsole';
import { signedInUser } from './pages/auth';
import { outboxRows } from './pages/outbox';
import { until } from './pages/syncPoll';

const run = Date.now().toString(36);
const POLL = `night-${run}`;
const TITLE = 'Detroit Fashion Choice Awards: the night';
const DESIGNER = { id: 'designer', question: 'Designer of the Night', options: ['Ada Quill', 'Bo Marsh', 'Cyra Vale'] };
const LOOK = { id: 'look', question: 'Look of the Night', options: ['Dune Silk', 'Ember Coat', 'Frost Veil'] };
const ORGANISER = { email: `organiser-${run}@example.org`, password: 'event night' };

// Who votes what. Counted in the end: Designer — Ada 5, Bo 3, Cyra 1 (Ada wins); Look — Dune 4, Ember 4, Frost 1 (a tie).
const ONLINE: [string, string][] = [['Ada Quill', 'Dune Silk'], ['Ada Quill', 'Ember Coat'], ['Bo Marsh', 'Dune Silk'], ['Ada Quill', 'Ember Coat'], ['Bo Marsh', 'Frost Veil'], ['Cyra Vale', 'Dune Silk']];
const OFFLINE: [string, string][] = [['Ada Quill', 'Ember Coat'], ['Bo Marsh', 'Ember Coat'], ['Ada Quill', 'Dune Silk']];
const LATE: [string, string] = ['Bo Marsh', 'Frost Veil'];

type Counts = Record<string, Record<string, number>>;

/** The votes the server holds for the poll, counted per category question and nominee (zeros left out). */
async function serverCounts(): Promise<{ counts: Counts; voters: string[] }> {
  const counts: Counts = {};
  const voters: string[] = [];
  for (const id of await adminList('poll-responses')) {
    const d = (await adminGet(`poll-responses/${id}`)) as { fields: { pollId: { stringValue: string }; user: { stringValue: string }; answers: { mapValue: { fields: Record<string, { stringValue: string }> } } } } | null;
    if (!d || d.fields.pollId.stringValue !== POLL) continue;
    voters.push(d.fields.user.stringValue);
    for (const q of [DESIGNER, LOOK]) {
      const a = d.fields.answers.mapValue.fields[q.id]?.stringValue;
      if (a === undefined) continue;
      (counts[q.question] ??= {})[a] = (counts[q.question]?.[a] ?? 0) + 1;
    }
  }
  return { counts, voters: voters.sort() };
}

/** The tally the organiser's screen shows for the poll (zeros left out, like serverCounts). */
async function screenCounts(page: Page): Promise<Counts> {
  return page.getByTestId(`org-poll-${POLL}`).evaluate((card) => {
    const out: Record<string, Record<string, number>> = {};
    for (const section of card.querySelectorAll('.org-category')) {
      const q = section.getAttribute('aria-label') ?? '';
      for (const li of section.querySelectorAll('li')) {
        const name = li.querySelector('.org-nominee')?.textContent ?? '';
        const n = Number(/^[\d,]+/.exec(li.querySelector('.org-count')?.textContent ?? '')?.[0]?.replace(/,/g, '') ?? NaN);
        if (n > 0) (out[q] ??= {})[name] = n;
      }
    }
    return out;
  });
}

/** Waits until the organiser's screen shows exactly the server's counts, and that they are `total` voters. */
async function tallyMatchesServer(page: Page, total: number): Promise<Counts> {
  await until(async () => (await serverCounts()).voters.length === total, 30_000, `${total} votes on the server`);
  const { counts } = await serverCounts();
  await expect.poll(() => screenCounts(page), { timeout: 10_000 }).toEqual(counts);
  return counts;
}

/** One attendee's ballot through the real UI: e-mail, a nominee per category (by name: options are shuffled), submit. */
async function castBallot(page: Page, email: string, picks: readonly string[]): Promise<void> {
  const ballot = new BallotPage(page);
  await ballot.enterEmail(email);
  for (const [i, name] of picks.entries()) {
    await ballot.stepLine(i + 1, picks.length).waitFor();
    await ballot.option(name).click();
  }
  await ballot.submit();
  await ballot.thankYou().waitFor();
}

/** A phone with the ballot open (its poll saved on the device), ready to vote. */
async function attendee(app: App): Promise<Phone> {
  const phone = await app.phone();
  const ballot = new BallotPage(phone.page);
  await ballot.open(POLL);
  await ballot.emailDialog().waitFor();
  return phone;
}

beforeAll(async () => {
  // Created closed, as the organiser screen creates polls: nobody votes until an organiser opens it.
  await adminWriteMany([{ path: `polls/${POLL}`, data: { id: POLL, title: TITLE, order: 0, open: false, questions: [DESIGNER, LOOK] } }]);
  const { host, port } = emulatorConfig().emulators!.auth;
  await grantOrganiser(ORGANISER.email, { password: ORGANISER.password, target: emulatorTarget(`${host}:${port}`) });
});

describe('event night: the organisers\' side and the attendees\' (issue #31)', () => {
  it('open, ten attendees, close with three offline, the late one refused; tally = server at every step; present; CSV', async ({ app, browser, track }) => {
    // The organiser at a laptop: a wide screen, not a phone.
    const orgContext = track(await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', acceptDownloads: true }));
    const org = await orgContext.newPage();
    const errors = watchErrors(org);
    await app.goto('/organiser', org);
    await signIn(org, ORGANISER.email, ORGANISER.password);
    // A laptop: the poll picked in the console's list, its tally beside it.
    const card = await showPoll(org, POLL);
    await expect.poll(() => card.getByTestId('org-state').innerText(), { timeout: 15_000 }).toBe('Closed');

    // Opens voting (confirmed: Open now asks first).
    await windowNow(card, 'Open now');
    await expect.poll(() => card.getByTestId('org-state').innerText()).toBe('Open');
    await card.getByText('No votes yet.').waitFor();

    // The three who will be offline at the close, and the one who will vote late, open their ballots now.
    const offline = [];
    for (let i = 0; i < OFFLINE.length; i++) offline.push(await attendee(app));
    const late = await attendee(app);

    // Six vote online; the organiser's tally follows the server after each vote.
    for (const [i, picks] of ONLINE.entries()) {
      const a = await attendee(app);
      await castBallot(a.page, `online-${i}@example.com`, picks);
      await tallyMatchesServer(org, i + 1);
      await a.context.close();
    }
    const six = await tallyMatchesServer(org, 6);
    expect(six).toEqual({ 'Designer of the Night': { 'Ada Quill': 3, 'Bo Marsh': 2, 'Cyra Vale': 1 }, 'Look of the Night': { 'Dune Silk': 3, 'Ember Coat': 2, 'Frost Veil': 1 } });
    await app.screenshot('organiser-tally-open', org);

    // Three lose the venue Wi-Fi and vote: queued on their phones.
    for (const [i, a] of offline.entries()) {
      await app.offline(a.context);
      await castBallot(a.page, `offline-${i}@example.com`, OFFLINE[i]!);
    }
    // The organiser closes voting. The server's time is the close.
    await windowNow(card, 'Close now');
    await expect.poll(() => card.getByTestId('org-state').innerText()).toMatch(/^Closed at /);
    const closedAt = Date.now();
    await tallyMatchesServer(org, 6);

    // The late attendee's phone still shows the ballot it loaded while voting was open: cast now, refused.
    await castBallot(late.page, 'late@example.com', LATE);
    const status = new BallotPage(late.page).status();
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 20_000 }).toBe('refused');
    expect(await status.innerText()).toMatch(new RegExp(`^This vote was not counted\\. Voting for “${TITLE}” closed at \\d{1,2}:\\d\\d\\s?[AP]M\\. It will not be sent again\\.$`));
    await late.page.getByRole('dialog', { name: 'Your vote was not counted' }).waitFor(); // not thanked for
    expect((await outboxRows(late.page)).map((r) => r.state)).toEqual(['failed']); // kept on the device, with its reason
    await app.screenshot('event-night-late-refused', late.page);

    // A minute after the close, the three find the network again: counted (cast before the close, within the grace).
    await new Promise((r) => setTimeout(r, Math.max(0, closedAt + 60_000 - Date.now())));
    for (const a of offline) await app.online(a.context);
    const nine = await tallyMatchesServer(org, 9);
    expect(nine).toEqual({ 'Designer of the Night': { 'Ada Quill': 5, 'Bo Marsh': 3, 'Cyra Vale': 1 }, 'Look of the Night': { 'Dune Silk': 4, 'Ember Coat': 4, 'Frost Veil': 1 } });
    for (const a of offline) await until(async () => (await outboxRows(a.page)).length === 0, 15_000, 'the offline phones say sent');
    expect((await serverCounts()).voters).not.toContain('late@example.com');
    const tie = card.locator('.org-category', { hasText: 'Look of the Night' });
    expect(await tie.locator('.org-mark').allInnerTexts()).toEqual(['Tie', 'Tie']);
    expect(formatViolations(await axe(org))).toBe('');
    await app.screenshot('organiser-tally-closed', org);

    // The CSV export: the server's counts, one row per category and nominee.
    const [download] = await Promise.all([org.waitForEvent('download'), card.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8').trim().split('\r\n').map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
    expect(csv[0]).toEqual(['category', 'nominee', 'votes', 'share']);
    const fromCsv: Counts = {};
    const integrity = Object.fromEntries(csv.filter(([category]) => category === 'integrity').map(([, what, value]) => [what, value]));
    for (const [category, nominee, votes] of csv.slice(1)) if (category !== 'integrity' && Number(votes) > 0) (fromCsv[category!] ??= {})[nominee!] = Number(votes);
    expect(fromCsv).toEqual(nine);
    // How the ballots came in (issue #52): nine phones, one ballot each; the late vote's refusal, as its phone reported it.
    expect(integrity).toMatchObject({ 'who may vote': 'open', 'ballots counted': '9', devices: '9', 'most ballots from one device': '1', 'refused: window': '1' });

    // Present mode on the projector: each category, then its winner on a key press.
    await org.setViewportSize({ width: 1920, height: 1080 });
    await card.getByRole('link', { name: 'Present' }).click();
    const stage = org.getByTestId('present');
    await stage.locator('.show-category').waitFor();
    expect(await stage.locator('.show-category').innerText()).toBe('Designer of the Night');
    expect(await stage.locator('.show-name').count()).toBe(0); // not revealed before the key press
    const bodyPx = await stage.locator('.show-nominees li').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(bodyPx).toBeGreaterThanOrEqual(48);
    await app.screenshot('present-designer-before', org);
    await org.keyboard.press('Space');
    await expect.poll(() => stage.locator('.show-name').innerText()).toBe('Ada Quill');
    expect(await stage.locator('.show-label').innerText()).toBe('Winner');
    await org.waitForTimeout(1_000); // the reveal's animation (motion allowed in this context)
    await app.screenshot('present-designer-winner', org);
    await org.keyboard.press('Space');
    await expect.poll(() => stage.locator('.show-category').innerText()).toBe('Look of the Night');
    await org.mouse.click(960, 700); // a tap anywhere reveals too
    await expect.poll(() => stage.locator('.show-label').innerText()).toBe('A tie!');
    expect(await stage.locator('.show-name bdi').allInnerTexts()).toEqual(['Dune Silk', 'Ember Coat']);
    await org.waitForTimeout(1_000);
    await app.screenshot('present-look-tie', org);
    expect(formatViolations(await axe(org))).toBe('');
    expect(errors).toEqual([]);
  }, 300_000);

  it('an organiser signing in on a phone keeps its queued attendee vote, sent as that same attendee', async ({ app, context, page }) => {
    const poll = `night-phone-${run}`;
    // A phone shared at a table (two ballots a phone, issue #52): the attendee on it casts two.
    await adminWriteMany([{ path: `polls/${poll}`, data: { id: poll, title: 'Phone night', order: 1, questions: [DESIGNER, LOOK], deviceLimit: 2 } }]);
    const ballot = new BallotPage(page);
    await ballot.open(poll);
    await castBallot(page, 'first@example.com', ['Ada Quill', 'Dune Silk']);
    await expect.poll(() => ballot.status().getAttribute('data-state'), { timeout: 20_000 }).toBe('sent');
    const attendee = await signedInUser(page);
    expect(attendee).not.toBeNull();

    // The next vote cannot reach the server (every commit fails, the page's and the service worker's alike) …
    const commit = /\/documents:commit(\?|$)/;
    await context.route(commit, (r) => r.abort('internetdisconnected'));
    await ballot.open(poll);
    await castBallot(page, 'second@example.com', ['Bo Marsh', 'Ember Coat']);
    // … while an organiser signs in on the same phone.
    const org = await context.newPage();
    await app.goto('/organiser', org);
    await signIn(org, ORGANISER.email, ORGANISER.password);
    await org.getByTestId(`org-poll-${poll}`).waitFor();
    expect((await signedInUser(org, 'organiser'))?.uid).not.toBe(attendee!.uid);
    expect((await signedInUser(page))?.uid).toBe(attendee!.uid); // the attendee is still who it was
    expect((await outboxRows(page)).map((r) => r.state)).not.toContain('failed'); // still waiting, not given up

    await context.unroute(commit);
    await page.reload(); // the visitor opens the app again
    await until(async () => (await outboxRows(page)).length === 0, 60_000, 'the queued vote sent');
    const stored = (await adminList('poll-responses')).filter((id) => id.startsWith(`${poll}_`));
    expect(stored).toHaveLength(2);
    // Sent as the attendee: its author is the hash of the attendee's uid (firestore.rules authorOf), not the organiser's.
    const author = createHash('sha256').update(`${attendee!.uid}/${poll}`).digest('base64');
    for (const id of stored) {
      const d = (await adminGet(`poll-responses/${id}`)) as { fields: { author: { bytesValue: string } } };
      expect(d.fields.author.bytesValue).toBe(author);
    }
    await org.reload();
    await org.getByText(`Signed in as ${ORGANISER.email}`).waitFor(); // and the organiser is still signed in
  }, 180_000);
});
