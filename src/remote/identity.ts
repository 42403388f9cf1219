// Who the Firebase clients act as (locally: the emulators' mock token carries it, src/remote/auth.ts).
// A module of its own, with no imports: the app's entry sets it at start-up, and importing the index for
// that put src/remote/config and its schema library (valibot, ~2.8 kB gz) into the entry chunk.

let identity: string | undefined;
let taken = false;

/** Called once at start-up with the visitor id. Ignored once a client has been made with an identity. */
export function setRemoteIdentity(uid: string): void {
  if (taken) return; // clients already exist; keep the identity they were made with
  identity = uid;
}

/** For the clients' configuration (src/remote/index.ts): from now on the identity stays as it is. */
export function takeRemoteIdentity(): string | undefined {
  taken = true;
  return identity;
}
