// The database's name and version, without Dexie: the prerendered ballot's raw IndexedDB write (preApp.ts)
// opens the same database before the app (and Dexie) has arrived.
export const DB_NAME = 'town-square';
/** Bump together with a new `version()` block in schema.ts (and LATEST_STORES in preApp.ts); never edit a shipped block. */
export const DB_VERSION = 4;
/** Dexie opens IndexedDB at its version × 10 (Dexie's `verno * 10`). */
export const IDB_VERSION = DB_VERSION * 10;
