// Who the security rules see. A real project: Firebase anonymous authentication (one uid per
// install, kept in IndexedDB). Locally: the emulator accepts an unsigned mock token, because the
// auth emulator cannot run on these machines (see docs/security.md).
import type { RemoteConfig } from './config';
import { appFor } from './app';

const DEFAULT_IDENTITY = 'local-visitor';

export function mockToken(config: RemoteConfig): { sub: string; user_id: string } {
  const uid = config.identity ?? DEFAULT_IDENTITY;
  return { sub: uid, user_id: uid };
}

const signedIn = new Map<string, Promise<string>>();

/** Resolves the authenticated uid, signing in anonymously once per app when a real project is configured. */
export function authUid(config: RemoteConfig, appName = '[DEFAULT]'): Promise<string> {
  if (config.emulators) return Promise.resolve(mockToken(config).sub);
  let p = signedIn.get(appName);
  if (!p) {
    p = (async () => {
      const { initializeAuth, indexedDBLocalPersistence, signInAnonymously, getAuth } = await import('firebase/auth');
      const app = appFor(config, appName);
      let auth;
      try {
        auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
      } catch {
        auth = getAuth(app); // already initialised by an earlier call
      }
      await auth.authStateReady();
      const user = auth.currentUser ?? (await signInAnonymously(auth)).user;
      return user.uid;
    })().catch((err: unknown) => {
      signedIn.delete(appName); // offline now: try again on the next write
      throw err;
    });
    signedIn.set(appName, p);
  }
  return p;
}
