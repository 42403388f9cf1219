// The organisers' way to the server (issue #31): the one module of this feature that reaches src/remote (a read
// module in eslint.config.js). Organiser actions are not queued in the outbox: open, close and save must be live,
// so the organiser knows when they took effect; offline they are refused and the screen says so.
// The shapes are src/remote/organiser.ts's (the lead's); kept here until that module lands in main.
import { RemoteError } from '../../remote/errors';

export interface OrganiserSession { uid: string; email: string; organiser: boolean }
export interface AwardPollRecord {
  id: string;
  title: string;
  questions: { id: string; question: string; options: string[] }[];
  open?: boolean;
  order?: number;
  opensAt: number | null;
  closesAt: number | null;
}
export interface TallyRow { id: string; pollId: string; answers: Record<string, string>; at: string }
export interface OrganiserClient {
  current(): Promise<OrganiserSession | null>;
  signIn(email: string, password: string): Promise<OrganiserSession>;
  signOut(): Promise<void>;
  watchPolls(on: (polls: AwardPollRecord[], asOf: number | null) => void, onError: (e: RemoteError) => void): () => void;
  watchTally(pollId: string, on: (rows: TallyRow[], asOf: number | null) => void, onError: (e: RemoteError) => void): () => void;
  savePoll(poll: Omit<AwardPollRecord, 'opensAt' | 'closesAt' | 'open'>): Promise<void>;
  setWindow(pollId: string, w: { opensAt?: number | 'now' | null; closesAt?: number | 'now' | null }): Promise<void>;
}

/**
 * The organiser client, loaded on first use (Firebase Auth and Firestore stay out of every other chunk). Until
 * src/remote/organiser.ts is merged this refuses with 'unavailable', which the screen words as "cannot reach".
 */
export function loadClient(): Promise<OrganiserClient> {
  return Promise.reject(new RemoteError('unavailable', 'The organiser client is not built yet'));
}

export { RemoteError };
