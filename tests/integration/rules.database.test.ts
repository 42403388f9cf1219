// database.rules.json against a real firebase-server (targaryen rules engine), through the firebase JS SDK.
// This suite starts its own server on free ports with the repo's rules, so it does not depend on how
// with-emulators was started. firebase-server decodes auth tokens without checking signatures, so the SDK's
// unsigned `mockUserToken` gives a request an `auth.uid`.
// Not testable here (see docs/security.md): get() (hangs on firebase-server). The app's REST transport is judged
// by the same rules engine through scripts/rtdb-server.mjs (the last block checks that).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator, getDatabase, goOffline, onValue, ref, remove, serverTimestamp, set, update, type Database,
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

/** What the server really holds (a REST read without a token is the administrator's: scripts/rtdb-server.mjs). */
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

/** Who each client is: the rate mark is per signed-in uid. */
const uidOf = new Map<Database, string>();
let fresh = 0;
/** A signed-in visitor who has sent nothing yet (no mark, so no interval to wait out). */
function newVisitor(): Database {
  const uid = `visitor-${run}-${fresh++}`;
  const rdb = client(uid);
  uidOf.set(rdb, uid);
  return rdb;
}

/**
 * The app's write (src/remote/realtime.ts): the feedback, signed with its writer's uid, and the writer's rate
 * mark, in one atomic update. An object `value` gets the writer's uid as the app adds it; sendRaw writes `value`
 * exactly (no uid, or someone else's).
 */
function send(rdb: Database, feedbackKey: string, value: unknown, mark: Record<string, unknown> = {}) {
  const signed = value !== null && typeof value === 'object' ? { ...value, uid: uidOf.get(rdb) ?? 'nobody' } : value;
  return sendRaw(rdb, feedbackKey, signed, mark);
}

function sendRaw(rdb: Database, feedbackKey: string, value: unknown, mark: Record<string, unknown> = {}) {
  const uid = uidOf.get(rdb) ?? 'nobody';
  return withTimeout(update(ref(rdb), { [`feedbacks/${feedbackKey}`]: value, [`feedbackRates/${uid}`]: { last: serverTimestamp(), target: feedbackKey, ...mark } }), `send ${feedbackKey}`);
}

describe('allowed: feedback as the app sends it', () => {
  beforeAll(async () => {
    // An existing feedback, written through the rules by alice.
    uidOf.set(alice, 'alice').set(bob, 'bob');
    await send(alice, key('existing'), { feedback: 'The venue map is great' });
  });

  it('a signed-in visitor sends new feedback at a client-made key, with its rate mark', async () => {
    await assertSucceeds(send(bob, key('new'), { feedback: 'Please add bus times' }));
    expect(await serverValue(`feedbacks/${key('new')}`)).toEqual({ feedback: 'Please add bus times', uid: 'bob' });
    const mark = (await serverValue('feedbackRates/bob')) as { last: number; target: string };
    expect(mark.target).toBe(key('new'));
    expect(Math.abs(mark.last - Date.now())).toBeLessThan(10_000); // the server's time, not the client's
  });

  it('its writer reads its own mark: that is how a replay refused as "too soon" is known to have landed', async () => {
    const again = client('alice'); // a client that has not written the path (firebase-server caches its own writes)
    expect(((await readOnce(again, 'feedbackRates/alice')) as { target: string }).target).toBe(key('existing'));
    // The identical replay itself is refused as too soon, and changes nothing.
    await assertFails(send(alice, key('existing'), { feedback: 'The venue map is great' }));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great', uid: 'alice' });
  });

  it('feedback of exactly 2000 characters, and of 1, is accepted', async () => {
    await assertSucceeds(send(newVisitor(), key('max'), { feedback: 'x'.repeat(2000) }));
    expect(((await serverValue(`feedbacks/${key('max')}`)) as { feedback: string }).feedback).toHaveLength(2000);
    await assertSucceeds(send(newVisitor(), key('one'), { feedback: '!' }));
  });
});

describe('hostile: abuse limits (one feedback per 30 s per user, one per update)', () => {
  it('denies a second feedback within 30 s of the first', async () => {
    const v = newVisitor();
    await assertSucceeds(send(v, key('rate-1'), { feedback: 'first' }));
    await assertFails(send(v, key('rate-2'), { feedback: 'second, at once' }));
    expect(await serverValue(`feedbacks/${key('rate-2')}`)).toBeNull();
  });

  it('denies many feedbacks behind one mark (1,000 in one update was possible), and a mark naming another', async () => {
    const v = newVisitor();
    const many: Record<string, unknown> = { [`feedbackRates/${uidOf.get(v)}`]: { last: serverTimestamp(), target: key('many-0') } };
    for (let i = 0; i < 1000; i++) many[`feedbacks/${key(`many-${i}`)}`] = { feedback: `spam ${i}` };
    await assertFails(withTimeout(update(ref(v), many), 'update many'));
    const unmarked = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`feedbacks/${key(`bulk-${i}`)}`, { feedback: `spam ${i}` }]));
    await assertFails(withTimeout(update(ref(v), unmarked), 'update unmarked'));
    expect(await serverValue(`feedbacks/${key('bulk-0')}`)).toBeNull();
    expect(await serverValue(`feedbacks/${key('many-0')}`)).toBeNull();
    await assertFails(send(v, key('named'), { feedback: 'hi' }, { target: key('someone-else') }));
  });

  it('denies feedback without a mark, and a mark with a time of the client\'s choosing', async () => {
    await assertFails(write(newVisitor(), `feedbacks/${key('unmarked')}`, { feedback: 'hello' }));
    await assertFails(send(newVisitor(), key('back-dated'), { feedback: 'hello' }, { last: Date.now() - 60_000 }));
    await assertFails(send(newVisitor(), key('extra-mark'), { feedback: 'hello' }, { extra: 1 }));
  });

  it("denies resetting or deleting one's own mark, and writing or reading another user's", async () => {
    const v = newVisitor();
    const uid = uidOf.get(v)!;
    await assertSucceeds(send(v, key('mark-owner'), { feedback: 'hello' }));
    await assertFails(withTimeout(remove(ref(v, `feedbackRates/${uid}`)), 'remove mark'));
    await assertFails(write(v, `feedbackRates/${uid}`, { last: serverTimestamp(), target: key('reset') }));
    await assertFails(write(bob, `feedbackRates/${uid}`, { last: serverTimestamp(), target: key('theirs') }));
    await assertFails(readOnce(client('nosy'), `feedbackRates/${uid}`));
    await assertFails(readOnce(client('nosy'), 'feedbackRates'));
  });
});

describe('hostile: feedback writes', () => {
  it('denies overwriting existing feedback with different text', async () => {
    await assertFails(send(newVisitor(), key('existing'), { feedback: 'Edited by someone else' }));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great', uid: 'alice' });
  });

  it('denies deleting existing feedback (remove)', async () => {
    await assertFails(withTimeout(remove(ref(bob, `feedbacks/${key('existing')}`)), 'remove'));
    await assertFails(send(newVisitor(), key('existing'), null));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great', uid: 'alice' });
  });

  it('denies deleting existing feedback by setting its text to null', async () => {
    await assertFails(write(bob, `feedbacks/${key('existing')}/feedback`, null));
  });

  it('denies changing existing feedback through update() of the child', async () => {
    await assertFails(withTimeout(update(ref(bob, `feedbacks/${key('existing')}`), { feedback: 'changed' }), 'update'));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great', uid: 'alice' });
  });

  it('the replay oracle is closed: another user "replaying" a stored feedback is refused whether the guessed text is right or wrong', async () => {
    // Feedback cannot be read; an identical-replay rule open to anyone would say whether a guess equals it.
    await assertFails(send(newVisitor(), key('existing'), { feedback: 'The venue map is great' })); // right guess
    await assertFails(send(newVisitor(), key('existing'), { feedback: 'Something else' })); // wrong guess
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great', uid: 'alice' });
  });

  it('denies adding an extra child next to an identical feedback (replay plus extra)', async () => {
    await assertFails(send(newVisitor(), key('existing'), { feedback: 'The venue map is great', spam: 'x' }));
  });

  it('denies new feedback that names another writer, or none', async () => {
    await assertFails(sendRaw(newVisitor(), key('forged'), { feedback: 'hello', uid: 'alice' }));
    await assertFails(sendRaw(newVisitor(), key('unsigned'), { feedback: 'hello' }));
    expect(await serverValue(`feedbacks/${key('forged')}`)).toBeNull();
  });

  it('denies new feedback with an extra child', async () => {
    await assertFails(send(newVisitor(), key('extra'), { feedback: 'ok', email: 'a@b.co' }));
    expect(await serverValue(`feedbacks/${key('extra')}`)).toBeNull();
  });

  it('denies new feedback without the feedback child', async () => {
    await assertFails(send(newVisitor(), key('missing'), { text: 'wrong field' }));
  });

  it('denies feedback that is not a string', async () => {
    await assertFails(send(newVisitor(), key('number'), { feedback: 42 }));
  });

  it('denies empty feedback', async () => {
    await assertFails(send(newVisitor(), key('empty'), { feedback: '' }));
  });

  it('denies feedback of 2001 characters', async () => {
    await assertFails(send(newVisitor(), key('long'), { feedback: 'x'.repeat(2001) }));
    expect(await serverValue(`feedbacks/${key('long')}`)).toBeNull();
  });

  it('denies a bare string at the key (no feedback object)', async () => {
    await assertFails(send(newVisitor(), key('bare'), 'just text'));
  });

  it('denies replacing the whole feedbacks list', async () => {
    await assertFails(write(alice, 'feedbacks', { [key('all')]: { feedback: 'wipe' } }));
    expect(await serverValue(`feedbacks/${key('existing')}`)).toEqual({ feedback: 'The venue map is great', uid: 'alice' });
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

// Issue #30: the replay allowance used to trust the writer's rate mark, which its owner may point anywhere. A
// stranger pointed its own mark at someone else's feedback key, waited out the 30 s, and then every guess of
// that feedback's text was answered: a right guess allowed, a wrong one refused (and a refused guess did not move
// the mark, so guessing could go on). These need the 30 s to pass for real: one wait for the whole block.
describe('hostile: the feedback replay oracle (issue #30), across the 30 s interval', () => {
  const secret = 'Meet me by the stage door at nine';
  let stranger: Database;
  let writer: Database;
  let pointed: 'allowed' | 'refused';

  beforeAll(async () => {
    writer = newVisitor();
    stranger = newVisitor();
    await send(writer, key('oracle-target'), { feedback: secret });
    // The stranger points its own mark at the writer's key (no feedback of its own in the write).
    pointed = await write(stranger, `feedbackRates/${uidOf.get(stranger)!}`, { last: serverTimestamp(), target: key('oracle-target') })
      .then(() => 'allowed' as const, () => 'refused' as const);
    await new Promise((r) => setTimeout(r, 31_000));
  }, 60_000);

  it('a mark cannot be pointed at a feedback its owner did not write', () => {
    expect(pointed).toBe('refused');
  });

  it('a stranger guessing the text of a stored feedback is refused alike for right and wrong guesses', async () => {
    const wUid = uidOf.get(writer)!;
    // Right text, in every shape a guess could take: as the app writes it (own uid), forging the writer's uid, bare.
    await assertFails(send(stranger, key('oracle-target'), { feedback: secret }));
    await assertFails(sendRaw(stranger, key('oracle-target'), { feedback: secret, uid: wUid }));
    await assertFails(sendRaw(stranger, key('oracle-target'), { feedback: secret }));
    // Wrong text.
    await assertFails(send(stranger, key('oracle-target'), { feedback: 'Something else' }));
    expect(await serverValue(`feedbacks/${key('oracle-target')}`)).toEqual({ feedback: secret, uid: wUid });
    // Refused for being someone else's, not for being too soon: the stranger's own feedback goes through now.
    await assertSucceeds(send(stranger, key('oracle-own'), { feedback: 'My own feedback' }));
  });

  it("the writer's own replay after the interval: a changed text is refused, the identical one allowed", async () => {
    await assertFails(send(writer, key('oracle-target'), { feedback: `${secret}, edited` }));
    await assertSucceeds(send(writer, key('oracle-target'), { feedback: secret }));
    expect(await serverValue(`feedbacks/${key('oracle-target')}`)).toEqual({ feedback: secret, uid: uidOf.get(writer) });
  });
});

/** An unsigned ID token as the Auth emulator makes them, with custom claims (`organiser: true`) when given. */
function token(uid: string, claims: Record<string, unknown> = {}): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, iat: Math.floor(Date.now() / 1000), ...claims })}.`;
}
/** A REST request as `uid` (null: no token, the administrator's read), with `claims` in its token. */
function restAs(path: string, uid: string | null, init: RequestInit = {}, claims: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/${path}.json?ns=${projectId}${uid ? `&auth=${token(uid, claims)}` : ''}`, init);
}

// The app sends feedback over the REST API (src/remote/realtime.ts). The local server's REST front
// (scripts/rtdb-server.mjs) judges a request carrying `auth=` with the same rules engine, data and token decoding as
// the SDK's WebSocket path above — these check that it does, so the cases above hold for the app's transport too.
describe('over REST, as the app sends it: the same rules judge', () => {
  const rest = (path: string, uid: string | null, init: RequestInit = {}) => restAs(path, uid, init);
  const patch = (uid: string | null, feedbackKey: string, value: unknown) =>
    rest('', uid, {
      method: 'PATCH',
      body: JSON.stringify({ [`feedbacks/${feedbackKey}`]: value, [`feedbackRates/${uid ?? 'nobody'}`]: { last: { '.sv': 'timestamp' }, target: feedbackKey } }),
    });
  const writer = `rest-writer-${run}`;
  const stranger = `rest-stranger-${run}`;

  it('delivers the app\'s write (server time in the mark), refuses its replay as too soon, and lets only the writer read the mark', async () => {
    const res = await patch(writer, key('rest'), { feedback: 'Sent over HTTPS', uid: writer });
    expect(res.status).toBe(200);
    expect(await serverValue(`feedbacks/${key('rest')}`)).toEqual({ feedback: 'Sent over HTTPS', uid: writer });
    const again = await patch(writer, key('rest'), { feedback: 'Sent over HTTPS', uid: writer });
    expect([again.status, await again.json()]).toEqual([401, { error: 'Permission denied' }]);
    const mark = (await (await rest(`feedbackRates/${writer}`, writer)).json()) as { last: number; target: string };
    expect(mark.target).toBe(key('rest'));
    expect(Math.abs(mark.last - Date.now())).toBeLessThan(10_000);
    expect((await rest(`feedbackRates/${writer}`, stranger)).status).toBe(401);
    expect((await rest(`feedbacks/${key('rest')}`, writer)).status).toBe(401);
  });

  it('refuses a stranger at that key whatever the text, a forged or missing uid, and a write without a token', async () => {
    for (const value of [{ feedback: 'Sent over HTTPS', uid: stranger }, { feedback: 'Sent over HTTPS', uid: writer }, { feedback: 'guess', uid: stranger }]) {
      const res = await patch(stranger, key('rest'), value);
      expect([res.status, await res.json()]).toEqual([401, { error: 'Permission denied' }]);
    }
    expect((await patch(stranger, key('rest-forged'), { feedback: 'hi', uid: writer })).status).toBe(401);
    expect((await patch(stranger, key('rest-unsigned'), { feedback: 'hi' })).status).toBe(401);
    expect((await patch(null, key('rest-anon'), { feedback: 'hi', uid: 'nobody' })).status).toBe(401);
    expect(await serverValue(`feedbacks/${key('rest-forged')}`)).toBeNull();
    expect(await serverValue(`feedbacks/${key('rest')}`)).toEqual({ feedback: 'Sent over HTTPS', uid: writer });
  });

  it('what REST wrote is what the SDK path is judged against (one copy of the data)', async () => {
    const sdkWriter = client(writer);
    uidOf.set(sdkWriter, writer);
    await assertFails(send(sdkWriter, key('rest'), { feedback: 'Changed through the SDK' }));
    expect(await serverValue(`feedbacks/${key('rest')}`)).toEqual({ feedback: 'Sent over HTTPS', uid: writer });
  });
});

// Organisers read the feedback and hide an entry from their list (issue #53), over REST as the console does
// (src/remote/organiser.ts). Only the claim `organiser: true` (set by the Admin SDK: npm run organiser) reads or hides;
// a refusal tells anyone else nothing, since it comes before the entry is looked at.
describe('organisers: reading feedback and hiding an entry', () => {
  const ORG = { organiser: true };
  const org = `rest-organiser-${run}`;
  const writer = `rest-fb-writer-${run}`;
  const entry = key('to-hide');
  const hiddenAt = (k: string) => `feedbacks/${k}/hiddenAt`;
  const stamp = { method: 'PUT', body: JSON.stringify({ '.sv': 'timestamp' }) };

  beforeAll(async () => {
    const res = await restAs('', writer, { method: 'PATCH', body: JSON.stringify({ [`feedbacks/${entry}`]: { feedback: 'The line at the door was long', uid: writer }, [`feedbackRates/${writer}`]: { last: { '.sv': 'timestamp' }, target: entry } }) });
    expect(res.status).toBe(200);
  });

  it('an organiser reads the whole list; a visitor, the writer and a false claim do not', async () => {
    const list = (await (await restAs('feedbacks', org, {}, ORG)).json()) as Record<string, { feedback: string }>;
    expect(list[entry]?.feedback).toBe('The line at the door was long');
    for (const [uid, claims] of [[writer, {}], [`rest-visitor-${run}`, {}], [`rest-false-${run}`, { organiser: false }], [`rest-string-${run}`, { organiser: 'true' }]] as const) {
      expect((await restAs('feedbacks', uid, {}, claims)).status, uid).toBe(401);
      expect((await restAs(`feedbacks/${entry}`, uid, {}, claims)).status, uid).toBe(401);
    }
  });

  it('an organiser hides an entry at the server\'s time and restores it; the text and writer stay as they were', async () => {
    expect((await restAs(hiddenAt(entry), org, stamp, ORG)).status).toBe(200);
    const hidden = (await serverValue(`feedbacks/${entry}`)) as { feedback: string; uid: string; hiddenAt: number };
    expect(hidden).toMatchObject({ feedback: 'The line at the door was long', uid: writer });
    expect(Math.abs(hidden.hiddenAt - Date.now())).toBeLessThan(10_000);
    expect((await restAs(hiddenAt(entry), org, { method: 'DELETE' }, ORG)).status).toBe(200);
    expect(await serverValue(`feedbacks/${entry}`)).toEqual({ feedback: 'The line at the door was long', uid: writer });
  });

  it('refuses an organiser a time of their choosing, a hide of an entry that does not exist, and any other change to an entry', async () => {
    expect((await restAs(hiddenAt(entry), org, { method: 'PUT', body: JSON.stringify(Date.now() - 3_600_000) }, ORG)).status).toBe(401);
    expect((await restAs(hiddenAt(key('no-such-entry')), org, stamp, ORG)).status).toBe(401);
    expect(await serverValue(`feedbacks/${key('no-such-entry')}`)).toBeNull();
    expect((await restAs(`feedbacks/${entry}/feedback`, org, { method: 'PUT', body: JSON.stringify('edited') }, ORG)).status).toBe(401);
    expect((await restAs(`feedbacks/${entry}`, org, { method: 'DELETE' }, ORG)).status).toBe(401);
    expect(await serverValue(`feedbacks/${entry}`)).toEqual({ feedback: 'The line at the door was long', uid: writer });
  });

  it('nobody else hides or restores: the writer, a visitor, a false claim — refused alike for an entry that exists and one that does not', async () => {
    for (const [uid, claims] of [[writer, {}], [`rest-visitor-${run}`, {}], [`rest-false-${run}`, { organiser: false }]] as const) {
      for (const k of [entry, key('never-written')]) {
        const res = await restAs(hiddenAt(k), uid, stamp, claims);
        expect([res.status, await res.json()], `${uid} ${k}`).toEqual([401, { error: 'Permission denied' }]);
      }
    }
    // Hidden by an organiser, the writer cannot restore it — neither directly nor by sending the entry again.
    expect((await restAs(hiddenAt(entry), org, stamp, ORG)).status).toBe(200);
    expect((await restAs(hiddenAt(entry), writer, { method: 'DELETE' })).status).toBe(401);
    const resend = await restAs('', writer, { method: 'PATCH', body: JSON.stringify({ [`feedbacks/${entry}`]: { feedback: 'The line at the door was long', uid: writer }, [`feedbackRates/${writer}`]: { last: { '.sv': 'timestamp' }, target: entry } }) });
    expect(resend.status).toBe(401);
    expect(((await serverValue(`feedbacks/${entry}`)) as { hiddenAt?: number }).hiddenAt).toEqual(expect.any(Number));
  });

  it('a visitor cannot send new feedback that is hidden already', async () => {
    const v = `rest-new-${run}`;
    const k = key('born-hidden');
    const res = await restAs('', v, { method: 'PATCH', body: JSON.stringify({ [`feedbacks/${k}`]: { feedback: 'hi', uid: v, hiddenAt: { '.sv': 'timestamp' } }, [`feedbackRates/${v}`]: { last: { '.sv': 'timestamp' }, target: k } }) });
    expect(res.status).toBe(401);
    expect(await serverValue(`feedbacks/${k}`)).toBeNull();
  });
});
