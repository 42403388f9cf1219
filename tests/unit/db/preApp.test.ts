// The prerendered ballot's raw IndexedDB write (src/db/preApp.ts) against a real IndexedDB implementation
// (fake-indexeddb) and the app's own Dexie schema: the database it creates on a first visit is the one Dexie
// creates, Dexie opens it as its own, and the vote it stores is the row the app would have written.
import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, TownSquareDB } from '../../../src/db';
import { IDB_VERSION } from '../../../src/db/names';
import { defineV1 } from '../../../src/db/schema';
import { openBeforeApp, readDraftBeforeApp, saveDraftBeforeApp, storeVoteBeforeApp } from '../../../src/db/preApp';
import { awardVoteRows } from '../../../src/sync/awardVoteRow';
import { awardVote } from '../../../src/features/polls/mutations/awardVote';
import { parsePayload } from '../../../src/sync/kinds';

afterEach(async () => {
  vi.restoreAllMocks();
  await Dexie.delete(DB_NAME);
});

/** Every store of a database: key path, auto-increment, and its indexes (name, key path, unique, multi-entry). */
function structure(idb: IDBDatabase): unknown {
  const names = [...idb.objectStoreNames].sort();
  const tx = idb.transaction(names);
  return {
    version: idb.version,
    stores: Object.fromEntries(names.map((n) => {
      const s = tx.objectStore(n);
      const indexes = [...s.indexNames].sort().map((i) => {
        const x = s.index(i);
        return [i, x.keyPath, x.unique, x.multiEntry];
      });
      return [n, { keyPath: s.keyPath, auto: s.autoIncrement, indexes }];
    })),
  };
}

const sample = (email = 'ada@example.com') =>
  awardVoteRows({ docId: `fashion_${email.length}`, pollId: 'fashion', responseId: 'r-1', email, answers: { q1: 'A' }, pressedAt: new Date('2026-04-06T19:05:00Z') }, 1_000);

describe('the pre-app ballot’s database', () => {
  it('on a first visit creates exactly the database Dexie creates (same stores, keys, indexes, version)', async () => {
    const fresh = new IDBFactory();
    const made = await openBeforeApp(fresh);
    expect(made).not.toBeNull();
    const dexieMade = new TownSquareDB('dexie-made');
    await dexieMade.open();
    expect(structure(made!)).toEqual(structure(dexieMade.backendDB()));
    expect(made!.version).toBe(IDB_VERSION);
    made!.close();
    dexieMade.close();
    await Dexie.delete('dexie-made');
  });

  it('stores a vote the app then finds as its own: Dexie opens the database without patching it, the outbox row is the app’s', async () => {
    const { vote, row } = sample();
    expect(await storeVoteBeforeApp(vote, row)).toBe('stored');
    const warn = vi.spyOn(console, 'warn');
    const app = new TownSquareDB();
    await app.open();
    expect(warn).not.toHaveBeenCalled(); // Dexie's "Schema was extended…" patch would warn and bump the version
    expect(app.backendDB().version).toBe(IDB_VERSION);
    expect(await app.votes.get(vote.docId)).toEqual(vote);
    const [stored] = await app.outbox.toArray();
    expect(stored).toEqual({ ...row, seq: 1 });
    // What the flusher does with it: the award-vote kind reads the payload back.
    expect(parsePayload(awardVote, stored!.payload)).toEqual(row.payload);
    expect(awardVote.target(row.payload)).toBe(row.key);
    app.close();
  });

  it('a second submit of the same e-mail is refused and writes nothing', async () => {
    const { vote, row } = sample();
    expect(await storeVoteBeforeApp(vote, row)).toBe('stored');
    expect(await storeVoteBeforeApp({ ...vote, responseId: 'r-2' }, row)).toBe('already');
    const app = new TownSquareDB();
    expect(await app.outbox.count()).toBe(1);
    expect((await app.votes.get(vote.docId))?.responseId).toBe('r-1');
    app.close();
  });

  it('removes the ballot’s draft with the vote, and keeps a draft written before it', async () => {
    const draft = { pollId: 'fashion', email: 'ada@example.com', answers: { q1: 'A' }, index: 0, order: { q1: ['B', 'A'] }, updatedAt: 5 };
    expect(await saveDraftBeforeApp(draft)).toBe(true);
    expect(await readDraftBeforeApp('fashion')).toEqual(draft);
    const { vote, row } = sample();
    await storeVoteBeforeApp(vote, row);
    expect(await readDraftBeforeApp('fashion')).toBeNull();
  });

  it('leaves an older release’s database to the app (its upgrade is Dexie’s): nothing written, version unchanged', async () => {
    const v1 = new Dexie(DB_NAME);
    defineV1(v1);
    await v1.open();
    v1.close();
    const { vote, row } = sample();
    expect(await storeVoteBeforeApp(vote, row)).toBe('unavailable');
    const raw = await new Dexie(DB_NAME).open();
    expect(raw.backendDB().version).toBe(10);
    expect(await raw.table('outbox').count()).toBe(0);
    raw.close();
  });

  it('writes into a newer release’s database (this page is an old copy) when the ballot’s tables are there', async () => {
    const app = new TownSquareDB();
    await app.open();
    app.close();
    // A later release: one more version, one more table.
    const later = new Dexie(DB_NAME);
    later.version(5).stores({ outbox: '++seq, &key, state, nextAttemptAt, kind', votes: '&docId, pollId', ballotDrafts: '&pollId', extra: '&id' });
    await later.open();
    later.close();
    const { vote, row } = sample();
    expect(await storeVoteBeforeApp(vote, row)).toBe('stored');
    const raw = await new Dexie(DB_NAME).open();
    expect(raw.backendDB().version).toBe(50);
    expect(await raw.table('outbox').count()).toBe(1);
    raw.close();
  });
});
