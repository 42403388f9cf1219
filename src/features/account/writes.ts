// The account feature's kind of write (src/sync/kinds.ts): feedback, pushed to the realtime database at a key
// made on the device.
import * as v from 'valibot';
import type { TownSquareDB } from '../../db';
import { isolate } from '../../lib/intl';
import type { WriteKind } from '../../sync/kinds';
import { t } from './t';

const FeedbackSchema = v.object({ pushKey: v.string(), data: v.object({ feedback: v.string() }) });
export type FeedbackPayload = v.InferOutput<typeof FeedbackSchema>;

export const feedback: WriteKind<FeedbackPayload> = {
  kind: 'feedback',
  parse: (raw) => {
    const r = v.safeParse(FeedbackSchema, raw);
    return r.success ? r.output : null;
  },
  target: (p) => `feedbacks/${p.pushKey}`,
  deliver: (backend, p) => backend.writeFeedback(p.pushKey, p.data),
  tables: (db: TownSquareDB) => [db.feedback],
  sent: async (db, p, now) => {
    await db.feedback.update(p.pushKey, { sentAt: now });
  },
  // Called by the queue screen at render, so it is in the current language. The visitor's text is isolated in
  // another language's sentence (it may run the other way); English shows it exactly as before.
  label: (p) => {
    const text = p.data.feedback.length > 60 ? `${p.data.feedback.slice(0, 60).trimEnd()}…` : p.data.feedback;
    return { what: t('account.feedback.queued', { text: isolate(text) }), detail: '' };
  },
};
