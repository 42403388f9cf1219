// Firebase Auth's persisted user, read from its IndexedDB store without loading Firebase.
/**
 * Whether Firebase Auth's shared store (IndexedDB, the same for the pages and the service worker) holds a user for
 * the Firebase app `appName`: read directly, because an Auth instance learns of a user another context stored only
 * when it next polls its store (about every 800 ms in a page), and without Firebase (the organiser screen asks
 * before loading it).
 */
export function storedUserExists(apiKey: string, appName: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(false);
    const open = indexedDB.open('firebaseLocalStorageDb');
    open.onupgradeneeded = () => open.transaction?.abort(); // not made yet: nobody signed in
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const idb = open.result;
      if (!idb.objectStoreNames.contains('firebaseLocalStorage')) {
        idb.close();
        return resolve(false);
      }
      const req = idb.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').get(`firebase:authUser:${apiKey}:${appName}`);
      req.onsuccess = () => {
        idb.close();
        resolve(req.result !== undefined);
      };
      req.onerror = () => {
        idb.close();
        resolve(false);
      };
    };
  });
}

