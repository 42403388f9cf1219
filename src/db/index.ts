// The only module that imports Dexie. Features and sync reach IndexedDB through `db` and these helpers.
import { liveQuery } from 'dexie';

export { db } from './database';
export { TownSquareDB, DB_NAME, DB_VERSION } from './schema';
export type * from './types';
export { liveQuery };
