import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { DB_VERSION, TownSquareDB } from '../../../src/db';
import { defineV1 } from '../../../src/db/schema';

describe('database migrations', () => {
  it('opens data written by v1 with the current code, losing nothing', async () => {
    const name = 'migration-v1';
    const v1 = new Dexie(name);
    defineV1(v1);
    await v1.open();
    await v1.table('people').add({ id: 'governor:michigan', kind: 'governor', name: 'Gretchen Whitmer', entry: { state: 'michigan', stateName: 'Michigan', party: 'Democratic' } });
    await v1.table('outbox').add({ key: 'poll-responses/a', kind: 'poll-response', payload: { docId: 'a' }, createdAt: 1, attempts: 2, nextAttemptAt: 3, state: 'queued', lastError: 'x' });
    await v1.table('votes').add({ docId: 'a', pollId: 'p', responseId: 'r', answers: { q: 'A' }, timestamp: 't', user: 'u@x.io' });
    v1.close();

    const now = new TownSquareDB(name);
    await now.open();
    expect(now.verno).toBe(DB_VERSION);
    expect(await now.outbox.count()).toBe(1);
    expect((await now.outbox.toArray())[0]).toMatchObject({ key: 'poll-responses/a', attempts: 2, lastError: 'x' });
    expect(await now.votes.get('a')).toMatchObject({ answers: { q: 'A' } });
    expect(await now.people.get('governor:michigan')).toMatchObject({ name: 'Gretchen Whitmer', entry: { stateName: 'Michigan' } });
    expect(await now.outbox.where('kind').equals('poll-response').count()).toBe(1);
    now.close();
    // v3 dropped the people's search-terms index (nothing read it: search indexes in memory).
    const raw = await new Dexie(name).open();
    expect([...raw.backendDB().transaction('people').objectStore('people').indexNames]).toEqual(['kind', 'name']);
    raw.close();
    await Dexie.delete(name);
  });

  it('opens a v2 database (with search terms on people) without the terms, losing no row', async () => {
    const name = 'migration-v2';
    const v2 = new Dexie(name);
    defineV1(v2);
    v2.version(2).stores({ outbox: '++seq, &key, state, nextAttemptAt, kind', people: '&id, kind, name, *terms' });
    await v2.open();
    await v2.table('people').add({ id: 'governor:ohio', kind: 'governor', name: 'Mike DeWine', terms: ['mike', 'dewine', 'ohio'], entry: { state: 'ohio' } });
    await v2.table('outbox').add({ key: 'feedback/k', kind: 'feedback', payload: {}, createdAt: 1, attempts: 0, nextAttemptAt: 0, state: 'queued', lastError: null });
    v2.close();

    const now = new TownSquareDB(name);
    await now.open();
    const row = await now.people.get('governor:ohio');
    expect(row).toMatchObject({ id: 'governor:ohio', name: 'Mike DeWine', entry: { state: 'ohio' } });
    expect(row).not.toHaveProperty('terms');
    expect(await now.outbox.where('kind').equals('feedback').count()).toBe(1);
    await now.delete();
  });
});
