// The organisers' console as a test drives it (issue #53): on a laptop-sized page (≥ 1024 px) it shows one poll,
// picked in its list, with the tally open; on a phone every poll is a card with its tally behind a toggle. Open now
// and Close now ask first.
import type { Locator, Page } from 'playwright-core';

/** Fills the sign-in form of /organiser (already open) and sends it. */
/**
 * Signs in through the app's form (in #root: until the app takes over, the page also holds the prerendered copy's
 * form, whose button waits for the app).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#root input[type=email]').fill(email);
  await page.locator('#root input[type=password]').fill(password);
  await page.locator('#root form.org-signin button[type=submit]').click();
}

export const orgCard = (page: Page, pollId: string): Locator => page.getByTestId(`org-poll-${pollId}`);

/** Shows a poll's card with its tally open, in either layout; returns the card. */
export async function showPoll(page: Page, pollId: string): Promise<Locator> {
  const pick = page.getByTestId(`org-pick-${pollId}`);
  await page.locator(`[data-testid="org-pick-${pollId}"], [data-testid="org-poll-${pollId}"]`).first().waitFor({ timeout: 15_000 });
  if (await pick.count()) await pick.click();
  const card = orgCard(page, pollId);
  const toggle = card.locator('.org-tally-toggle[aria-controls$="-tally"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return card;
}

/** Open now or Close now, confirmed; resolves once the server took it ("Done: …"). */
export async function windowNow(card: Locator, action: 'Open now' | 'Close now'): Promise<void> {
  await card.getByRole('button', { name: action, exact: true }).click();
  await card.getByTestId('org-confirm').getByRole('button', { name: action === 'Close now' ? 'Close voting' : 'Open voting', exact: true }).click();
  await card.getByRole('status').getByText(/^Done: the server took it at /).waitFor();
}
