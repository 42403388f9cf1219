// The names that join the build's ballot templates (BallotParts.tsx, React) to the script that uses them before
// the app arrives (ballotIsland.ts, plain DOM): a file of its own, so the island imports names, not React.

/** The parts, each a `data-part` wrapper around one piece of React's ballot. */
export const BALLOT_PARTS = ['ballot', 'option', 'spacer', 'previous', 'next', 'submit', 'email', 'email-error', 'thanks', 'error', 'messages'] as const;
export type BallotPart = (typeof BALLOT_PARTS)[number];

/** The messages the island fills in (`{name}` left in place for a value) or shows as they are (`data-message`). */
export const BALLOT_MESSAGES = ['step', 'invalidEmail', 'unsupportedEmail', 'submitError', 'alreadyVoted', 'closed', 'closedAt', 'opensAt', 'error', 'noId', 'sending', 'waiting', 'digits'] as const;
export type BallotMessage = (typeof BALLOT_MESSAGES)[number];

/** The template of one language on the /poll page: the island takes its visitor's, else English's. */
export const ballotPartsId = (locale: string): string => `ballot-parts-${locale}`;
