// The account feature's kind of write (src/sync/kinds.ts): feedback, pushed to the realtime database at a key
// made on the device.
import * as v from 'valibot';
import type { TownSquareDB } from '../../db';
import type { WriteKind } from '../../sync/kinds';

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
  label: (p) => ({ what: `Feedback: “${p.data.feedback.length > 60 ? `${p.data.feedback.slice(0, 60).trimEnd()}…` : p.data.feedback}”`, detail: '' }),
};
