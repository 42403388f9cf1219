// Page object for the award ballot (/poll?id=…): what a voter sees and does, found by role, label and text in the
// visitor's language (the app's catalogs), never by the ballot's CSS classes.
import type { Locator, Page } from 'playwright-core';
import { pattern, type Locale } from './messages';
import { ScreenPage } from './ScreenPage';

export class BallotPage extends ScreenPage {
  /** The browser dialogs (window.alert) the ballot showed, accepted as a visitor would. */
  readonly alerts: string[] = [];
  /** Where the ballot is looked for: the whole page, or one copy of it (`BallotPage.beforeApp`). */
  readonly root: Locator;

  constructor(page: Page, locale: Locale = 'en', root?: Locator) {
    super(page, locale);
    this.root = root ?? page.locator(':root');
    page.on('dialog', (d) => {
      this.alerts.push(d.message());
      // Another page object of the same page may have accepted it already.
      d.accept().catch(() => undefined);
    });
  }

  /**
   * The ballot of the prerendered page before the app's scripts have replaced it: the static copy stays in
   * #prerender until React's copy is live (src/app/prerender.ts), and for that moment both are in the page.
   */
  static beforeApp(page: Page, locale: Locale = 'en'): BallotPage {
    return new BallotPage(page, locale, page.locator('#prerender'));
  }

  /** The app's ballot, once React has replaced the static copy (#root). */
  static inApp(page: Page, locale: Locale = 'en'): BallotPage {
    return new BallotPage(page, locale, page.locator('#root'));
  }

  async open(pollId: string): Promise<void> {
    await this.visit(`/poll?id=${encodeURIComponent(pollId)}`);
  }

  /** The poll's title, the screen's heading. */
  title(): Locator {
    return this.root.getByRole('heading', { level: 1 });
  }

  emailDialog(): Locator {
    return this.root.getByRole('dialog', { name: this.t('polls.ballot.emailTitle') });
  }

  emailField(): Locator {
    return this.emailDialog().getByLabel(this.t('polls.ballot.emailLabel'));
  }

  async enterEmail(email: string): Promise<void> {
    await this.emailField().fill(email);
    await this.emailDialog().getByRole('button', { name: this.t('polls.ballot.submit'), exact: true }).click();
  }

  /** A ballot this device voted in (issue #54): one card per vote cast here, with its e-mail, choices and status. */
  yourVotes(): Locator {
    return this.root.getByTestId('your-vote');
  }

  /** The last step's review: each category's choice with its "Change" button. */
  review(): Locator {
    return this.root.getByRole('region', { name: this.t('polls.review.heading') });
  }

  /** The "Category n of m" line; with `n`, that step's line only (it appears once the ballot is on that step). */
  stepLine(n?: number, m?: number): Locator {
    const text = n === undefined || m === undefined ? pattern(this.t('polls.ballot.step')) : this.t('polls.ballot.step', { n, m });
    return this.root.getByText(text, { exact: true });
  }

  /** Which category is on screen, read from the visible "Category n of m" line. */
  async step(): Promise<{ n: number; m: number }> {
    const text = await this.stepLine().innerText();
    const [n, m] = (text.match(/[\d٠-٩]+/g) ?? []).map((d) => Number(d.replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x660))));
    return { n: n ?? NaN, m: m ?? NaN };
  }

  /** The current category's choices (radio buttons named by their nominee), in the order shown. */
  options(): Locator {
    return this.root.getByRole('radio');
  }

  /** The nominees of the current category as shown, in order. */
  async optionNames(): Promise<string[]> {
    return Promise.all((await this.options().all()).map((o) => o.inputValue()));
  }

  /** The choice named `name` in the current category. */
  option(name: string): Locator {
    return this.root.getByRole('radio', { name, exact: true });
  }

  /** A community poll's "Question n of m" line (issue #54); a poll of one question has none. */
  questionLine(n?: number, m?: number): Locator {
    const text = n === undefined || m === undefined ? pattern(this.t('polls.ballot.question')) : this.t('polls.ballot.question', { n, m });
    return this.root.getByText(text, { exact: true });
  }

  /** Answers every question of a community poll with the option at `pick`, waiting for each auto-advance. */
  async answerCommunity(pick = 0): Promise<string[]> {
    await this.options().first().waitFor();
    const line = this.questionLine();
    const m = (await line.count()) === 0 ? 1 : Number((await line.innerText()).match(/[\d٠-٩]+/g)?.[1]?.replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x660)) ?? NaN);
    const chosen: string[] = [];
    for (let i = 1; i <= m; i++) {
      if (m > 1) await this.questionLine(i, m).waitFor();
      chosen.push(await this.choose(pick));
    }
    return chosen;
  }

  /** After answering a community poll: its "Thanks for answering!" (in place of the award ballot's dialog). */
  answeredHeading(): Locator {
    return this.root.getByRole('heading', { name: this.t('polls.answer.title') });
  }

  /** The results section of an answered community poll. */
  results(): Locator {
    return this.root.getByRole('region', { name: this.t('polls.results.heading') });
  }

  /** The choice made in the current category. */
  chosen(): Locator {
    return this.root.getByRole('radio', { checked: true });
  }

  /** Chooses the option at `index` of the shown order; returns its name. The ballot moves on by itself. */
  async choose(index = 0): Promise<string> {
    const option = this.options().nth(index);
    const name = await option.inputValue();
    await option.click();
    return name;
  }

  /** Answers every category by choosing the option at `pick` (index in the shuffled order) and waits for auto-advance. */
  async answerAll(pick = 0): Promise<string[]> {
    const chosen: string[] = [];
    const { m } = await this.step();
    for (let i = 1; i <= m; i++) {
      // Each choice moves the ballot on by itself: wait for category i before choosing in it.
      await this.stepLine(i, m).waitFor();
      chosen.push(await this.choose(pick));
    }
    return chosen;
  }

  previousButton(): Locator {
    return this.root.getByRole('button', { name: this.t('polls.ballot.previous'), exact: true });
  }

  submitButton(): Locator {
    return this.root.getByRole('button', { name: this.t('polls.ballot.submitVote') });
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }

  /** The dialog after Submit: thanks, or — once the server has refused the vote — "Your vote was not counted". */
  thankYou(): Locator {
    const names = [this.t('polls.thanks.title'), this.t('polls.thanks.notCountedTitle')].map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    return this.page.getByRole('dialog', { name: new RegExp(`^(${names.join('|')})$`) });
  }

  /** The thank-you's Close (home). */
  closeButton(): Locator {
    return this.thankYou().getByRole('button', { name: this.t('polls.all.close'), exact: true }).last();
  }

  /** The vote's delivery, in words (data-state: queued, sending, sent, refused…). */
  status(): Locator {
    return this.page.getByTestId('vote-status');
  }

  /** The status once it says the vote was sent and counted. */
  sent(): Locator {
    return this.status().and(this.page.locator('[data-sent="yes"]'));
  }
}
