// What a newcomer trips over (issue #35), in English, Spanish and Arabic on a 390 × 844 phone, in the production
// build: layout assertions (bounding boxes, no overlap, no wrapped or cut label, the dimmed layer covering the
// screen) where the issue saw things go wrong, plus a check of each other fix, and a screenshot of every screen
// the fixes touched in all three languages (test-results/newcomer-*.png). Expected texts come from the catalogs.
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import demoPolls from '../../scripts/demo-data/polls.json';
import { adminClear } from '../integration/env';
import { PHONE } from './harness';
import { describe, expect, test as it, type App, type Phone } from './fixtures';
import { BallotPage } from './pages/BallotPage';
import { countRows } from './pages/idb';
import { CATEGORIES, LandingPage } from './pages/LandingPage';
import { msg, type Locale } from './pages/messages';
import { OutboxPage } from './pages/OutboxPage';
import { VotePage } from './pages/VotePage';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
/** The fashion ballot's title (scripts/demo-data/polls.json) as its card on /vote names it in each language (issue #57). */
const FASHION = demoPolls['polls/dfca-2025-fashion'];
const fashionTitle = (locale: string): string => (locale === 'es' || locale === 'ar' ? FASHION.i18n[locale].split('\n')[0]! : FASHION.title);
const run = Date.now().toString(36);

const LOCALES: readonly Locale[] = ['en', 'es', 'ar'];
const BROWSER_LANGUAGE: Record<Locale, string> = { en: 'en-US', es: 'es-ES', ar: 'ar' };

/** Text without the Unicode isolates the app puts around names and titles in Spanish and Arabic. */
const plain = (s: string): string => s.replace(/[\u2066-\u2069]/g, '');

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** A phone whose browser speaks `locale` (closed after the test by the fixtures). */
function phone(app: App, locale: Locale, reducedMotion: 'reduce' | 'no-preference' = 'reduce'): Promise<Phone> {
  return app.phone({ locale: BROWSER_LANGUAGE[locale], reducedMotion });
}

/** The bottom bar's link to a tab, by its label. */
const navLink = (page: Page, locale: Locale, tab: string) => page.getByRole('navigation', { name: msg(locale, 'app.nav.label') }).getByRole('link', { name: msg(locale, `app.nav.${tab}`), exact: true });

beforeAll(async () => {
  await adminClear();
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
});

/** Once the page transition (and anything else animating) has ended. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5_000 });

/** The bottom bar's labels: each on one line, whole (not cut), the icons in one row; the link named by its label. */
async function expectNavLabelsOnOneLine(page: Page, locale: Locale): Promise<void> {
  const items = await page.locator('.bottom-nav .nav-link').evaluateAll((links) =>
    links.map((link) => {
      const label = link.querySelector('span')!;
      const icon = link.querySelector('svg')!.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
      return { text: label.textContent, height: label.getBoundingClientRect().height, lineHeight, cut: label.scrollWidth > label.clientWidth + 1, iconTop: icon.top };
    }),
  );
  expect(items.map((i) => i.text)).toEqual(['home', 'honorees', 'chat', 'location', 'profile'].map((k) => msg(locale, `app.nav.${k}`)));
  for (const i of items) {
    expect(i.height, `"${i.text}" wraps`).toBeLessThan(i.lineHeight * 1.5);
    expect(i.cut, `"${i.text}" is cut`).toBe(false);
    expect(Math.abs(i.iconTop - items[0]!.iconTop), `the icon above "${i.text}" is out of line`).toBeLessThan(1);
  }
  await page.getByRole('navigation').getByRole('link', { name: msg(locale, 'app.nav.profile'), exact: true }).waitFor();
}

describe('what a newcomer trips over (issue #35)', () => {
  for (const locale of LOCALES) {
    it(`${locale} — landing: the last-viewed tag never covers a category's name; names and banner words are text in the language; the bottom bar's labels stay on one line`, async ({ app }) => {
      const { page } = await phone(app, locale);
      const landing = new LandingPage(page, locale);
      // Beauty viewed last: its card carries both tags ("last viewed" and "coming soon"), the crowded case.
      await landing.open('?category=beauty');
      await page.getByRole('heading', { level: 1, name: msg(locale, 'awards.category.beauty') }).waitFor();
      await landing.open();
      await landing.categoriesHeading().waitFor();
      const menu = landing.categoryCards();
      await menu.first().scrollIntoViewIfNeeded();
      // Each card, in the menu's order: its name (as written on it), the boxes of the name, the card and its tags.
      expect(await menu.count()).toBe(CATEGORIES.length);
      const cards = [];
      for (const [i, category] of CATEGORIES.entries()) {
        const card = menu.nth(i);
        const name = landing.categoryName(card, category);
        const tags = landing.categoryTags(card);
        cards.push({
          name: (await name.count()) === 1 ? await name.textContent() : null,
          nameBox: (await name.boundingBox())!,
          nameCut: await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1),
          card: (await card.boundingBox())!,
          tags: await Promise.all((await tags.all()).map(async (t) => ({ text: await t.textContent(), box: (await t.boundingBox())! }))),
          alt: await card.locator('img').getAttribute('alt'),
        });
      }
      expect(cards.map((c) => c.name)).toEqual(CATEGORIES.map((c) => msg(locale, `awards.category.${c}`)));
      const beauty = cards[1]!;
      expect(beauty.tags.map((t) => t.text)).toEqual([msg(locale, 'awards.landing.last'), msg(locale, 'awards.soon')]);
      for (const card of cards) {
        expect(card.alt, 'the picture is decoration: its name is the text on it').toBe('');
        expect(card.nameCut, `"${card.name}" is cut`).toBe(false);
        expect(card.nameBox.x).toBeGreaterThanOrEqual(card.card.x - 0.5);
        expect(card.nameBox.x + card.nameBox.width).toBeLessThanOrEqual(card.card.x + card.card.width + 0.5);
        for (const tag of card.tags) {
          expect(overlaps(tag.box, card.nameBox), `"${tag.text}" covers "${card.name}"`).toBe(false);
          expect(tag.box.x + tag.box.width).toBeLessThanOrEqual(card.card.x + card.card.width + 0.5);
        }
        if (card.tags.length === 2) expect(overlaps(card.tags[0]!.box, card.tags[1]!.box), 'the two tags overlap').toBe(false);
      }
      // The card is named by its category and says it was viewed last (the tags are part of its name).
      await landing.lastViewed('beauty').waitFor();

      // The first banner's words are text: the date in the visitor's language, the event's name as it is.
      await landing.slideWords(1, msg(locale, 'common.event.date')).waitFor({ state: 'attached' });
      await landing.slideWords(1, 'Fashion Choice Awards').waitFor({ state: 'attached' });
      expect(await landing.slideImage(1).getAttribute('alt')).toBe(msg(locale, 'awards.banner.event', { date: msg(locale, 'common.event.date') }));

      await expectNavLabelsOnOneLine(page, locale);
      await app.screenshot(`newcomer-landing-categories-${locale}`, page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await app.screenshot(`newcomer-landing-${locale}`, page);
      for (const n of [2, 3, 4]) {
        await landing.dots().nth(n - 1).click();
        await expect.poll(() => landing.slide(n).getAttribute('aria-hidden')).toBe('false');
        await landing.carousel().screenshot({ path: `test-results/newcomer-banner-${n}-${locale}.png` });
      }
      // Voting is the second banner, and its "Vote now" pill sits in the words' column, over neither the words nor
      // the ballot box drawn on the right (issue #57).
      const vote = landing.slide(2);
      const pill = (await vote.locator('.carousel-cta').boundingBox())!;
      const slideBox = (await vote.boundingBox())!;
      expect(await vote.locator('a').getAttribute('href')).toBe('/vote');
      expect(pill.x + pill.width, 'the pill reaches into the picture').toBeLessThanOrEqual(slideBox.x + slideBox.width * 0.58);
      for (const words of await vote.locator('.banner-words > *').all()) {
        expect(overlaps(pill, (await words.boundingBox())!), `the pill covers "${await words.textContent()}"`).toBe(false);
      }
    });

    it(`${locale} — a ballot reached by tapping through the tabs: the dimmed layer covers the whole screen, and Back leaves after the e-mail step`, async ({ app }) => {
      // With motion: the page transition's transform is what used to clip the layer.
      const { page } = await phone(app, locale, 'no-preference');
      const landing = new LandingPage(page, locale);
      await landing.open();
      await landing.categoriesHeading().waitFor();
      await navLink(page, locale, 'honorees').click();
      await page.waitForURL(/\/poll-categories$/);
      await navLink(page, locale, 'home').click();
      await landing.hubLink('polls').click();
      await new VotePage(page, locale).awardCards(fashionTitle(locale)).getByRole('link').first().click();
      const ballot = new BallotPage(page, locale);
      const dialog = ballot.emailDialog();
      await dialog.waitFor();
      await settled(page);

      const layer = await dialog.evaluate((box) => {
        // The dimmed layer is the dialog's backdrop: the element that holds it.
        const backdrop = box.parentElement!;
        const r = backdrop.getBoundingClientRect();
        const under = (x: number, y: number) => backdrop.contains(document.elementFromPoint(x, y));
        const page = document.querySelector('main .page');
        return {
          box: { x: r.x, y: r.y, width: r.width, height: r.height },
          // Where the white band was (below the page's content), and the top corner.
          coversBand: under(195, 700),
          coversTop: under(5, 5),
          // The bottom bar stays above the layer, usable (the way to another tab); the dialog clear of it.
          navOnTop: document.querySelector('.bottom-nav')!.contains(document.elementFromPoint(195, innerHeight - 10)),
          dialogAboveNav: box.getBoundingClientRect().bottom <= document.querySelector('.bottom-nav')!.getBoundingClientRect().top,
          pageTransform: page ? getComputedStyle(page).transform : 'none',
        };
      });
      expect(layer.box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
      expect(layer).toMatchObject({ coversBand: true, coversTop: true, navOnTop: true, dialogAboveNav: true, pageTransform: 'none' });
      await app.screenshot(`newcomer-ballot-dialog-${locale}`, page);

      // The e-mail step done, the visitor changes their mind: a visible Back returns to where they came from.
      await ballot.enterEmail(`newcomer-${locale}-${run}@example.com`);
      await dialog.waitFor({ state: 'detached' });
      const back = page.getByRole('button', { name: msg(locale, 'polls.ballot.back'), exact: true });
      expect(await back.isVisible()).toBe(true);
      await app.screenshot(`newcomer-ballot-${locale}`, page);
      await back.click();
      await page.waitForURL(/\/vote$/);
    });

    it(`${locale} — web viewer: the button keeps the spaces around the host`, async ({ app }) => {
      const { page } = await phone(app, locale);
      await app.goto(`/web?q=${encodeURIComponent('https://www.michigan.gov/sos')}`, page);
      const sentence = page.locator('.civic-web-open a > span').first();
      await sentence.waitFor();
      // innerText is the text as laid out: words glued together on screen are glued here too.
      expect(plain(await sentence.innerText())).toBe(plain(msg(locale, 'civic.web.open', { host: 'www.michigan.gov' })));
      await app.screenshot(`newcomer-web-${locale}`, page);
    });
  }

  it('ar — chevrons: "go" points to the reading end (left), Back to the right; a status tag stays on one line; a sent item leaves a receipt', async ({ app }) => {
    const { context, page } = await phone(app, 'ar');
    page.on('dialog', (d) => void d.accept());
    const landing = new LandingPage(page, 'ar');
    await landing.open();
    await landing.categoriesHeading().waitFor();
    // The hub cards' chevron: drawn pointing right, mirrored in Arabic, and at the card's left end.
    const go = await landing.hubLink('civic').evaluate((card) => {
      const svg = card.querySelector('svg')!;
      return { transform: getComputedStyle(svg).transform, svgX: svg.getBoundingClientRect().x, textX: card.querySelector('strong')!.getBoundingClientRect().x };
    });
    expect(go.transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    expect(go.svgX).toBeLessThan(go.textX);
    await app.goto('/more', page);
    const backIcon = await page.locator('.page-header .icon-btn svg').evaluate((svg) => ({ transform: getComputedStyle(svg).transform, x: svg.getBoundingClientRect().x }));
    expect(backIcon.transform).toBe('matrix(-1, 0, 0, 1, 0, 0)'); // drawn pointing left: mirrored, it points right
    expect(backIcon.x).toBeGreaterThan(PHONE.width / 2);

    // Feedback sent offline waits in the queue with its status tag; back online it goes, and leaves a receipt.
    await app.goto('/feedback', page);
    await app.installed(page);
    const text = `newcomer ${run}`;
    await page.getByLabel(msg('ar', 'account.feedback.label')).fill(text);
    await app.offline(context);
    await page.getByRole('button', { name: msg('ar', 'account.feedback.submit'), exact: true }).click();
    await page.getByTestId('sync-badge').click();
    await page.waitForURL(/\/outbox$/);
    const outbox = new OutboxPage(page, 'ar');
    const pill = outbox.stateLabel(outbox.items());
    await expect.poll(() => pill.textContent()).toBe(msg('ar', 'outbox.state.waiting'));
    const tag = await pill.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight), rects: el.getClientRects().length }));
    expect(tag.rects).toBe(1);
    expect(tag.height).toBeLessThan(tag.lineHeight * 1.6);
    await app.screenshot('newcomer-outbox-waiting-ar', page);

    await app.online(context);
    const receipt = outbox.receipts().first();
    await receipt.waitFor({ timeout: 20_000 });
    // A receipt's two lines: when it went, and what it was.
    const lines = await receipt.locator('span').allInnerTexts();
    expect(lines.map(plain)).toContain(msg('ar', 'account.feedback.queued', { text }));
    expect(lines.filter((l) => new RegExp(`^${msg('ar', 'outbox.sentAt', { time: '' })}\\S`).test(l))).toHaveLength(1);
    await page.getByRole('heading', { name: msg('ar', 'outbox.recent') }).waitFor();
    // The receipt survives a reload (IndexedDB), and the queue itself is empty.
    await page.reload();
    await outbox.receipts().first().waitFor();
    expect(await outbox.items().count()).toBe(0);
    await app.screenshot('newcomer-outbox-receipt-ar', page);
  });

  for (const locale of LOCALES) {
    it(`${locale} — chat keeps the conversation, Select organization answers where it was tapped, Account and Create Poll offer a next step, More files Polls with the awards`, async ({ app }) => {
      const { page } = await phone(app, locale);

      // Chat: ask, leave the tab, come back: the conversation is still there; one link per office.
      await app.goto('/chat', page);
      // The officials' packs are loaded into the device on a first visit; "who is" answers from them.
      await expect.poll(() => countRows(page, 'people'), { timeout: 20_000 }).toBeGreaterThan(50);
      await page.waitForTimeout(500); // the screen's live query of them
      const input = page.getByPlaceholder(msg(locale, 'assistant.ask'));
      await input.fill('Who is the governor of Michigan?');
      await input.press('Enter');
      await page.locator('.assistant-people').waitFor();
      await navLink(page, locale, 'home').click();
      await new LandingPage(page, locale).categoriesHeading().waitFor();
      await navLink(page, locale, 'chat').click();
      await page.locator('.assistant-you').filter({ hasText: 'Who is the governor of Michigan?' }).waitFor();
      const links = await page.locator('.assistant-people .assistant-links a').allInnerTexts();
      expect(links.length).toBeGreaterThan(0);
      expect(new Set(links).size, `repeated links: ${links.join(' | ')}`).toBe(links.length);
      await app.screenshot(`newcomer-chat-${locale}`, page);
      await page.getByRole('button', { name: msg(locale, 'assistant.clear') }).click();
      expect(await page.locator('.assistant-exchange').count()).toBe(0);

      // Profile → Select organization: the note shows right under the row, on screen (above the bottom bar).
      await app.goto('/my-profile', page);
      await page.getByRole('button', { name: msg(locale, 'account.settings.selectOrg') }).click();
      const note = page.locator('.bridge-note');
      await expect.poll(() => note.textContent()).toBe(msg(locale, 'account.settings.bridgeBrowser'));
      const [noteBox, navBox] = await Promise.all([note.boundingBox(), page.locator('.bottom-nav').boundingBox()]);
      expect(noteBox!.y).toBeGreaterThanOrEqual(0);
      expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(navBox!.y);
      await app.screenshot(`newcomer-profile-${locale}`, page);

      // Account of a brand-new visitor: what an account is for here, and where to go next.
      await app.goto(`/account?uid=newcomer-${locale}-${run}`, page);
      await page.getByRole('heading', { name: msg(locale, 'account.details.noneTitle') }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('list', { name: msg(locale, 'account.details.next') }).getByRole('link').count()).toBe(3);
      await app.screenshot(`newcomer-account-${locale}`, page);

      // Create Poll with no name to post under: a plain fact, before the form.
      await app.goto(`/create-poll?uid=newcomer-${locale}-${run}`, page);
      const fact = page.getByText(msg(locale, 'polls.create.anonymous'), { exact: true });
      await fact.waitFor({ timeout: 15_000 });
      const [factBox, titleBox] = await Promise.all([fact.boundingBox(), page.getByLabel(msg(locale, 'polls.create.pollTitle')).boundingBox()]);
      expect(factBox!.y).toBeLessThan(titleBox!.y);
      await app.screenshot(`newcomer-create-poll-${locale}`, page);

      // The queue screen after something was sent online: empty, with its receipt.
      await app.goto('/feedback', page);
      const text = `receipt ${locale} ${run}`;
      await page.getByLabel(msg(locale, 'account.feedback.label')).fill(text);
      // "Thanks for your feedback!" is an alert: answered before the next navigation.
      const thanked = page.waitForEvent('dialog').then((d) => d.accept());
      await page.getByRole('button', { name: msg(locale, 'account.feedback.submit'), exact: true }).click();
      await thanked;
      const outbox = new OutboxPage(page, locale);
      await outbox.open();
      await outbox.receipts().filter({ hasText: text }).waitFor({ timeout: 20_000 });
      expect(await outbox.items().count()).toBe(0);
      await app.screenshot(`newcomer-outbox-sent-${locale}`, page);

      // More: Polls are filed with the awards, not under civic information.
      await app.goto('/more', page);
      const group = (id: string) => page.locator('section[aria-labelledby^="more-group"]').filter({ has: page.getByRole('heading', { name: msg(locale, id), exact: true }) });
      const awards = group('account.more.awards');
      await awards.waitFor();
      expect(await awards.locator('a[href="/vote"]').count()).toBe(1);
      const civic = group('account.more.civic');
      await civic.waitFor();
      expect(await civic.locator('a[href="/vote"]').count()).toBe(0);
      await app.screenshot(`newcomer-more-${locale}`, page);
    });
  }
});
