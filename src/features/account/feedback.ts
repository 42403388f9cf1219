// Leave Feedback (spec §2, §7, §8): saved on the device and sent through the outbox to
// feedbacks/{pushKey} in the realtime database — offline too.
import { db, type TownSquareDB } from '../../db';
import { LIMITS } from '../../lib/limits';
import { newPushKey } from '../../lib/pushKey';
import { formatNumber } from '../../lib/intl';
import { mutate } from '../../sync';
import { t } from './t';
import { FEEDBACK_DRAFT_ID, feedback as feedbackKind } from './mutations/feedback';

export const FEEDBACK_MAX = LIMITS.feedback;
export { FEEDBACK_DRAFT_ID };

export type FeedbackCheck = { ok: true; text: string } | { ok: false; error: string };

/** Refuses blank text and anything over the cap; surrounding whitespace is not sent. Errors in the current language. */
export function checkFeedback(raw: string): FeedbackCheck {
  const text = raw.trim();
  if (!text) return { ok: false, error: t('account.feedback.empty') };
  if (text.length > FEEDBACK_MAX) return { ok: false, error: t('account.feedback.tooLong', { max: formatNumber(FEEDBACK_MAX) }) };
  return { ok: true, text };
}

export interface SubmitOptions {
  database?: TownSquareDB;
  now?: number;
  pushKey?: string;
}

/**
 * One transaction (mutations/feedback.ts): the feedback row, its outbox item and the cleared draft commit together
 * or not at all, so a storage error leaves nothing half-saved and the draft still holds the text.
 */
export async function submitFeedback(text: string, uid: string, options: SubmitOptions = {}): Promise<string> {
  const now = options.now ?? Date.now();
  return mutate(feedbackKind, { text, uid, pushKey: options.pushKey ?? newPushKey(now) }, { now, database: options.database ?? db });
}

/** The unsent text from an earlier visit ('' when none). */
export async function loadDraft(database: TownSquareDB = db): Promise<string> {
  const row = await database.drafts.get(FEEDBACK_DRAFT_ID);
  return typeof row?.value === 'string' ? row.value : '';
}

export async function saveDraft(text: string, database: TownSquareDB = db, now: number = Date.now()): Promise<void> {
  if (text.trim()) await database.drafts.put({ id: FEEDBACK_DRAFT_ID, value: text, updatedAt: now });
  else await database.drafts.delete(FEEDBACK_DRAFT_ID);
}
