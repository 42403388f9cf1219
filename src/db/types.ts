// Row types of the local database. Kept free of Dexie imports so any layer can use them.
import type { AwardPollTexts, PollQuestion } from '../lib/pollQuestion';
// Types only (erased): a civic row's entry is what the pack schemas output; no schema code comes with them.
import type { CabinetMember, CourtCandidate, CourtElection, Governor, MichiganOfficial, ProfileEntry } from '../data/schemas';

export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxRow {
  seq?: number;
  /** Idempotency key = the target document path; unique. */
  key: string;
  /** Which write kind (src/sync/kinds.ts) sends it; its module checks `payload` before use. */
  kind: string;
  payload: unknown;
  createdAt: number;
  attempts: number;
  /** Failures since the last news of the connection (an `online` event, "Send now"): what the backoff grows with. */
  retries?: number;
  nextAttemptAt: number;
  state: OutboxState;
  lastError: string | null;
}

/**
 * A receipt of one outbox row the server accepted, for the queue screen's "Recently sent" (issue #35): the row's
 * kind and payload (so its kind can name it in the current language), and when it was sent. Only a bounded recent
 * past is kept (src/db/receipts.ts); it stays on the device.
 */
export interface SentReceipt {
  id?: number;
  key: string;
  kind: string;
  payload: unknown;
  createdAt: number;
  /** The device's clock when the server's acknowledgement arrived: shown, never compared with the server's. */
  sentAt: number;
}

export type { PollQuestion };
export type { AwardPollTexts };

/** An award poll (Firestore `polls`), cached for offline voting. */
export interface AwardPoll {
  id: string;
  title: string;
  questions: PollQuestion[];
  /** false: the organisers closed it (absent means open). */
  open?: boolean;
  /** The organisers' ballot order, lowest first. */
  order?: number;
  /** The voting window, epoch ms on the server's clock (absent: open from the start / until closed). */
  opensAt?: number;
  closesAt?: number;
  /** Who may vote (issue #52): 'ticketed' needs a voting code; absent or 'open': one ballot per e-mail, deviceLimit a device. */
  voting?: 'open' | 'ticketed';
  deviceLimit?: number;
  /** Its title and categories in Spanish and Arabic, where the organisers gave them (issue #57). */
  i18n?: AwardPollTexts;
  fetchedAt: number;
}

/** My award vote, kept locally forever (the proof of what I sent). */
export interface LocalVote {
  docId: string;
  pollId: string;
  responseId: string;
  answers: Record<string, string>;
  timestamp: string;
  user: string;
  /** The voting code it was cast with, in a ticketed poll (issue #52). */
  code?: string;
  /** When the server acknowledged it; absent while waiting in the outbox. */
  sentAt?: number;
}

export interface BallotDraft {
  pollId: string;
  email: string;
  answers: Record<string, string>;
  index: number;
  /** Shuffled option order per question, so a resumed ballot looks the same. */
  order: Record<string, string[]>;
  /** A ticketed poll's voting code, once the e-mail step took it (issue #52). */
  code?: string;
  updatedAt: number;
}

export interface UserPollRow {
  pollId: string;
  title: string;
  questions: PollQuestion[];
  uploadedBy: { id: string; first_name: string } | null;
  uploaderId: string;
  /** Epoch ms; server time once synced, local time while waiting. */
  uploadedOn: number;
  /** True while this poll exists only on this device. */
  local: boolean;
  fetchedAt: number;
  /** When the organisers hid it (server time, ms; issue #53): left out of every list but its owner's. */
  hiddenAt?: number;
  /** Its owner's choice: the results stay hidden from everyone until it is closed (issue #54). */
  resultsAfterClose?: true;
  /** When its owner closed it (server time, ms; issue #54): no more answers, results final. */
  closedAt?: number;
  /** When its owner took it off the polls list (always after closing): left out of every list but its owner's. */
  removedAt?: number;
  /** This device reported it (src/features/polls/mutations/pollReport.ts); sentAt once the server has it. */
  reported?: { reason: string; at: number; sentAt?: number };
}

export interface UserPollResponseRow {
  responseId: string;
  pollId: string;
  answers: Record<string, string>;
  timestamp: number;
}

export interface PollCount {
  pollId: string;
  count: number;
  asOf: number;
  /**
   * A community poll's results as last read (issue #54): each public tally row's answers (`{}` for a row from
   * before rows carried them), and when. Kept by every writer of the count (src/features/polls/data.ts).
   */
  results?: { rows: Record<string, string>[]; asOf: number };
}

export interface Story {
  id: string;
  name: string;
  /** What the honoree is honoured for ("Designer of the Year"), when the organisers gave it (issue #54). */
  award?: string;
  bio: string;
  /** The award line and the story in Spanish and Arabic, where the organisers gave them (issue #57). */
  i18n?: Partial<Record<'es' | 'ar', { award?: string; bio: string }>>;
  smallImg: string;
  bigImg: string;
  insta?: string;
  twitter?: string;
  facebook?: string;
  youtube?: string;
  tiktok?: string;
}

export interface OrgInfoRow {
  id: string;
  stories: Story[];
  fetchedAt: number;
}

export type PersonKind = 'executive' | 'cabinet' | 'governor' | 'michigan' | 'court';

/** Added to every entry by the loader: the entry's index in its pack, an order the primary key (`kind:id`) loses. */
type InPack = { packOrder: number };

/**
 * A row's `entry` by kind: the pack entry as its schema outputs it (src/data/schemas.ts), plus what the loader
 * (src/data/loader.ts) adds.
 */
export interface PersonEntries {
  executive: ProfileEntry & InPack;
  cabinet: CabinetMember & InPack;
  governor: Governor & InPack;
  michigan: MichiganOfficial & InPack;
  /** A candidate also carries their race from the pack's `elections`, so a card can say "2024 election: Won" alone. */
  court: CourtCandidate & InPack & { election: CourtElection };
}

export type PersonEntry<K extends PersonKind = PersonKind> = PersonEntries[K];

/** A civic person from a static pack (civic search indexes these in memory: src/features/civic/search.ts). */
export type PersonRow = {
  [K in PersonKind]: {
    /** `${kind}:${entry id}` */
    id: string;
    kind: K;
    name: string;
    entry: PersonEntries[K];
  };
}[PersonKind];

/** A civic person of the given kinds only. */
export type PersonRowOf<K extends PersonKind> = Extract<PersonRow, { kind: K }>;

export interface PackRow {
  name: string;
  version: number;
  asOf: string;
}

export interface DraftRow {
  id: string;
  value: unknown;
  updatedAt: number;
}

export interface FeedbackRow {
  pushKey: string;
  feedback: string;
  uid: string;
  createdAt: number;
  sentAt?: number;
}
