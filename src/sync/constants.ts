/** Background Sync tag registered on enqueue and handled by the service worker. */
export const SYNC_TAG = 'town-square-outbox';
/** Web Lock held by whoever flushes the outbox (one tab or the service worker). */
export const OUTBOX_LOCK = 'town-square-outbox';
