// database.rules.json against a real firebase-server (targaryen rules engine), through the firebase JS SDK.
// This suite starts its own server on free ports with the repo's rules, so it does not depend on how
// with-emulators was started. firebase-server decodes auth tokens without checking signatures, so the SDK's
// unsigned `mockUserToken` gives a request an `auth.uid`.
// Not testable here (see docs/security.md): get() (hangs on firebase-server), REST (ignores rules).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator, getDatabase, goOffline, onValue, ref, remove, set, update, type Database,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error — plain ESM script without types
import { ROOT, startEmulators } from '../../scripts/emulators.mjs';

const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
const run = Date.now().toString(36);
const TIMEOUT_MS = 5_000;

interface Emulators {
  databaseHost: string;
  stop: () => Promise<void>;
}

let emu: Emulators | undefined;
let port = 0;
const apps: FirebaseApp[] = [];
const dbs: Database[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const p = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(p));
    });
  });
}

/** A fresh SDK client; `uid` null = not signed in. */
function client(uid: string | null): Database {
  const app = initializeApp(
    { projectId, apiKey: 'demo-key', databaseURL: `http://127.0.0.1:${port}?ns=${projectId}` },
    `rtdb-${apps.length}-${uid ?? 'anon'}`,
  );
  apps.push(app);
  const rdb = getDatabase(app);
  connectDatabaseEmulator(rdb, '127.0.0.1', port, uid ? { mockUserToken: { sub: uid } } : {});
  dbs.push(rdb);
  return rdb;
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out: ${what}`)), TIMEOUT_MS);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** One read through the SDK (get() hangs on firebase-server). Use a client that has not written the path. */
function readOnce(rdb: Database, path: string): Promise<unknown> {
  return withTimeout(
    new Promise((resolve, reject) => {
      onValue(ref(rdb, path), (snap) => resolve(snap.val()), reject, { onlyOnce: true });
    }),
    `read ${path}`,
  );
}

const write = (rdb: Database, path: string, value: unknown) => withTimeout(set(ref(rdb, path), value), `set ${path}`);

/** What the server really holds (firebase-server's REST API bypasses rules). */
async function serverValue(path: string): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/${path}.json?ns=${projectId}`);
  return res.json();
}

let alice: Database;
let bob: Database;
let visitor: Database;
let reader: Database;
const key = (name: string) => `-rules-${run}-${name}`;

beforeAll(async () => {
  const [fsPort, dbPort] = [await freePort(), await freePort()];
  port = dbPort;
  emu = (await startEmulators({
    firestorePort: fsPort,
    databasePort: dbPort,
    databaseRules: `${ROOT as string}/database.rules.json`,
    auth: false, // these tests sign their own tokens; the suite's Auth emulator is already running elsewhere
    quiet: true,
  })) as Emulators;
  alice = client('alice');
  bob = client('bob');
  visitor = client(null);
  reader = client('reader');
}, 60_000);

afterAll(async () => {
  for (const rdb of dbs) goOffline(rdb);
  await Promise.all(apps.map((a) => deleteApp(a)));
  await emu?.stop();
}, 30_000);

describe('database.rules.json', () => {
  it('parses, denies by default at the root, and has the feedbacks/$key write rule', () => {
    const rules = JSON.parse(readFileSync(`${ROOT as string}/database.rules.json`, 'utf8')) as {
      rules: Record<string, unknown> & { feedbacks: { $key: Record<string, unknown> } };
    };
    expect(rules.rules['.read']).toBe(false);
    expect(rules.rules['.write']).toBe(false);
    expect(typeof rules.rules.feedbacks.$key['.write']).toBe('string');
  });
});

// Must run first: firebase-server evaluates a request without a token with the auth of the last successful
// write (targaryen's `with({ auth: undefined })` keeps the previous auth), so "not signed in" can only be
// checked before anyone has written. See docs/security.md.
describe('hostile: not signed in (fresh server, before any signed-in write)', () => {
  it('denies feedback from a visitor who is not signed in', async () => {
    await assertFails(write(visitor, `feedbacks/${key('unauth')}`, { feedback: 'hello' }));
    expect(await serverValue(`feedbacks/${key('unauth')}`)).toBeNull();
  });
});

describe('allowed: feedback as the app sends it', () => {
  beforeAll(async () => {
    // An existing feedback, written through the rules by alice.
    await write(alice, `feedbacks/${key('existing')}`, { feedback: 'The venue map is great' });
  });


  it('a signed-in visitor sets new feedback at a client-made key', async () => {
    await assertSucceeds(write(bob, `feedbacks/${key('new')}`, { feedback: 'Please add bus times' }));
    expect(await serverValue(`feedbacks/${key('new')}`)).toEqual({ feedback: 'Please add bus times' });
  });

  it('an identical replay (lost acknowledgement) succeeds and changes nothing', async () => {
    await assertSucceeds(write(bob, `feedbacks/${key('existing')}`, { feedback: 'The venue map is great' }));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great' });
  });

  it('feedback of exactly 2000 characters is accepted', async () => {
    await assertSucceeds(write(alice, `feedbacks/${key('max')}`, { feedback: 'x'.repeat(2000) }));
    expect(((await serverValue(`feedbacks/${key('max')}`)) as { feedback: string }).feedback).toHaveLength(2000);
  });

  it('feedback of 1 character is accepted', async () => {
    await assertSucceeds(write(alice, `feedbacks/${key('one')}`, { feedback: '!' }));
  });
});

describe('hostile: feedback writes', () => {
  it('denies overwriting existing feedback with different text', async () => {
    await assertFails(write(bob, `feedbacks/${key('existing')}`, { feedback: 'Edited by someone else' }));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great' });
  });

  it('denies deleting existing feedback (remove)', async () => {
    await assertFails(withTimeout(remove(ref(bob, `feedbacks/${key('existing')}`)), 'remove'));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great' });
  });

  it('denies deleting existing feedback by setting its text to null', async () => {
    await assertFails(write(bob, `feedbacks/${key('existing')}/feedback`, null));
  });

  it('denies changing existing feedback through update() of the child', async () => {
    await assertFails(withTimeout(update(ref(bob, `feedbacks/${key('existing')}`), { feedback: 'changed' }), 'update'));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great' });
  });

  it('denies adding an extra child next to an identical feedback (replay plus extra)', async () => {
    await assertFails(write(bob, `feedbacks/${key('existing')}`, { feedback: 'The venue map is great', spam: 'x' }));
  });

  it('denies new feedback with an extra child', async () => {
    await assertFails(write(alice, `feedbacks/${key('extra')}`, { feedback: 'ok', email: 'a@b.co' }));
    expect(await serverValue(`feedbacks/${key('extra')}`)).toBeNull();
  });

  it('denies new feedback without the feedback child', async () => {
    await assertFails(write(alice, `feedbacks/${key('missing')}`, { text: 'wrong field' }));
  });

  it('denies feedback that is not a string', async () => {
    await assertFails(write(alice, `feedbacks/${key('number')}`, { feedback: 42 }));
  });

  it('denies empty feedback', async () => {
    await assertFails(write(alice, `feedbacks/${key('empty')}`, { feedback: '' }));
  });

  it('denies feedback of 2001 characters', async () => {
    await assertFails(write(alice, `feedbacks/${key('long')}`, { feedback: 'x'.repeat(2001) }));
    expect(await serverValue(`feedbacks/${key('long')}`)).toBeNull();
  });

  it('denies a bare string at the key (no feedback object)', async () => {
    await assertFails(write(alice, `feedbacks/${key('bare')}`, 'just text'));
  });

  it('denies replacing the whole feedbacks list', async () => {
    await assertFails(write(alice, 'feedbacks', { [key('all')]: { feedback: 'wipe' } }));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great' });
  });

  it('denies writing outside feedbacks', async () => {
    await assertFails(write(alice, `other/${key('x')}`, { feedback: 'hello' }));
    await assertFails(write(alice, `users/alice`, { name: 'Alice' }));
  });

  it('denies writing the root', async () => {
    await assertFails(write(alice, '/', { feedbacks: null }));
  });
});

describe('hostile: reads', () => {
  it('denies reading the feedbacks list', async () => {
    await assertFails(readOnce(reader, 'feedbacks'));
  });

  it('denies reading one feedback, even for a signed-in visitor', async () => {
    await assertFails(readOnce(reader, `feedbacks/${key('existing')}`));
  });

  it('denies reading one feedback for a visitor who is not signed in', async () => {
    await assertFails(readOnce(client(null), `feedbacks/${key('existing')}`));
  });

  it('denies reading the root', async () => {
    await assertFails(readOnce(client('someone'), '/'));
  });
});
