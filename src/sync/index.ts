// Public surface of the sync engine: enqueue inside your transaction, watch the outbox, send now.
export { announceCommitted, mutate, enqueue, enqueueRow, commitWithOutbox, discardRow, waitingKeys } from './outbox';
export { AWARD_VOTE_KIND, awardVoteKey, awardVoteRows, type AwardVoteInput } from './awardVoteRow';
export type { WriteKind, WriteKinds, LabelContext } from './kinds';
export { useSyncStatus } from './status';
export { requestPersistence } from './triggers';
export { startSync, sendNow } from './engine';
export { useOutbox, useOutboxCounts, type OutboxView } from './view';
export { describeStorageError } from '../db/storageError';
