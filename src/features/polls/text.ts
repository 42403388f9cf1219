// The polls feature's words built from values (counts, dates, percentages, user text), in the current language.
// The pure rules (logic.ts, awardModel.ts, listModel.ts) keep their English for the pre-React scripts
// (ballotIsland.ts, preview.ts), which must stay free of the i18n runtime; the app builds its words here.
import { formatDate, formatNumber } from '../../lib/intl';
import type { PollFormText, SubmitText, VoteStatus } from './logic';
import { t } from './t';

/** A count in the language's digits, ungrouped as the English always showed it ("2000 people voted"). */
export const num = (n: number): string => formatNumber(n, { useGrouping: false });

/** One decimal and a percent sign: "12.5%" in English exactly as `toFixed(1)` gave it. */
export const percentText = (percent: number): string => formatNumber(percent / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Date and time as `toLocaleString()` showed them ("1/2/2025, 3:04:05 PM" in English). */
export const dateTimeText = (ms: number): string =>
  formatDate(ms, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });


/** A moment of a list's or a poll's life ("Dec 4, 2026, 7:02 PM"): as of, hidden, closed, removed. */
export const asOfText = (ms: number): string => formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §2: "Be the first to vote", "1 person voted", "{n} people voted". */
export const voteCountLabel = (count: number): string => t('polls.list.votes', { count, n: num(count) });

/** The create-poll form's messages (logic.ts validatePollForm), in the current language. */
export const pollFormText = (): PollFormText => ({
  titleRequired: t('polls.create.titleRequired'),
  titleTooLong: (max) => t('polls.create.titleLong', { max: num(max) }),
  tooManyQuestions: (max) => t('polls.create.tooMany', { max: num(max) }),
  questionRequired: (n) => t('polls.create.questionRequired', { n: num(n) }),
  questionTooLong: (n, max) => t('polls.create.questionLong', { n: num(n), max: num(max) }),
  optionTooLong: (n, max) => t('polls.create.optionLong', { n: num(n), max: num(max) }),
});

/** The ballot's alerts on Submit Vote (logic.ts checkSubmission), in the current language. */
export const submitText = (): SubmitText => ({ answerAll: t('polls.ballot.answerAll'), emailRequired: t('polls.ballot.emailNeeded') });

const STATUS_IDS = {
  sent: 'polls.thanks.sent',
  discarded: 'polls.thanks.discarded',
  sending: 'polls.thanks.sending',
  waiting: 'polls.thanks.waiting',
} as const;

/** What the thank-you says about a cast vote (logic.ts voteStatus decides which); `reason` is the refusal's words. */
export function voteStatusText(kind: VoteStatus['kind'], reason: string | null | undefined): string {
  if (kind === 'refused') return t('polls.thanks.refused', { reason: reason ?? t('polls.thanks.serverRefused') });
  return t(STATUS_IDS[kind]);
}

const ANSWER_IDS = {
  sent: 'polls.answer.sent',
  discarded: 'polls.answer.discarded',
  sending: 'polls.answer.sending',
  waiting: 'polls.answer.waiting',
} as const;

/** The same for an answer to a community poll, in its own words (no "vote"). */
export function answerStatusText(kind: VoteStatus['kind'], reason: string | null | undefined): string {
  if (kind === 'refused') return t('polls.answer.refused', { reason: reason ?? t('polls.thanks.serverRefused') });
  return t(ANSWER_IDS[kind]);
}
