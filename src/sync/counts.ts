// The outbox's two numbers, one query for every place that shows them: the shell's "N waiting to send" strip
// (view.ts) and the home-screen icon's badge (badge.ts), from the page and from the service worker. Light: the
// strip is in the entry chunk.
import { db, type TownSquareDB } from '../db';

export interface OutboxCounts {
  /** Queued or being sent: will go out on its own once there is a connection. */
  waiting: number;
  /** Refused by the server: never sent on its own, the Waiting to send screen offers what to do. */
  failed: number;
}

/** Two index counts, no rows: re-run after every outbox change (reading every row slowed a 1,000-item flush down). */
export async function outboxCounts(database: TownSquareDB = db): Promise<OutboxCounts> {
  const [all, failed] = await Promise.all([database.outbox.count(), database.outbox.where('state').equals('failed').count()]);
  return { waiting: all - failed, failed };
}
