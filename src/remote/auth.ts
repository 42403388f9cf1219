// Who the security rules see: a Firebase Auth user, signed in through the same code on a real project and on the
// local Auth emulator (firebase-tools), so the rules are exercised with real ID tokens and their refreshes.
//
// Identity model (docs/security.md, "Identity"): the auth uid is who you are. A visitor is signed in anonymously
// once per install (the user persists in IndexedDB and is shared by the page and the service worker), and the
// app adopts that uid as the spec's visitor id (src/session/visitor.ts). An identity asked for by a `?uid=` link or
// the host is honoured on the emulators only (demo data, tests), by an unsigned custom token the Auth emulator
// accepts; a real project would need a server to mint one, so there a link cannot make anyone someone else.
import {
  connectAuthEmulator, indexedDBLocalPersistence, inMemoryPersistence, initializeAuth, onAuthStateChanged,
  signInAnonymously, signInWithCustomToken, signOut, type Auth, type User,
} from 'firebase/auth';
import { appFor } from './app';
import type { RemoteConfig } from './config';
import { noteAuthSdkStarted, reportSignedIn } from './identity';
import { storedUserExists, underSignInLock } from './storedUser';

const auths = new Map<string, Auth>();

function authFor(config: RemoteConfig): Auth {
  const key = config.firebase.projectId;
  let auth = auths.get(key);
  if (!auth) {
    noteAuthSdkStarted();
    // The first persistence that works: IndexedDB in pages and the service worker, memory in Node (tests).
    // No popup/redirect resolver: anonymous and custom-token sign-in need none (and it is ~10 kB gz).
    auth = initializeAuth(appFor(config), { persistence: [indexedDBLocalPersistence, inMemoryPersistence] });
    const emu = config.emulators?.auth;
    if (emu) connectAuthEmulator(auth, `http://${emu.host}:${emu.port}`, { disableWarnings: true });
    // Also when another tab signs in as someone else (an emulator demo link): the page follows the user.
    onAuthStateChanged(auth, (user) => {
      if (user) reportSignedIn(user.uid);
    });
    auths.set(key, auth);
  }
  return auth;
}

/** The Auth emulator's form of a server-minted custom token: unsigned, which only the emulator accepts. */
function emulatorCustomToken(uid: string, projectId: string): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  const audience = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ aud: audience, iat: now, exp: now + 3600, iss: `emulator@${projectId}`, sub: `emulator@${projectId}`, uid })}.`;
}

/** Resolves with the user once this Auth instance has one, or null after `ms`. */
function userWithin(auth: Auth, ms: number): Promise<User | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, ms);
    const stop = onAuthStateChanged(auth, (user) => {
      if (!user) return;
      clearTimeout(timer);
      stop();
      resolve(user);
    });
  });
}

/**
 * Signs in anonymously — unless another context (a tab, the service worker) did so a moment ago. Without this,
 * a page and the worker that both found nobody signed in each made a user; the one whose sign-in was stored last
 * won, and a write the other had sent could no longer be re-sent or read back by this device (after a crash
 * that lost its acknowledgement, it showed "not accepted" for a vote the server held). One sign-in at a time
 * across every context (a Web Lock), and inside it, a user someone else stored is adopted.
 */
async function adoptOrSignIn(auth: Auth, config: RemoteConfig): Promise<User> {
  const signIn = async (): Promise<User> => {
    if (auth.currentUser) return auth.currentUser;
    if (await storedUserExists(config.firebase.apiKey, '[DEFAULT]')) {
      const adopted = await userWithin(auth, 3_000);
      if (adopted) return adopted;
    }
    return (await signInAnonymously(auth)).user;
  };
  return underSignInLock(signIn);
}

const signingIn = new Map<string, Promise<string>>();
const signingOut = new Map<string, Promise<void>>();

/**
 * Resolves the signed-in uid, signing in first when nobody is (anonymously, or as the identity an emulator demo
 * link asked for). Every call after the first is the same promise; a failure (offline) is forgotten so the next
 * write tries again. Firestore and the Realtime Database pick the user's ID token up from the same app and
 * refresh it when it expires.
 */
export function authUid(config: RemoteConfig): Promise<string> {
  return signedInUid(config, true);
}

function signedInUid(config: RemoteConfig, retry: boolean): Promise<string> {
  const key = config.firebase.projectId;
  let p = signingIn.get(key);
  if (!p) {
    p = (async () => {
      const auth = authFor(config);
      // Asked for during a sign-out: after it, so the user it finds is the one the sign-out leaves.
      await signingOut.get(key);
      await auth.authStateReady();
      const wanted = config.emulators ? config.identity : undefined;
      let user = auth.currentUser;
      if (wanted && user?.uid !== wanted) {
        user = (await signInWithCustomToken(auth, emulatorCustomToken(wanted, config.firebase.projectId))).user;
      } else if (!user) {
        // Also in the service worker: a vote cast offline on a first visit, its tab closed, is sent by Background
        // Sync with no page open — as a new anonymous user, persisted where the page will find it next time.
        user = await adoptOrSignIn(auth, config);
      }
      return user.uid;
    })().catch((err: unknown) => {
      signingIn.delete(key);
      throw err;
    });
    signingIn.set(key, p);
  }
  // The user now, not the one of the first call: the ID token Firestore sends and the author hash must agree.
  // Asked for during a sign-out ("Start fresh" while a write is on its way): answered after it. Nobody is signed in
  // then, and the old uid would be sent with no token and refused as a stranger's write, so sign in anew.
  const settled = p;
  return settled.then(async (first) => {
    await signingOut.get(key);
    const now = authFor(config).currentUser;
    if (now) return now.uid;
    if (signingIn.get(key) === settled) signingIn.delete(key);
    return retry ? signedInUid(config, false) : first;
  });
}

/**
 * The signed-in visitor (signing in first, as authUid) and their current ID token, taken from the same user so the
 * two agree: what a REST request carries as `auth=` (src/remote/realtime.ts). Auth refreshes a token near its expiry;
 * `refresh` forces a new one (after a server turned the old one down).
 */
export async function idToken(config: RemoteConfig, refresh = false): Promise<{ uid: string; token: string }> {
  await authUid(config);
  const user = authFor(config).currentUser;
  if (!user) throw new Error('Signed out while sending'); // "Start fresh" at that very moment: a retry signs in anew
  return { uid: user.uid, token: await user.getIdToken(refresh) };
}

/**
 * "Start fresh" (Profile): forgets the signed-in user on this device — in the page and, through Auth's shared
 * IndexedDB store, in the service worker. The next sign-in is a new anonymous user.
 */
export async function signOutVisitor(config: RemoteConfig): Promise<void> {
  const key = config.firebase.projectId;
  const out = (async () => {
    // A sign-in still in flight would otherwise land after the sign-out and bring the old visitor back.
    await signingIn.get(key)?.catch(() => undefined);
    signingIn.delete(key);
    await signOut(authFor(config));
  })();
  // Until it is done, a new sign-in waits for it (signedInUid) instead of finding the user being signed out.
  const done: Promise<void> = out.catch(() => undefined).finally(() => {
    if (signingOut.get(key) === done) signingOut.delete(key);
  });
  signingOut.set(key, done);
  await out;
}
