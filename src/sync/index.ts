// Public surface of the sync engine: enqueue inside your transaction, watch the outbox, send now.
export { enqueue, commitWithOutbox, discardRow } from './outbox';
export type { WriteKind, WriteKinds } from './kinds';
export { useSyncStatus } from './status';
export { requestPersistence } from './triggers';
export { startSync, sendNow } from './engine';
export { useOutbox, useOutboxCounts, type OutboxView } from './view';
export { describeStorageError } from '../db/storageError';
