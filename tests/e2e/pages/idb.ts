// Reads the app's IndexedDB directly (raw IndexedDB in the page, no app code), for tests to check what is stored.
import type { Page } from 'playwright-core';

/** Rows in the app's IndexedDB table (read in the page, the way the app stores them). */
export async function countRows(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('town-square');
        req.onerror = () => resolve(-1);
        req.onsuccess = () => {
          const db = req.result;
          try {
            const count = db.transaction(name).objectStore(name).count();
            count.onsuccess = () => {
              resolve(count.result);
              db.close();
            };
            count.onerror = () => resolve(-1);
          } catch {
            db.close();
            resolve(-1);
          }
        };
      }),
    table,
  );
}
