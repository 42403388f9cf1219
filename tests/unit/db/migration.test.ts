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

    const v2 = new TownSquareDB(name);
    await v2.open();
    expect(v2.verno).toBe(DB_VERSION);
    expect(await v2.outbox.count()).toBe(1);
    expect((await v2.outbox.toArray())[0]).toMatchObject({ key: 'poll-responses/a', attempts: 2, lastError: 'x' });
    expect(await v2.votes.get('a')).toMatchObject({ answers: { q: 'A' } });
    // The v2 upgrade computed search terms for existing rows, so offline search finds them at once.
    const found = await v2.people.where('terms').equals('whitmer').toArray();
    expect(found.map((p) => p.id)).toEqual(['governor:michigan']);
    expect(await v2.people.where('terms').equals('michigan').count()).toBe(1);
    expect(await v2.outbox.where('kind').equals('poll-response').count()).toBe(1);
    await v2.delete();
  });
});
