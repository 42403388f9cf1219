// Feedback, whole (spec §2, §7, §8): the local row, the outbox row, how it reaches feedbacks/{pushKey} in the
// realtime database, what "sent" means here and what the queue screen calls it (contract: src/sync/kinds.ts).
// Sent by feedback.submitFeedback → mutate(feedback, …).
import * as v from 'valibot';
import type { TownSquareDB } from '../../../db';
import { isolate } from '../../../lib/intl';
import type { WriteKind } from '../../../sync/kinds';
import { t } from '../t';

const FeedbackSchema = v.object({ pushKey: v.string(), data: v.object({ feedback: v.string() }) });
export type FeedbackPayload = v.InferOutput<typeof FeedbackSchema>;

export interface FeedbackArgs {
  text: string;
  uid: string;
  /** A key made on the device (src/lib/pushKey.ts): a replay lands on the same node. */
  pushKey: string;
}

/** The feedback screen's draft, cleared in the transaction that saves the feedback. */
export const FEEDBACK_DRAFT_ID = 'feedback';

export const feedback: WriteKind<FeedbackPayload, FeedbackArgs, string> = {
  kind: 'feedback',
  schema: FeedbackSchema,
  tables: (db: TownSquareDB) => [db.feedback, db.drafts],
  // The feedback row and the cleared draft: a storage error leaves nothing half-saved and the draft still holds
  // the text.
  apply: async (db, a, now) => {
    await db.feedback.add({ pushKey: a.pushKey, feedback: a.text, uid: a.uid, createdAt: now });
    await db.drafts.delete(FEEDBACK_DRAFT_ID);
    return { payload: { pushKey: a.pushKey, data: { feedback: a.text } }, result: a.pushKey };
  },
  target: (p) => `feedbacks/${p.pushKey}`,
  // One feedback per interval per writer, marked in one node (database.rules.json feedbackRates): one at a time.
  counter: () => 'rates/feedback',
  push: (backend, p) => backend.writeFeedback(p.pushKey, p.data),
  sent: async (db, p, now) => {
    await db.feedback.update(p.pushKey, { sentAt: now });
  },
  // The visitor's text is isolated in another language's sentence (it may run the other way); English shows it
  // exactly as before.
  label: (p) => {
    const text = p.data.feedback.length > 60 ? `${p.data.feedback.slice(0, 60).trimEnd()}…` : p.data.feedback;
    return { what: t('account.feedback.queued', { text: isolate(text) }), detail: '' };
  },
};
