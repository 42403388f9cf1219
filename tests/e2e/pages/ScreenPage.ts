// What every page object of a screen shares: the page, the visitor's language, and the app's words in it
// (found by what a visitor reads, in that language: ./messages.ts). Each screen's own object adds its locators.
import type { Page, Response } from 'playwright-core';
import { BASE_URL } from '../harness';
import { msg, type Locale } from './messages';

export abstract class ScreenPage {
  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  /** A message of the app's catalogs in this page object's language. */
  protected t(id: string, values?: Record<string, string | number>): string {
    return msg(this.locale, id, values);
  }

  /** Opens an address of the app under test (the lane's base URL). */
  protected visit(pathAndQuery: string): Promise<Response | null> {
    return this.page.goto(`${BASE_URL}${pathAndQuery}`);
  }
}
