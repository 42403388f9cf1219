// Why an attendee reports a community poll (issue #53): a fixed list, the same in firestore.rules (poll-reports),
// so a report carries no free text — nothing to abuse, nothing that names anyone.
export const REPORT_REASONS = ['spam', 'abuse', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const isReportReason = (v: unknown): v is ReportReason => (REPORT_REASONS as readonly unknown[]).includes(v);
