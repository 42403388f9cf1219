// The page tells the service worker which identity to flush as (it cannot read localStorage).
import { db } from '../db/core';

const KEY = 'sync-identity';

export async function rememberIdentity(uid: string): Promise<void> {
  try {
    await db.drafts.put({ id: KEY, value: uid, updatedAt: Date.now() });
  } catch {
    // storage refused: the page's own flusher still uses the right identity
  }
}

export async function recallIdentity(): Promise<string | null> {
  const row = await db.drafts.get(KEY);
  return typeof row?.value === 'string' ? row.value : null;
}
