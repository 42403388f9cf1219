// Page object for the award ballot (/poll?id=…): what a voter sees and does.
import type { Page } from 'playwright-core';
import { BASE_URL } from '../harness';

export class BallotPage {
  readonly alerts: string[] = [];
  constructor(readonly page: Page) {
    page.on('dialog', (d) => {
      this.alerts.push(d.message());
      void d.accept();
    });
  }

  async open(pollId: string): Promise<void> {
    await this.page.goto(`${BASE_URL}/poll?id=${encodeURIComponent(pollId)}`);
  }

  emailDialog() {
    return this.page.getByRole('dialog', { name: 'Make Your Vote Matter!' });
  }

  async enterEmail(email: string): Promise<void> {
    const dialog = this.emailDialog();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Submit' }).click();
  }

  async step(): Promise<{ n: number; m: number }> {
    const text = await this.page.locator('.poll-step').innerText();
    const [, n, m] = /Category (\d+) of (\d+)/.exec(text) ?? [];
    return { n: Number(n), m: Number(m) };
  }

  /** Answers every category by choosing the option at `pick` (index in the shuffled order) and waits for auto-advance. */
  async answerAll(pick = 0): Promise<string[]> {
    const chosen: string[] = [];
    const { m } = await this.step();
    for (let i = 1; i <= m; i++) {
      await this.page.locator('.poll-step', { hasText: `Category ${i} of ${m}` }).waitFor();
      const option = this.page.locator('.poll-option').nth(pick);
      chosen.push(await option.innerText());
      await option.click();
    }
    return chosen;
  }

  submitButton() {
    return this.page.getByRole('button', { name: 'Submit Vote' });
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }

  /** The dialog after Submit: thanks, or — once the server has refused the vote — "Your vote was not counted". */
  thankYou() {
    return this.page.getByRole('dialog', { name: /^(Thank you for voting!|Your vote was not counted)$/ });
  }
}
