// Input bounds shared by the forms (messages before anything is queued) and mirrored in firestore.rules.
export const LIMITS = {
  pollTitle: 150,
  question: 300,
  option: 150,
  questions: 20,
  optionsPerQuestion: 4,
  email: 254,
  feedback: 2000,
} as const;

/**
 * Per-user writes an hour (firestore.rules, "Rate limits"): community polls, answers to them, and reports of
 * refused award votes (the organisers' integrity view, issue #52). The rules enforce these; the app reads them
 * only to tell "over the limit, send later" from a refusal.
 */
export const RATE_LIMITS = { polls: 10, answers: 30, refusals: 30 } as const;

/** The most ballots one device may cast in an open award poll unless its organisers allow more (firestore.rules). */
export const DEVICE_LIMIT_DEFAULT = 1;
/** The most an organiser may allow (firestore.rules validAwardPoll). */
export const DEVICE_LIMIT_MAX = 1000;

/** At most one feedback per user in this time (database.rules.json, feedbackRates). */
export const FEEDBACK_INTERVAL_MS = 30_000;
