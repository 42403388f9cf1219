// Live views of the outbox for the UI. Light on purpose: the shell's badge imports this module, so it
// is in the entry chunk, while the flusher is not.
import { useEffect, useState } from 'react';
import { db, liveQuery, type OutboxRow } from '../db';
import { outboxCounts, type OutboxCounts } from './counts';

export interface OutboxView {
  rows: OutboxRow[];
  waiting: number;
  failed: number;
}

/** Live view of the outbox; the badge and the queue screen read this, so they cannot drift. */
export function useOutbox(): OutboxView | undefined {
  return useLive(async () => {
    const rows = await db.outbox.orderBy('seq').toArray();
    return { rows, waiting: rows.filter((r) => r.state !== 'failed').length, failed: rows.filter((r) => r.state === 'failed').length };
  });
}

/**
 * A live query without inputs, on Dexie's own liveQuery: this module is in the entry chunk, and
 * dexie-react-hooks' useLiveQuery cost it ~0.5 kB gz (issue #22 needed that room for the language runtime).
 */
function useLive<T>(query: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => undefined });
    return () => subscription.unsubscribe();
    // The query has no inputs: one subscription for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

/**
 * Live counts only (two index counts, no rows): the badge re-runs this after every outbox change,
 * and reading every row there slowed a 1,000-item flush down (docs/benchmarks.md).
 */
export function useOutboxCounts(): OutboxCounts | undefined {
  return useLive(() => outboxCounts());
}
