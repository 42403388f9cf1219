// A community poll made on this device, whole: the local row (listed under My Polls at once), the outbox row,
// how it reaches user-polls/{pollId}, what "sent" means here and what the queue screen calls it (contract:
// src/sync/kinds.ts). Made by data.createUserPoll → mutate(userPoll, …).
import * as v from 'valibot';
import type { TownSquareDB, UserPollRow } from '../../../db';
import type { WriteKind } from '../../../sync/kinds';
import { isolate } from '../../../lib/intl';
import { LIMITS } from '../../../lib/limits';
import { QuestionSchema } from '../listModel';
import type { Question } from '../logic';
import { t } from '../t';
import { short } from './shared';

const UserPollSchema = v.object({
  data: v.object({
    title: v.string(),
    questions: v.array(QuestionSchema),
    pollId: v.string(),
    uploadedBy: v.nullable(v.object({ id: v.string(), first_name: v.string() })),
    uploaderId: v.string(),
    resultsAfterClose: v.exactOptional(v.literal(true)),
  }),
});
export type UserPollPayload = v.InferOutput<typeof UserPollSchema>;

export interface NewPollInput {
  title: string;
  questions: Question[];
  uploaderId: string;
  uploadedBy: { id: string; first_name: string } | null;
  /** Results only once the owner closes the poll (issue #54). */
  resultsAfterClose?: boolean;
}

/** The create-poll screen's draft, cleared in the transaction that saves the poll. */
export const CREATE_POLL_DRAFT = 'create-poll';

/** The outbox key of a poll made here: its document. */
export const userPollKey = (pollId: string): string => `user-polls/${pollId}`;

export const userPoll: WriteKind<UserPollPayload, NewPollInput, UserPollRow> = {
  kind: 'user-poll',
  schema: UserPollSchema,
  tables: (db: TownSquareDB) => [db.userPolls, db.drafts, db.pollCounts],
  // The poll as the server will keep it (trimmed, within the limits the rules check), and the draft's removal.
  apply: async (db, input, now) => {
    const pollId = crypto.randomUUID();
    const questions = input.questions.map((q) => ({
      id: q.id,
      question: q.question.trim().slice(0, LIMITS.question),
      options: q.options.slice(0, LIMITS.optionsPerQuestion).map((o) => o.trim().slice(0, LIMITS.option)),
    }));
    const after = input.resultsAfterClose === true ? { resultsAfterClose: true as const } : {};
    const row: UserPollRow = { pollId, title: input.title.trim().slice(0, LIMITS.pollTitle), questions, uploadedBy: input.uploadedBy, uploaderId: input.uploaderId, uploadedOn: now, local: true, fetchedAt: now, ...after };
    await db.userPolls.add(row);
    await db.drafts.delete(CREATE_POLL_DRAFT);
    return { payload: { data: { title: row.title, questions, pollId, uploadedBy: row.uploadedBy, uploaderId: row.uploaderId, ...after } }, result: row };
  },
  target: (p) => userPollKey(p.data.pollId),
  // Counted in the writer's hourly ring (firestore.rules, "Rate limits"): one at a time.
  counter: () => 'rates/polls',
  push: (backend, p) => backend.writeUserPoll(p.data),
  sent: async (db, p, now) => {
    await db.userPolls.update(p.data.pollId, { local: false });
    // Just created on the server, it has no votes there: its count is known (0) from this moment, so /vote
    // shows it at once instead of "unavailable" until the next refresh of the list.
    if (!(await db.pollCounts.get(p.data.pollId))) await db.pollCounts.put({ pollId: p.data.pollId, count: 0, asOf: now });
  },
  label: (p) => ({
    what: t('polls.queue.newPoll', { title: isolate(short(p.data.title)) }),
    detail: t('polls.queue.questions', { count: p.data.questions.length }),
  }),
};
