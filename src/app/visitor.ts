import { resolveVisitorId } from '../lib/visitorId';

let current: string | null = null;

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

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
