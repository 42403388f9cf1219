// Page object for /vote: the award ballots (one card each) above the community polls, which have two tabs (All
// Polls, My Polls). Found by role, heading and text in the visitor's language, not by the cards' CSS classes.
import type { Locator } from 'playwright-core';
import { ScreenPage } from './ScreenPage';

export class VotePage extends ScreenPage {
  /** Opens /vote; `query` as in `?uid=demo-visitor`. */
  async open(query = ''): Promise<void> {
    await this.visit(`/vote${query}`);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: this.t('polls.list.title'), level: 1 });
  }

  /** The award ballots' section (its heading is the awards' name, in English in every language). */
  awards(): Locator {
    return this.page.getByRole('region', { name: 'Detroit Fashion Choice Awards' });
  }

  /** The award ballots' cards; with `title`, the one whose heading holds it. */
  awardCards(title?: string | RegExp): Locator {
    const cards = this.awards().getByRole('listitem');
    return title === undefined ? cards : cards.filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  tab(which: 'all' | 'mine'): Locator {
    return this.page.getByRole('tab', { name: this.t(which === 'all' ? 'polls.list.all' : 'polls.list.mine') });
  }

  /** The community polls' panel of the chosen tab. */
  panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** The community polls' cards in the panel; with `text`, those that hold it (a title, "4 people voted"…). */
  cards(text?: string | RegExp): Locator {
    const cards = this.panel().getByRole('listitem');
    return text === undefined ? cards : cards.filter({ hasText: text });
  }

  /** The panel's note when the list could not be refreshed from the server. */
  offlineNote(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('polls.list.offline').split(' — ')[0]! });
  }
}
