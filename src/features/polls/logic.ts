// Pure poll rules (spec §2, §5, §9): shuffling, counts, percentages, validation, CSV.
import { LIMITS } from '../../lib/limits';
import { percent } from '../../lib/percent';
import type { PollQuestion } from '../../lib/pollQuestion';

export type Question = PollQuestion;

/** Fisher–Yates; `random` is injectable so tests and resumed drafts are deterministic. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Spec §2: 0 → 'Be the first to vote', 1 → '1 person voted', otherwise '{n} people voted'. The spec's English;
 * the app shows these words in the current language (text.ts voteCountLabel, message polls.list.votes).
 */
export function voteCountText(n: number): string {
  if (n <= 0) return 'Be the first to vote';
  if (n === 1) return '1 person voted';
  return `${n} people voted`;
}

// Spec §5's e-mail check is the one src/lib/email.ts shares with firestore.rules.
export { checkEmail, isValidEmail } from '../../lib/email';

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One vote per e-mail per poll: the document id is derived from both, so a second vote targets the same document. */
export async function voteDocId(pollId: string, email: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${pollId}\n${normaliseEmail(email)}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  // Hashed, so the voter's e-mail never appears in a document path.
  return `${pollId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}_${hex.slice(0, 32)}`;
}

export type SubmitCheck = { ok: true } | { ok: false; alert: string };

/** The alerts' words: English here (the pre-React ballot's); the app passes its language's (text.ts submitText). */
export interface SubmitText {
  answerAll: string;
  emailRequired: string;
}

/** Spec §9: choosing an answer moves on after 500 ms (the app's ballot and the prerendered page's alike). */
export const AUTO_ADVANCE_MS = 500;

const SUBMIT_TEXT: SubmitText = { answerAll: 'Please answer all questions.', emailRequired: 'Email is required to submit response.' };

/** Spec §5 and §8: the alerts, in the order the original checks them. */
export function checkSubmission(questions: Question[], answers: Record<string, string>, email: string, text: SubmitText = SUBMIT_TEXT): SubmitCheck {
  if (questions.some((q) => !answers[q.id])) return { ok: false, alert: text.answerAll };
  if (!email.trim()) return { ok: false, alert: text.emailRequired };
  return { ok: true };
}

/** A question being written (same shape; its texts may still be empty). */
export type DraftQuestion = PollQuestion;

export interface PollFormErrors {
  title?: string;
  questions: Record<string, string>;
  options: Record<string, string>;
}

/** The form's messages: English here; the create-poll screen passes its language's (text.ts pollFormText). */
export interface PollFormText {
  titleRequired: string;
  titleTooLong(max: number): string;
  tooManyQuestions(max: number): string;
  questionRequired(n: number): string;
  questionTooLong(n: number, max: number): string;
  optionTooLong(n: number, max: number): string;
}

const POLL_FORM_TEXT: PollFormText = {
  titleRequired: 'Poll Title is required.',
  titleTooLong: (max) => `Keep the title under ${max} characters.`,
  tooManyQuestions: (max) => `A poll can have at most ${max} questions.`,
  questionRequired: (n) => `Question ${n} needs its text.`,
  questionTooLong: (n, max) => `Keep question ${n} under ${max} characters.`,
  optionTooLong: (n, max) => `Keep option ${n} under ${max} characters.`,
};

/** Spec §5: title and every question text required; options optional; plus our length bounds. */
export function validatePollForm(title: string, questions: DraftQuestion[], text: PollFormText = POLL_FORM_TEXT): { valid: boolean; errors: PollFormErrors } {
  const errors: PollFormErrors = { questions: {}, options: {} };
  if (!title.trim()) errors.title = text.titleRequired;
  else if (title.trim().length > LIMITS.pollTitle) errors.title = text.titleTooLong(LIMITS.pollTitle);
  if (questions.length > LIMITS.questions) errors.title = text.tooManyQuestions(LIMITS.questions);
  questions.forEach((q, i) => {
    if (!q.question.trim()) errors.questions[q.id] = text.questionRequired(i + 1);
    else if (q.question.trim().length > LIMITS.question) errors.questions[q.id] = text.questionTooLong(i + 1, LIMITS.question);
    q.options.forEach((o, j) => {
      if (o.trim().length > LIMITS.option) errors.options[`${q.id}:${j}`] = text.optionTooLong(j + 1, LIMITS.option);
    });
  });
  const valid = !errors.title && Object.keys(errors.questions).length === 0 && Object.keys(errors.options).length === 0;
  return { valid, errors };
}

export interface OptionTally {
  option: string;
  count: number;
  percent: number;
}
export interface QuestionTally {
  id: string;
  question: string;
  options: OptionTally[];
  answered: number;
}

/** Per-question option counts; blank options are not shown; percentages of all responses (0 when none). */
export function tally(questions: Question[], responses: { answers: Record<string, string> }[]): QuestionTally[] {
  const total = responses.length;
  return questions.map((q) => {
    const counts = new Map<string, number>();
    const shown = q.options.filter((o) => o.trim() !== '');
    for (const o of shown) counts.set(o, 0);
    let answered = 0;
    for (const r of responses) {
      const a = r.answers[q.id];
      if (typeof a !== 'string') continue;
      answered++;
      if (counts.has(a)) counts.set(a, counts.get(a)! + 1);
    }
    return { id: q.id, question: q.question, answered, options: shown.map((o) => ({ option: o, count: counts.get(o)!, percent: percent(counts.get(o)!, total) })) };
  });
}

/** One quoted, formula-safe CSV cell: also the organisers' tally export's (src/features/organiser/tally.ts). */
export function csvCell(value: unknown): string {
  // Only text reaches a cell (an answer is text once checked; a stray value becomes an empty cell, never a throw).
  const v = typeof value === 'string' ? value : '';
  // Quote everything; neutralise spreadsheet formulas (a cell starting with = + - @ is text, not a formula).
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function responsesCsv(questions: Question[], responses: { responseId: string; timestamp: number; answers: Record<string, string> }[]): string {
  const header = ['responseId', 'timestamp', ...questions.map((q) => q.question)];
  const rows = responses.map((r) => [r.responseId, new Date(r.timestamp).toISOString(), ...questions.map((q) => r.answers[q.id] ?? '')]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export type VoteStatus = { kind: 'sent' | 'refused' | 'discarded' | 'sending' | 'waiting'; text: string };

/**
 * What the thank-you says about a cast vote (`text` in English, for the pre-React ballot; the app words `kind` in
 * the current language, text.ts voteStatusText), from the local record (`sentAt` once the server acknowledged it), its
 * outbox row (gone once sent, `failed` once refused for good) and whether the app is online. Never promises a
 * delivery that will not happen.
 */
export function voteStatus(
  vote: { sentAt?: number } | undefined,
  row: { state: string; lastError: string | null } | undefined,
  online: boolean,
): VoteStatus {
  if (typeof vote?.sentAt === 'number') return { kind: 'sent', text: 'Your vote has been sent and counted.' };
  if (row?.state === 'failed') {
    return { kind: 'refused', text: `This vote was not counted. ${row.lastError ?? 'The server refused it.'} It will not be sent again.` };
  }
  if (vote && !row) return { kind: 'discarded', text: 'This vote was removed from the queue on this device and will not be sent.' };
  if (online) return { kind: 'sending', text: 'Sending your vote…' };
  return { kind: 'waiting', text: 'Your vote is saved on this device and will be sent automatically when the connection returns.' };
}
