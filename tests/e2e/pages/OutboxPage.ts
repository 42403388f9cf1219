// Page object for /outbox ("Waiting to send"): the rows the device still holds, each with what it is and its
// state, and the receipts of what the server received. Found by role and name, not by the rows' CSS classes.
// (The rows as stored in IndexedDB, without the screen: ./outbox.ts.)
import type { Locator } from 'playwright-core';
import { ScreenPage } from './ScreenPage';

export class OutboxPage extends ScreenPage {
  async open(): Promise<void> {
    await this.visit('/outbox');
  }

  /** The screen's summary line when nothing is left on the device. */
  allSent(): Locator {
    return this.page.getByText(this.t('outbox.allSent'), { exact: true });
  }

  /** The rows waiting to send (or not accepted); with `text`, those that hold it. */
  items(text?: string | RegExp): Locator {
    const items = this.page.getByRole('list', { name: this.t('outbox.list') }).getByRole('listitem');
    return text === undefined ? items : items.filter({ hasText: text });
  }

  /** What a row is, in words ("Your vote in “…”"): the row's first, bold line. */
  what(item: Locator): Locator {
    return item.getByRole('strong').first();
  }

  /** A row's state as its label shows it (Waiting, Sending, Not accepted). */
  stateLabel(item: Locator): Locator {
    return item.getByText(new RegExp(`^(${['waiting', 'sending', 'failed'].map((s) => this.t(`outbox.state.${s}`)).join('|')})$`));
  }

  sendNow(): Locator {
    return this.page.getByRole('button', { name: this.t('outbox.sendNow') });
  }

  /** "Recently sent": the receipts of what the server received. */
  receipts(): Locator {
    return this.page.getByRole('region', { name: this.t('outbox.recent') }).getByRole('listitem');
  }
}
