// Content in three languages (issue #57), in the production build on the seeded demo data: a phone in Spanish and
// one in Arabic read the event's own words, an honoree's story, an award ballot and the President's profile in
// their language — not the English with a "Texto en inglés" note — and where a text has no translation (a poll the
// organisers wrote in English only) it is the English, marked lang="en", lined up with the page. Expected texts come
// from the demo data and the translation files themselves, so a better translation can change without this file.
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../scripts/seed.mjs';
import { adminClear, adminWriteMany } from '../integration/env';
import { describe, expect, test as it } from './fixtures';
import { axe, formatViolations } from './harness';
import { BallotPage } from './pages/BallotPage';
import { msg, type Locale } from './pages/messages';
import esEvent from '../../src/features/awards/localContent/es.json';
import arEvent from '../../src/features/awards/localContent/ar.json';
import esExecutive from '../../src/data/packs/i18n/es/executive.json';
import arExecutive from '../../src/data/packs/i18n/ar/executive.json';
import esGovernors from '../../src/data/packs/i18n/es/governors.json';
import arGovernors from '../../src/data/packs/i18n/ar/governors.json';
import orgInfo from '../../scripts/demo-data/org-info.json';
import polls from '../../scripts/demo-data/polls.json';

const PROJECT = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const FASHION = 'dfca-2025-fashion';
const ENGLISH_ONLY = `english-only-${Date.now().toString(36)}`;

beforeAll(async () => {
  await adminClear();
  await seed({ firestoreHost: FIRESTORE_HOST, projectId: PROJECT });
  // A ballot the organisers wrote in English only (no i18n): what a Spanish or Arabic voter reads then.
  await adminWriteMany([{ path: `polls/${ENGLISH_ONLY}`, data: { id: ENGLISH_ONLY, title: 'Best Look of the Night', order: 5, questions: [{ id: 'look', question: 'Look of the Night', options: ['Ada', 'Bo'] }] } }]);
});

const EVENT = { es: esEvent, ar: arEvent } as const;
const EXECUTIVE = { es: esExecutive, ar: arExecutive } as const;
const GOVERNORS = { es: esGovernors, ar: arGovernors } as const;
const HONOREE = orgInfo['org-info/detroitchoiceawards'].stories[0]!;
const FASHION_TEXTS = polls['polls/dfca-2025-fashion'].i18n;

async function expectAxeClean(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** The text of the first element matching `selector` in the app's screen, and its lang attribute (null: the page's). */
const read = (page: Page, selector: string) =>
  page.locator(`#root main ${selector}`).first().evaluate((el) => ({ text: el.textContent?.trim() ?? '', lang: el.closest('[lang]:not(html)')?.getAttribute('lang') ?? null }));

/** The language an exact text on screen is marked with (null: the page's own), or undefined while it is not there. */
const langOf = async (page: Page, text: string) => {
  const el = page.locator('#root main').getByText(text, { exact: true });
  if ((await el.count()) === 0) return undefined;
  return el.first().evaluate((e) => e.closest('[lang]:not(html)')?.getAttribute('lang') ?? null);
};

/** No "Texto en inglés" / "Biografía en inglés" note anywhere on the screen. */
async function noEnglishNotes(page: Page, locale: Locale): Promise<void> {
  for (const id of ['awards.note.text', 'awards.note.bio', 'civic.en.bio'] as const) {
    expect(await page.locator('#root main').getByText(msg(locale, id), { exact: true }).count(), id).toBe(0);
  }
}

function inLanguage(locale: 'es' | 'ar', phoneLocale: string): void {
  describe(`a phone in ${locale === 'es' ? 'Spanish' : 'Arabic'}`, () => {
    it.override({ phone: { locale: phoneLocale } });

    it('reads Event Details, an honoree, an award ballot and the President in its language; English only where nothing was translated', async ({ app, page }) => {
      const event = EVENT[locale];
      // Event Details (the fashion category): the mission, the vision and the founder in this language.
      await app.goto('/?category=fashion');
      await page.locator('#root main h1.event-title').waitFor();
      await expect.poll(() => langOf(page, event.mission), { timeout: 15_000 }).toBeNull();
      expect(await langOf(page, event.vision)).toBeNull();
      expect(await read(page, '.founder-summary')).toEqual({ text: event.people['Celeste Amari-Vaughn'].summary, lang: null });
      await noEnglishNotes(page, locale);
      await app.screenshot(`content-${locale}-event`);
      await expectAxeClean(page);

      // An honoree: the story and what they are honoured for, in this language.
      await app.goto(`/one-icon?id=${encodeURIComponent(HONOREE.id)}`);
      const story = HONOREE.i18n[locale];
      await expect.poll(() => read(page, '.icon-bio'), { timeout: 15_000 }).toEqual({ text: story.bio, lang: null });
      expect((await read(page, '[data-testid="icon-award"]')).text).toContain(story.award);
      await noEnglishNotes(page, locale);
      await app.screenshot(`content-${locale}-honoree`);
      await expectAxeClean(page);

      // The award ballot: its title and categories as the organisers wrote them in this language; nominees as named.
      const ballot = new BallotPage(page, locale);
      await ballot.open(FASHION);
      await ballot.emailDialog().waitFor();
      await ballot.enterEmail(`content-${locale}-${Date.now().toString(36)}@example.com`);
      const [title, ...categories] = FASHION_TEXTS[locale].split('\n');
      await expect.poll(() => read(page, 'h1.poll-title'), { timeout: 15_000 }).toEqual({ text: title, lang: null });
      expect(await read(page, 'legend.poll-question-text')).toEqual({ text: categories[0], lang: null });
      expect(await ballot.optionNames()).toEqual(expect.arrayContaining(['Marisol Fenwick']));
      await app.screenshot(`content-${locale}-ballot`);
      await expectAxeClean(page);

      // The ballot written in English only: its English, marked lang="en", at the start of the line as the page reads.
      await ballot.open(ENGLISH_ONLY);
      await ballot.emailDialog().waitFor();
      await ballot.enterEmail(`content-en-${locale}-${Date.now().toString(36)}@example.com`);
      await expect.poll(() => read(page, 'h1.poll-title'), { timeout: 15_000 }).toEqual({ text: 'Best Look of the Night', lang: 'en' });
      expect(await read(page, 'legend.poll-question-text')).toEqual({ text: 'Look of the Night', lang: 'en' });
      const edges = await page.locator('#root main h1.poll-title').evaluate((h) => {
        const range = document.createRange();
        range.selectNodeContents(h);
        const text = range.getBoundingClientRect();
        const box = h.getBoundingClientRect();
        return { startGap: document.dir === 'rtl' ? box.right - text.right : text.left - box.left, endGap: document.dir === 'rtl' ? text.left - box.left : box.right - text.right };
      });
      // At the start of the line (the right in Arabic), not the far side.
      expect(edges.startGap).toBeLessThan(2);
      expect(edges.endGap).toBeGreaterThan(20);
      await app.screenshot(`content-${locale}-ballot-english`);

      // The President's profile: the biography and its sections; the quotation stays in his own words.
      await app.goto('/profile?q=President%20profile');
      const president = EXECUTIVE[locale].entries.president;
      await expect.poll(() => read(page, '.civic-profile-bio'), { timeout: 15_000 }).toEqual({ text: president.lgd1, lang: null });
      expect(await read(page, '.civic-profile-section h3')).toEqual({ text: president.lgd2h, lang: null });
      expect(await read(page, '.civic-quote blockquote')).toMatchObject({ lang: 'en' });
      expect((await read(page, '.civic-quote figcaption')).text).toContain(president.endDesc);
      await noEnglishNotes(page, locale);
      await app.screenshot(`content-${locale}-president`);
      await expectAxeClean(page);

      // A governor too (the governors' pack has its own file).
      await app.goto(`/onegovernor?q=${encodeURIComponent('Gretchen Whitmer')}`);
      await expect.poll(() => read(page, '.civic-about'), { timeout: 15_000 }).toEqual({ text: GOVERNORS[locale].entries.michigan.about, lang: null });
      await app.screenshot(`content-${locale}-governor`);
    });
  });
}

describe('content in three languages (issue #57)', () => {
  inLanguage('es', 'es-MX');
  inLanguage('ar', 'ar');
});
