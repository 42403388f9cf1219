// Live listeners of spec §7 (prefs/{uid}, users/{uid}/user_details/info) turned into screen states,
// with the last copy kept on the device (Dexie `drafts`) so a later offline visit still shows it.
import { db, type TownSquareDB } from '../../db';
// Reads only, through src/remote's lazy loaders for live listeners (a read module: eslint.config.js READ_MODULES); writes go through src/sync.
import { loadLive } from '../../remote';
import { t } from './t';

export interface LiveSnapshot {
  exists: boolean;
  data: unknown;
  fromCache: boolean;
}

export interface LiveSource {
  watchDoc(path: string, onData: (d: LiveSnapshot) => void, onError: (e: { code?: string; message: string }) => void): () => void;
}

export type LiveState<T> =
  | { status: 'loading' }
  /** `saved`: the copy kept on this device (or the SDK's cache), not yet confirmed by the server. */
  | { status: 'ready'; data: T; saved: boolean }
  /** The server says there is no such document. */
  | { status: 'missing' }
  /** No connection and nothing saved: it needs a connection the first time. */
  | { status: 'unreachable' }
  | { status: 'error'; message: string };

export interface WatchOptions<T> {
  path: string;
  parse: (raw: unknown) => T;
  /** Dexie `drafts` id for the saved copy; no caching without it. */
  cacheId?: string;
  source?: () => Promise<LiveSource>;
  database?: TownSquareDB;
  now?: () => number;
}

const defaultSource = (): Promise<LiveSource> => loadLive();

/** Why the details are missing, in the current language (when the error happens). */
function explain(err: { code?: string; message: string }): string {
  if (err.code === 'permission-denied') return t('account.details.denied');
  return t('account.details.failed');
}

/** Subscribes; `onState` hears every change. Returns the unsubscribe function. */
export function watchLiveDoc<T>(options: WatchOptions<T>, onState: (s: LiveState<T>) => void): () => void {
  const { path, parse, cacheId, source = defaultSource, database = db, now = Date.now } = options;
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  // What the screen shows: nothing yet, the saved copy, or what the listener said.
  let shown: 'none' | 'saved' | 'live' = 'none';
  const emit = (s: LiveState<T>) => {
    if (!closed) onState(s);
  };
  const remember = (data: unknown) => {
    if (cacheId) void database.drafts.put({ id: cacheId, value: data, updatedAt: now() }).catch(() => undefined);
  };
  const forget = () => {
    if (cacheId) void database.drafts.delete(cacheId).catch(() => undefined);
  };

  emit({ status: 'loading' });

  if (cacheId) {
    database.drafts
      .get(cacheId)
      .then((row) => {
        if (row && shown !== 'live') {
          shown = 'saved';
          emit({ status: 'ready', data: parse(row.value), saved: true });
        }
      })
      .catch(() => undefined); // no saved copy is fine
  }

  source()
    .then((client) => {
      if (closed) return;
      unsubscribe = client.watchDoc(
        path,
        (snap) => {
          if (snap.exists) {
            shown = 'live';
            emit({ status: 'ready', data: parse(snap.data), saved: snap.fromCache });
            if (!snap.fromCache) remember(snap.data);
          } else if (!snap.fromCache) {
            shown = 'live';
            console.warn(`No document at ${path}`); // spec §8: a missing user document is logged
            emit({ status: 'missing' });
            forget();
          } else if (shown === 'none') {
            // The SDK gave up reaching the server and has nothing cached; a later snapshot replaces this.
            emit({ status: 'unreachable' });
          }
        },
        (err) => {
          console.warn(`Listening to ${path} failed`, err);
          // Whatever is already on screen (saved or live) stays; only an empty screen shows the error.
          // 'unavailable': a first sign-in with no connection — like a first visit offline.
          if (shown === 'none') emit(err.code === 'unavailable' ? { status: 'unreachable' } : { status: 'error', message: explain(err) });
        },
      );
    })
    .catch((err: unknown) => {
      // The listener code itself could not load: almost always no connection on a first visit.
      console.warn(`Could not start listening to ${path}`, err);
      if (shown === 'none') emit({ status: 'unreachable' });
    });

  return () => {
    closed = true;
    unsubscribe?.();
  };
}

const field = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export interface UserDetails {
  email: string;
  fName: string;
  lName: string;
  state: string;
  zip: string;
}

export function parseUserDetails(raw: unknown): UserDetails {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { email: field(r.email), fName: field(r.fName), lName: field(r.lName), state: field(r.state), zip: field(r.zip) };
}

/** `pref` as text; null when the document has none. */
export function parsePref(raw: unknown): string | null {
  const v = (raw as { pref?: unknown } | null)?.pref;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A uid cannot contain a slash (it would address another document) or be a dot segment. */
function safeSegment(uid: string): string | null {
  const id = uid.trim();
  return id && !id.includes('/') && id !== '.' && id !== '..' ? id : null;
}

export function userDetailsPath(uid: string): string | null {
  const id = safeSegment(uid);
  return id ? `users/${id}/user_details/info` : null;
}

export function prefsPath(uid: string): string | null {
  const id = safeSegment(uid);
  return id ? `prefs/${id}` : null;
}

export const cacheIdFor = (path: string): string => `live:${path}`;
