// The shared database instance, without React: the service worker imports this too.
import { TownSquareDB } from './schema';

export const db = new TownSquareDB();
