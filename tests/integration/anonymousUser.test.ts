// The visitor's sign-up without the Auth SDK (src/remote/anonymousUser.ts) against the real Auth emulator. IndexedDB
// comes from fake-indexeddb here (Node has none). The SDK taking the stored user up is checked in Chromium
// (tests/e2e/auth.e2e.test.ts: a vote sent later, after a token refresh, as the visitor the page signed up): the
// SDK's Node build has no IndexedDB persistence.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorConfig } from './env';

const cfg = emulatorConfig();
const g = globalThis as { indexedDB?: unknown; IDBKeyRange?: unknown };

beforeAll(() => {
  g.indexedDB = new IDBFactory();
  g.IDBKeyRange = IDBKeyRange;
});
afterAll(() => {
  delete g.indexedDB;
  delete g.IDBKeyRange;
});

const authBase = () => `http://${cfg.emulators!.auth.host}:${cfg.emulators!.auth.port}`;

/** What the Auth emulator knows of the user an ID token belongs to. */
async function lookup(idToken: string): Promise<{ localId?: string } | undefined> {
  const res = await fetch(`${authBase()}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${cfg.firebase.apiKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { users?: { localId?: string }[] }).users?.[0];
}

/** The raw record Firebase Auth's persistence would read (database, store, key and shape as the SDK writes them). */
function rawRecord(key: string): Promise<{ fbase_key: string; value: Record<string, unknown> } | undefined> {
  return new Promise((resolve, reject) => {
    const open = (g.indexedDB as IDBFactory).open('firebaseLocalStorageDb', 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').get(key);
      req.onsuccess = () => resolve(req.result as { fbase_key: string; value: Record<string, unknown> } | undefined);
      req.onerror = () => reject(req.error);
    };
  });
}

describe('anonymous sign-up without the Auth SDK', () => {
  it('signs up once, keeps the user where the SDK keeps it, and the SDK takes it up and refreshes its token', async () => {
    const { signUpAnonymously } = await import('../../src/remote/anonymousUser');
    const { storedUser } = await import('../../src/remote/storedUser');
    const { onSignedIn } = await import('../../src/remote/identity');
    const heard: string[] = [];
    onSignedIn((uid) => heard.push(uid));
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };

    const uid = await signUpAnonymously(cfg, counting);
    expect(uid).toMatch(/^[A-Za-z0-9]{20,}$/); // the Auth emulator's anonymous uid
    expect(requests).toBe(1);
    expect(heard).toEqual([uid]); // the app adopts it as the visitor id (src/main.tsx)
    expect(await storedUser(cfg.firebase.apiKey, '[DEFAULT]')).toEqual({ uid });
    // Again (the next page, a reconnect): the stored user, no new one and no request.
    expect(await signUpAnonymously(cfg, counting)).toBe(uid);
    expect(requests).toBe(1);

    // Stored as the SDK stores a user (UserImpl.toJSON): what its _fromJSON asserts, and a token the server knows.
    const record = await rawRecord(`firebase:authUser:${cfg.firebase.apiKey}:[DEFAULT]`);
    expect(record?.value).toMatchObject({ uid, isAnonymous: true, emailVerified: false, providerData: [], apiKey: cfg.firebase.apiKey, appName: '[DEFAULT]' });
    const tokens = record!.value['stsTokenManager'] as { accessToken: string; refreshToken: string; expirationTime: number };
    expect(tokens.expirationTime).toBeGreaterThan(Date.now() + 50 * 60_000); // an hour's token
    expect((await lookup(tokens.accessToken))?.localId).toBe(uid);
    // Its refresh token is one the server honours (what the SDK does with it once the hour is up).
    const res = await fetch(`${authBase()}/securetoken.googleapis.com/v1/token?key=${cfg.firebase.apiKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }).toString(),
    });
    expect(res.status).toBe(200);
    const refreshed = (await res.json()) as { user_id?: string; id_token?: string };
    expect(refreshed.user_id).toBe(uid);
    expect((await lookup(refreshed.id_token!))?.localId).toBe(uid);
  });

  it('says so when the server cannot be reached, and stores nothing', async () => {
    const { signUpAnonymously } = await import('../../src/remote/anonymousUser');
    const other = { ...cfg, firebase: { ...cfg.firebase, apiKey: 'other-key' } };
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(signUpAnonymously(other, offline)).rejects.toMatchObject({ code: 'unavailable' });
    const { storedUser } = await import('../../src/remote/storedUser');
    expect(await storedUser('other-key', '[DEFAULT]')).toBeNull();
  });
});
