// Who the app signed in, read from Firebase Auth's own IndexedDB store (raw IndexedDB, no app code): the uid and
// the real ID token the Auth emulator issued, so a test can act as that visitor or check who the app is.
import type { Page } from 'playwright-core';

export interface SignedInUser {
  uid: string;
  idToken: string;
  /** Epoch ms when the ID token expires (the SDK refreshes it after this). */
  expiresAt: number;
}

/**
 * The signed-in user the page's Auth persisted for a Firebase app — the visitor's ('[DEFAULT]') unless another is
 * named ('organiser': src/remote/organiser.ts) — or null when nobody is signed in yet.
 */
export async function signedInUser(page: Page, app = '[DEFAULT]'): Promise<SignedInUser | null> {
  return page.evaluate(
    (app) =>
      new Promise<SignedInUser | null>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.transaction?.abort(); // not made yet: nobody signed in
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('firebaseLocalStorage')) {
            idb.close();
            resolve(null);
            return;
          }
          const req = idb.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          req.onsuccess = () => {
            idb.close();
            type Row = { fbase_key: string; value: { uid: string; stsTokenManager: { accessToken: string; expirationTime: number } } };
            const row = (req.result as Row[]).find((r) => r.fbase_key.startsWith('firebase:authUser:') && r.fbase_key.endsWith(`:${app}`));
            resolve(row ? { uid: row.value.uid, idToken: row.value.stsTokenManager.accessToken, expiresAt: row.value.stsTokenManager.expirationTime } : null);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    app,
  ).catch(() => null); // the database was still being created
}

/** Waits until the app has signed someone in (a write or a private read makes it do so). */
export async function waitForSignIn(page: Page, timeoutMs = 15_000): Promise<SignedInUser> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const user = await signedInUser(page);
    if (user) return user;
    if (Date.now() > deadline) throw new Error('The app signed nobody in');
    await page.waitForTimeout(100);
  }
}
