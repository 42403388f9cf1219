// The visitor's anonymous sign-up without the Firebase Auth SDK: one request to Auth's REST API (`accounts:signUp`,
// the call the SDK's signInAnonymously makes) and the user stored where the SDK keeps it (storedUser.ts).
//
// Why: every page signs the visitor in soon after it has loaded (src/sync/engine.ts signInWhenOnline says why), and
// with the SDK that meant downloading and starting firebase-auth and firebase-core (~50 kB) on every first visit:
// 80-150 ms of main thread at 4× CPU, at the moment a visitor's first taps land (docs/benchmark-notes.md). The SDK
// now loads only when something is sent or an account screen needs it; it then finds this user stored, as it finds
// one another tab or the service worker stored, and refreshes its token with the refresh token kept here.
import type { RemoteConfig } from './config';
import { guard } from './errors';
import { reportSignedIn } from './identity';
import { storedUser, storeUser, underSignInLock } from './storedUser';

/** The Firebase app the visitor's user belongs to (the SDK's default app: src/remote/app.ts). */
const APP_NAME = '[DEFAULT]';

/** Auth's REST endpoint for `method`, on the emulator when the app talks to the emulators. */
function authEndpoint(config: RemoteConfig, method: string): string {
  const emu = config.emulators?.auth;
  const base = emu ? `http://${emu.host}:${emu.port}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/${method}?key=${encodeURIComponent(config.firebase.apiKey)}`;
}

interface SignUpAnswer {
  localId?: unknown;
  idToken?: unknown;
  refreshToken?: unknown;
  expiresIn?: unknown;
}

/**
 * The visitor's uid: the user stored on this device, or a new anonymous one signed up now and stored. One sign-in
 * at a time across the pages and the service worker (the Web Lock src/remote/auth.ts takes too), so two contexts
 * never make two users. Rejects (as a RemoteError) when offline or refused; the caller tries again later.
 */
export function signUpAnonymously(config: RemoteConfig, fetcher: typeof fetch = fetch): Promise<string> {
  const run = async (): Promise<string> => {
    const existing = await storedUser(config.firebase.apiKey, APP_NAME);
    if (existing) {
      reportSignedIn(existing.uid);
      return existing.uid;
    }
    const answer = await guard('Signing in', 15_000, async () => {
      const res = await fetcher(authEndpoint(config, 'accounts:signUp'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ returnSecureToken: true }),
      });
      if (!res.ok) throw Object.assign(new Error(`Signing in: HTTP ${res.status}`), { status: res.status });
      return (await res.json()) as SignUpAnswer;
    });
    const { localId: uid, idToken, refreshToken } = answer;
    const expiresIn = Number(answer.expiresIn);
    if (typeof uid !== 'string' || uid === '' || typeof idToken !== 'string' || typeof refreshToken !== 'string' || !Number.isFinite(expiresIn)) {
      throw new Error('Signing in: the answer has no user');
    }
    const now = Date.now();
    await storeUser({
      uid,
      isAnonymous: true,
      emailVerified: false,
      providerData: [],
      // The device's clock, as the SDK's own: it only decides when to refresh early, and the server checks the token.
      stsTokenManager: { refreshToken, accessToken: idToken, expirationTime: now + expiresIn * 1000 },
      createdAt: String(now),
      lastLoginAt: String(now),
      apiKey: config.firebase.apiKey,
      appName: APP_NAME,
    });
    reportSignedIn(uid);
    return uid;
  };
  return underSignInLock(run);
}
