// Page object for the landing (/ and /home): the language links, the banner carousel, the category cards, the
// "Around town" links, and a category opened from it (/?category=fashion: Event Details). Found by role, label
// and text in the visitor's language (the app's catalogs), never by the landing's CSS classes.
import type { Locator } from 'playwright-core';
import { pattern } from './messages';
import { ScreenPage } from './ScreenPage';

/** The award categories in the menu's order (src/features/awards/categories.ts). */
export const CATEGORIES = ['fashion', 'beauty', 'motherland', 'polo'] as const;
export type Category = (typeof CATEGORIES)[number];

const escape = (s: string): string => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

export class LandingPage extends ScreenPage {
  /** Opens the landing; `query` as in `?category=fashion`. */
  async open(query = ''): Promise<void> {
    await this.visit(`/${query}`);
  }

  /** The event's name, the screen's heading (also Event Details'). */
  heading(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /** The language links above the heading, each named in its own language. */
  languages(): Locator {
    return this.page.getByRole('group', { name: this.t('ui.language.label') }).getByRole('link');
  }

  // The carousel (WAI-ARIA carousel pattern).

  carousel(): Locator {
    return this.page.getByRole('region', { name: this.t('awards.landing.highlights') });
  }

  /** The banners ("1 of 4" …), hidden ones included (a slide not showing is aria-hidden). */
  slides(): Locator {
    return this.carousel().getByRole('group', { name: pattern(this.t('awards.carousel.slide')), includeHidden: true });
  }

  /** Banner `n` (from 1). */
  slide(n: number): Locator {
    return this.slides().nth(n - 1);
  }

  /** A banner's picture (its alt text says what the banner says). */
  slideImage(n: number): Locator {
    return this.slide(n).getByRole('img', { includeHidden: true });
  }

  /** The words laid over banner `n` as text (hidden from assistive technology: the picture's alt says them). */
  slideWords(n: number, text: string): Locator {
    return this.slide(n).getByText(text, { exact: true });
  }

  /** The carousel's live region, which speaks only while the visitor drives it (aria-live off while rotating). */
  viewport(): Locator {
    return this.carousel().locator('[aria-live]');
  }

  /** The "Choose a slide" buttons, one per banner, in order. */
  dots(): Locator {
    return this.carousel().getByRole('group', { name: this.t('awards.carousel.choose') }).getByRole('button');
  }

  /** The button of the banner on show. */
  currentDot(): Locator {
    return this.dots().and(this.page.locator('[aria-current="true"]'));
  }

  /** Which banner is on show, as its button names it ("Slide 2: …"). */
  current(): Promise<string | null> {
    return this.currentDot().getAttribute('aria-label');
  }

  /** Start/stop, previous, next. */
  control(which: 'play' | 'stop' | 'prev' | 'next'): Locator {
    return this.carousel().getByRole('button', { name: this.t(`awards.carousel.${which}`), exact: true });
  }

  // The category menu.

  categoriesHeading(): Locator {
    return this.page.getByRole('heading', { name: this.t('awards.landing.choose') });
  }

  /** The category cards (links), in the menu's order. */
  categoryCards(): Locator {
    return this.page.getByRole('list', { name: this.t('awards.landing.choose') }).getByRole('link');
  }

  /** A category's card: a link named by its category (then its tags). */
  categoryCard(category: Category): Locator {
    return this.categoryCards().filter({ has: this.page.getByText(this.t(`awards.category.${category}`), { exact: true }) });
  }

  /** The category's name as written on a card. */
  categoryName(card: Locator, category: Category): Locator {
    return card.getByText(this.t(`awards.category.${category}`), { exact: true });
  }

  /** A card's tags ("Last viewed", "Coming soon") in the order shown. */
  categoryTags(card: Locator): Locator {
    return card.getByText(new RegExp(`^(${[this.t('awards.landing.last'), this.t('awards.soon')].map(escape).join('|')})$`));
  }

  /** The card of the category viewed last: its name ends with "Last viewed". */
  lastViewed(category: Category): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${escape(this.t(`awards.category.${category}`))}.*${escape(this.t('awards.landing.last'))}`) });
  }

  /** An "Around town" link: the civic hub, the polls list or More (named by its title and line). */
  hubLink(which: 'civic' | 'polls' | 'more'): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${escape(this.t(`awards.hub.${which}`))}`) });
  }
}
