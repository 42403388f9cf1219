// /vote in one copy of the page. A prerendered /vote holds its static copy in #prerender (filled by the preview
// script before the app runs) until React's copy in #root replaces it; for that moment both are in the page, and
// VotePage, which looks in the whole page, would find the cards twice. Same roles and names as VotePage, looked
// for in one copy only (as BallotPage.beforeApp / inApp do for the ballot).
import type { Locator, Page } from 'playwright-core';
import type { Locale } from './messages';
import { VotePage } from './VotePage';

export class VoteCopy extends VotePage {
  constructor(
    page: Page,
    /** The copy looked in: #prerender or #root. */
    readonly root: Locator,
    locale: Locale = 'en',
  ) {
    super(page, locale);
  }

  /** The static copy, before the app's scripts have replaced it. */
  static beforeApp(page: Page, locale: Locale = 'en'): VoteCopy {
    return new VoteCopy(page, page.locator('#prerender'), locale);
  }

  /** React's copy. */
  static inApp(page: Page, locale: Locale = 'en'): VoteCopy {
    return new VoteCopy(page, page.locator('#root'), locale);
  }

  override awards(): Locator {
    return this.root.getByRole('region', { name: 'Detroit Fashion Choice Awards' });
  }

  override panel(): Locator {
    return this.root.getByRole('tabpanel');
  }
}
