// React-free entry to src/db for the sync engine (which also runs inside the service worker).
export { db } from './database';
export { TownSquareDB } from './schema';
export type * from './types';
export type { Table } from './schema';
