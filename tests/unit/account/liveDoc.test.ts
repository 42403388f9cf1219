import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { cacheIdFor, parsePref, parseUserDetails, prefsPath, userDetailsPath, watchLiveDoc, type LiveSnapshot, type LiveSource, type LiveState } from '../../../src/features/account/liveDoc';

let db: TownSquareDB;
let n = 0;
beforeEach(async () => {
  db = new TownSquareDB(`live-${++n}`);
  await db.open();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

/** A hand-driven listener: the test decides when snapshots and errors arrive. */
class FakeSource implements LiveSource {
  onData: ((d: LiveSnapshot) => void) | null = null;
  onError: ((e: { code?: string; message: string }) => void) | null = null;
  paths: string[] = [];
  unsubscribed = 0;
  watchDoc(path: string, onData: (d: LiveSnapshot) => void, onError: (e: { code?: string; message: string }) => void): () => void {
    this.paths.push(path);
    this.onData = onData;
    this.onError = onError;
    return () => void this.unsubscribed++;
  }
}

const tick = () => new Promise((r) => setTimeout(r, 20));

function watch(source: FakeSource | (() => Promise<LiveSource>), path = 'users/u1/user_details/info') {
  const states: LiveState<ReturnType<typeof parseUserDetails>>[] = [];
  const stop = watchLiveDoc({ path, parse: parseUserDetails, cacheId: cacheIdFor(path), source: typeof source === 'function' ? source : async () => source, database: db, now: () => 42 }, (s) => states.push(s));
  return { states, stop, last: () => states[states.length - 1] };
}

const INFO = { email: 'a@example.com', fName: 'Ada', lName: 'Lovelace', state: 'MI', zip: '48226', extra: 'ignored' };

describe('watchLiveDoc', () => {
  it('loading until the first snapshot, then the data; each change follows', async () => {
    const src = new FakeSource();
    const w = watch(src);
    expect(w.last()).toEqual({ status: 'loading' });
    await tick();
    expect(src.paths).toEqual(['users/u1/user_details/info']);
    src.onData!({ exists: true, data: INFO, fromCache: false });
    expect(w.last()).toEqual({ status: 'ready', saved: false, data: { email: 'a@example.com', fName: 'Ada', lName: 'Lovelace', state: 'MI', zip: '48226' } });
    src.onData!({ exists: true, data: { ...INFO, zip: '48201' }, fromCache: false });
    expect(w.last()).toMatchObject({ status: 'ready', data: { zip: '48201' } });
    w.stop();
    expect(src.unsubscribed).toBe(1);
  });

  it('keeps a copy on the device and shows it first next time (offline)', async () => {
    const src = new FakeSource();
    const first = watch(src);
    await tick();
    src.onData!({ exists: true, data: INFO, fromCache: false });
    await tick();
    first.stop();
    expect((await db.drafts.get(cacheIdFor('users/u1/user_details/info')))?.value).toEqual(INFO);

    // Next visit, no connection: the listener code cannot even load.
    const second = watch(() => Promise.reject(new Error('offline')));
    await tick();
    expect(second.last()).toMatchObject({ status: 'ready', saved: true, data: { email: 'a@example.com' } });
    second.stop();
  });

  it('a missing document says so, is logged, and forgets the saved copy', async () => {
    await db.drafts.put({ id: cacheIdFor('users/u1/user_details/info'), value: INFO, updatedAt: 1 });
    const src = new FakeSource();
    const w = watch(src);
    await tick();
    src.onData!({ exists: false, data: null, fromCache: false });
    expect(w.last()).toEqual({ status: 'missing' });
    expect(console.warn).toHaveBeenCalled();
    await tick();
    expect(await db.drafts.get(cacheIdFor('users/u1/user_details/info'))).toBeUndefined();
    w.stop();
  });

  it('no connection and nothing saved: needs a connection the first time', async () => {
    const src = new FakeSource();
    const w = watch(src);
    await tick();
    src.onData!({ exists: false, data: null, fromCache: true });
    expect(w.last()).toEqual({ status: 'unreachable' });
    // When the server answers later, the data replaces the message.
    src.onData!({ exists: true, data: INFO, fromCache: false });
    expect(w.last()).toMatchObject({ status: 'ready', saved: false });
    w.stop();

    const failing = watch(() => Promise.reject(new Error('chunk failed')), 'users/never-seen/user_details/info');
    await tick();
    expect(failing.last()).toEqual({ status: 'unreachable' });
    failing.stop();
  });

  it('a listener error shows a plain message, unless something is already on screen', async () => {
    const src = new FakeSource();
    const w = watch(src);
    await tick();
    src.onError!({ code: 'permission-denied', message: 'Missing or insufficient permissions.' });
    expect(w.last()).toMatchObject({ status: 'error', message: expect.stringMatching(/permission/) });
    w.stop();

    const src2 = new FakeSource();
    const w2 = watch(src2);
    await tick();
    src2.onData!({ exists: true, data: INFO, fromCache: false });
    src2.onError!({ code: 'unavailable', message: 'x' });
    expect(w2.last()).toMatchObject({ status: 'ready' });
    w2.stop();
  });

  it('says nothing after it was stopped', async () => {
    const src = new FakeSource();
    const w = watch(src);
    w.stop();
    await tick();
    expect(w.states).toEqual([{ status: 'loading' }]);
  });
});

describe('parsers and paths', () => {
  it('user details fields are text, missing ones empty', () => {
    expect(parseUserDetails({ email: 'e@x.co', zip: 48226 })).toEqual({ email: 'e@x.co', fName: '', lName: '', state: '', zip: '48226' });
    expect(parseUserDetails(null)).toEqual({ email: '', fName: '', lName: '', state: '', zip: '' });
  });
  it('pref as text', () => {
    expect(parsePref({ pref: 'fashion' })).toBe('fashion');
    expect(parsePref({ pref: 3 })).toBe('3');
    expect(parsePref({ pref: { nested: true } })).toBeNull();
    expect(parsePref({})).toBeNull();
  });
  it('a uid cannot address another document', () => {
    expect(userDetailsPath('demo-visitor')).toBe('users/demo-visitor/user_details/info');
    expect(prefsPath('demo-visitor')).toBe('prefs/demo-visitor');
    expect(userDetailsPath('a/b')).toBeNull();
    expect(prefsPath('..')).toBeNull();
    expect(prefsPath('  ')).toBeNull();
  });
});
