// The visitor id of spec §3 for this page load: resolved once, replaced by the signed-in uid, read by screens.
import { useSyncExternalStore } from 'react';
import { localStore } from '../lib/localStore';
import { resolveVisitorId, VISITOR_ID_KEY } from '../lib/visitorId';

let current: string | null = null;
const listeners = new Set<() => void>();

/** Resolves the visitor id once per page load (spec §3) — `?uid=` wins and is saved. */
export function initVisitorId(search: string = window.location.search): string {
  const params = new URLSearchParams(search);
  const passed = (window as Window & { __TOWN_SQUARE_UID__?: string }).__TOWN_SQUARE_UID__;
  current = resolveVisitorId({ queryUid: params.get('uid'), passedUid: passed, store: localStore() });
  return current;
}

export function visitorId(): string {
  return current ?? initVisitorId();
}

/** Where the id a link or the host asked for is kept, so later pages of the visit still ask for it. */
const GIVEN_KEY = 'uid-given';

/**
 * The id a `?uid=` link or the host asked for (spec §3) — on this load, or earlier if the visitor still has it —
 * which src/remote signs in as on the emulators (demo data, tests). Nothing when the id was made up here or came
 * from a sign-in.
 */
export function requestedVisitorId(search: string = window.location.search): string | undefined {
  const params = new URLSearchParams(search);
  const passed = (window as Window & { __TOWN_SQUARE_UID__?: string }).__TOWN_SQUARE_UID__;
  const given = (params.get('uid') ?? passed ?? '').trim();
  const store = localStore();
  try {
    if (given && given.length <= 128) {
      store?.setItem(GIVEN_KEY, given);
      return given;
    }
    const earlier = store?.getItem(GIVEN_KEY);
    return earlier && earlier === visitorId() ? earlier : undefined;
  } catch {
    return given || undefined;
  }
}

/**
 * Identity model (docs/security.md): once Firebase Auth has signed this visitor in, its uid is the visitor id —
 * the one the rules check for Account, Settings, My Polls and a poll's responses. Saved, so the next visit
 * starts with it; screens using useVisitorId() follow at once.
 */
export function adoptSignedInUid(uid: string): void {
  if (uid === visitorId()) return;
  current = uid;
  try {
    window.localStorage.setItem(VISITOR_ID_KEY, uid);
    if (window.localStorage.getItem(GIVEN_KEY) !== uid) window.localStorage.removeItem(GIVEN_KEY);
  } catch {
    // storage refused: this visit still uses it
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor id, re-rendering when sign-in replaces it. */
export function useVisitorId(): string {
  // A server render (the build's prerender in Node: issue #32) is for every visitor: nobody's id.
  return useSyncExternalStore(subscribe, visitorId, () => '');
}

/** Whether the visitor id came from a `?uid=` link or the host (the demo visitor, for instance), not from a sign-in. */
export function visitorFromLink(): boolean {
  try {
    return window.localStorage.getItem(GIVEN_KEY) === visitorId();
  } catch {
    return false;
  }
}

/**
 * "Start fresh": forget this device's visitor id and the link it came from. The next page load makes a new
 * provisional id, and the next sign-in (a new anonymous user) replaces it.
 */
export function forgetVisitor(): void {
  try {
    window.localStorage.removeItem(VISITOR_ID_KEY);
    window.localStorage.removeItem(GIVEN_KEY);
  } catch {
    // storage refused: nothing was kept
  }
}
