// Reads the app's IndexedDB outbox directly (raw IndexedDB, no app code) so a test can compare the
// badge with the truth.
import type { Page } from 'playwright-core';

export async function outboxRows(page: Page): Promise<{ state: string; lastError: string | null; key: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ state: string; lastError: string | null; key: string }[]>((resolve, reject) => {
        const open = indexedDB.open('town-square');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('outbox')) {
            idb.close();
            resolve([]);
            return;
          }
          const req = idb.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            idb.close();
            resolve((req.result as { state: string; lastError: string | null; key: string }[]).map((r) => ({ state: r.state, lastError: r.lastError, key: r.key })));
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** The badge's numbers (data-waiting + data-failed), or 0 when it is not shown. */
export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('sync-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.getAttribute('data-waiting')) + Number(await badge.getAttribute('data-failed'));
}

/** Asserts, with a little patience for the live query, that the badge equals the outbox row count. */
export async function badgeMatchesOutbox(page: Page, timeoutMs = 5000): Promise<{ badge: number; rows: number }> {
  const t0 = Date.now();
  for (;;) {
    const rows = (await outboxRows(page)).length;
    const badge = await badgeCount(page);
    if (rows === badge || Date.now() - t0 > timeoutMs) return { badge, rows };
    await page.waitForTimeout(100);
  }
}
