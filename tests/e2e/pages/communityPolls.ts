// A visitor's two ways with community polls, through the real UI: make one on /create-poll, and answer one on its
// ballot. Shared by the scenarios that queue them (serverTruth, neverLost).
import type { Page } from 'playwright-core';
import { BASE_URL } from '../harness';
import { BallotPage } from './BallotPage';

/** Creates a one-question poll titled `title` and waits for the polls list it returns to. */
export async function createPollThroughUi(page: Page, title: string, question = 'Coffee or tea?', options: [string, string] = ['Coffee', 'Tea']): Promise<void> {
  await page.goto(`${BASE_URL}/create-poll`);
  await page.getByRole('heading', { name: 'Create Your Own Poll' }).waitFor();
  await page.getByLabel('Poll Title').fill(title);
  await page.getByPlaceholder('Question 1').fill(question);
  await page.getByPlaceholder('Option 1').fill(options[0]);
  await page.getByPlaceholder('Option 2').fill(options[1]);
  await page.getByRole('button', { name: 'Create Poll' }).click();
  await page.waitForURL(`${BASE_URL}/vote`);
}

/** Answers every question of community poll `pollId` with its first option and submits. */
export async function answerThroughUi(page: Page, pollId: string): Promise<void> {
  const ballot = new BallotPage(page);
  await ballot.open(pollId);
  await ballot.answerCommunity(0);
  await ballot.submit();
  await ballot.answeredHeading().waitFor();
}
