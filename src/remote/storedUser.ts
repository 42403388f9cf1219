// Firebase Auth's persisted user, read and written in its IndexedDB store without loading Firebase.
//
// The store is the one Firebase Auth's `indexedDBLocalPersistence` keeps (database `firebaseLocalStorageDb`,
// version 1, object store `firebaseLocalStorage` keyed by `fbase_key`; one record per Firebase app, under
// `firebase:authUser:<apiKey>:<appName>`), shared by the pages and the service worker. Every Auth instance that is
// running polls it (about every 800 ms) and takes up a user another context stored; one that starts later reads it
// first thing. tests/integration/remote.test.ts checks that the SDK takes up a user written here.

const DB_NAME = 'firebaseLocalStorageDb';
const DB_VERSION = 1;
const STORE = 'firebaseLocalStorage';

/**
 * Runs `fn` holding the Web Lock every sign-in of the visitor takes, in every context (src/remote/auth.ts,
 * anonymousUser.ts), so a page and the service worker never both find nobody and make two users. Where there are no
 * Web Locks (Node), runs it as it is.
 */
export function underSignInLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: { request<R>(name: string, fn: () => Promise<R>): Promise<R> } } }).navigator?.locks;
  return locks ? locks.request('town-square-sign-in', fn) : fn();
}

/** The persisted user as Firebase Auth writes it (its `UserImpl.toJSON()`), the part this app reads or writes. */
export interface StoredUser {
  uid: string;
  isAnonymous: boolean;
  emailVerified: boolean;
  providerData: unknown[];
  stsTokenManager: { refreshToken: string; accessToken: string; expirationTime: number };
  createdAt?: string;
  lastLoginAt?: string;
  apiKey: string;
  appName: string;
}

const keyOf = (apiKey: string, appName: string): string => `firebase:authUser:${apiKey}:${appName}`;

/** Opens the store; `create`: make it if nobody has yet (as Firebase does), else resolve null when it is missing. */
function open(create: boolean): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      if (create) req.result.createObjectStore(STORE, { keyPath: 'fbase_key' });
      else req.transaction?.abort(); // not made yet: nobody signed in
    };
    req.onerror = () => resolve(null);
    req.onsuccess = () => {
      const idb = req.result;
      if (idb.objectStoreNames.contains(STORE)) return resolve(idb);
      idb.close();
      resolve(null);
    };
  });
}

/** The user stored for the Firebase app `appName`, or null (none, or no IndexedDB). */
export async function storedUser(apiKey: string, appName: string): Promise<{ uid: string } | null> {
  const idb = await open(false);
  if (!idb) return null;
  return new Promise((resolve) => {
    const req = idb.transaction(STORE).objectStore(STORE).get(keyOf(apiKey, appName));
    req.onsuccess = () => {
      idb.close();
      const uid = (req.result as { value?: { uid?: unknown } } | undefined)?.value?.uid;
      resolve(typeof uid === 'string' && uid !== '' ? { uid } : null);
    };
    req.onerror = () => {
      idb.close();
      resolve(null);
    };
  });
}

/**
 * Whether Firebase Auth's shared store holds a user for the Firebase app `appName`: read directly, because an Auth
 * instance learns of a user another context stored only when it next polls its store, and without Firebase (the
 * organiser screen asks before loading it).
 */
export async function storedUserExists(apiKey: string, appName: string): Promise<boolean> {
  return (await storedUser(apiKey, appName)) !== null;
}

/** Stores `user` as Firebase Auth would. Rejects when there is no IndexedDB or the write fails. */
export async function storeUser(user: StoredUser): Promise<void> {
  const idb = await open(true);
  if (!idb) throw new Error('No IndexedDB to keep the signed-in user in');
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ fbase_key: keyOf(user.apiKey, user.appName), value: user });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('Could not store the signed-in user'));
    tx.onabort = () => reject(tx.error ?? new Error('Could not store the signed-in user'));
  }).finally(() => idb.close());
}
