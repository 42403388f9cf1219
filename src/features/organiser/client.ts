// The organisers' way to the server (issue #31): the one module of this feature that reaches src/remote (a read
// module in eslint.config.js). Organiser actions are not queued in the outbox: open, close and save must be live,
// so the organiser knows when they took effect; offline they are refused and the screen says so.
import { loadOrganiser, organiserStored, type OrganiserClient } from '../../remote';

export type { AwardPollRecord, CommunityPollRecord, FeedbackRecord, OrganiserClient, OrganiserSession, RefusalRow, ReportRow, TallyRow } from '../../remote';
export type { RemoteError } from '../../remote';

/** The organiser client, loaded on first use: Firebase Auth and Firestore stay out of every other screen's chunk. */
export const loadClient = (): Promise<OrganiserClient> => loadOrganiser();

/** Whether an organiser is signed in on this device, known without loading Firebase. */
export const organiserOnDevice = (): Promise<boolean> => organiserStored().catch(() => true);
