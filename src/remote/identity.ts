// Who the Firebase clients act as, told across the entry boundary. A module of its own, with no imports: the
// app's entry sets the requested identity at start-up and subscribes to sign-ins, and importing the index for
// that put src/remote/config and its schema library (valibot, ~2.8 kB gz) into the entry chunk.

let requested: string | undefined;
let taken = false;
let signedIn: string | null = null;
const listeners = new Set<(uid: string) => void>();

/**
 * An identity asked for by a `?uid=` link or the host (spec §3). Honoured on the local emulators only
 * (src/remote/auth.ts); ignored once a client has been made.
 */
export function setRemoteIdentity(uid: string | undefined): void {
  if (taken) return; // clients already exist; keep the identity they were made with
  requested = uid;
}

/** For the clients' configuration (src/remote/index.ts): from now on the identity stays as it is. */
export function takeRemoteIdentity(): string | undefined {
  taken = true;
  return requested;
}

/** Called by src/remote/auth.ts whenever a user is signed in (first sign-in, a restored user, another tab). */
export function reportSignedIn(uid: string): void {
  if (uid === signedIn) return;
  signedIn = uid;
  for (const l of listeners) l(uid);
}

/** Calls `listener` with the signed-in uid now (if known) and whenever it changes. Returns an unsubscribe. */
export function onSignedIn(listener: (uid: string) => void): () => void {
  listeners.add(listener);
  if (signedIn) listener(signedIn);
  return () => listeners.delete(listener);
}

let sdkStarted = false;

/** Called by src/remote/auth.ts when it makes the Firebase Auth SDK's instance in this context. */
export function noteAuthSdkStarted(): void {
  sdkStarted = true;
}

/**
 * Whether this context runs the Auth SDK: then a sign-in goes through it (src/remote/index.ts signIn), since a user
 * stored beside it (anonymousUser.ts) would reach it only at its next poll of the store, up to ~800 ms later.
 */
export function authSdkStarted(): boolean {
  return sdkStarted;
}
