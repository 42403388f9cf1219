// A report of a community poll, whole (issue #53): the local mark ("You reported this poll"), the outbox row, how it
// reaches poll-reports/{id} (one per device and poll: firestore.rules), what "sent" means here and what the queue
// screen calls it (contract: src/sync/kinds.ts). Made by data.reportUserPoll → mutate(pollReport, …). Queued like
// every attendee write: a report made where the Wi-Fi has dropped is sent when it returns.
import * as v from 'valibot';
import type { TownSquareDB } from '../../../db';
import type { WriteKind } from '../../../sync/kinds';
import { isolate } from '../../../lib/intl';
import { REPORT_REASONS, type ReportReason } from '../../../lib/reports';
import { t } from '../t';
import { short } from './shared';

const PollReportSchema = v.object({ pollId: v.string(), reason: v.picklist(REPORT_REASONS) });
export type PollReportPayload = v.InferOutput<typeof PollReportSchema>;

/** The words for each reason, as literal ids (the catalog check finds an id only when the source names it). */
export const REPORT_REASON_TEXT = {
  spam: 'polls.report.reason.spam',
  abuse: 'polls.report.reason.abuse',
  misleading: 'polls.report.reason.misleading',
  other: 'polls.report.reason.other',
} as const satisfies Record<ReportReason, string>;

export interface PollReportArgs {
  pollId: string;
  reason: ReportReason;
}

export const pollReport: WriteKind<PollReportPayload, PollReportArgs> = {
  kind: 'poll-report',
  schema: PollReportSchema,
  tables: (db: TownSquareDB) => [db.userPolls],
  apply: async (db, a, now) => {
    await db.userPolls.update(a.pollId, { reported: { reason: a.reason, at: now } });
    return { payload: { pollId: a.pollId, reason: a.reason }, result: undefined };
  },
  // One report per poll on this device: a second one (another reason) replaces the first while it waits.
  target: (p) => `poll-reports/${p.pollId}`,
  push: (backend, p) => backend.writePollReport(p),
  sent: async (db, p, now) => {
    const row = await db.userPolls.get(p.pollId);
    if (row?.reported) await db.userPolls.update(p.pollId, { reported: { ...row.reported, sentAt: now } });
  },
  label: (p, ctx) => {
    const title = ctx.pollTitle(p.pollId);
    return { what: title ? t('polls.report.queued', { title: isolate(short(title)) }) : t('polls.report.queuedUntitled'), detail: t(REPORT_REASON_TEXT[p.reason]) };
  },
  refusal: (code) => (code === 'permission-denied' || code === 'not-found' ? t('polls.report.refused') : undefined),
};
