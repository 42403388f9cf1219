import { describe, expect, it } from 'vitest';
import { resolveVisitorId, VISITOR_ID_KEY, type KeyValueStore } from '../../../src/lib/visitorId';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('visitor id (spec §3)', () => {
  it('uses and saves the uid from the address', () => {
    const store = memoryStore();
    expect(resolveVisitorId({ queryUid: 'abc', store })).toBe('abc');
    expect(store.data[VISITOR_ID_KEY]).toBe('abc');
  });

  it('falls back to the saved id when the address has none', () => {
    const store = memoryStore({ uid: 'saved-1' });
    expect(resolveVisitorId({ queryUid: null, store, newId: () => 'fresh' })).toBe('saved-1');
  });

  it('makes a new UUID and saves it on a first visit', () => {
    const store = memoryStore();
    const id = resolveVisitorId({ store });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(store.data.uid).toBe(id);
    expect(resolveVisitorId({ store })).toBe(id);
  });

  it('a uid that changes between visits replaces the saved one, and sticks afterwards', () => {
    const store = memoryStore();
    expect(resolveVisitorId({ queryUid: 'first', store })).toBe('first');
    expect(resolveVisitorId({ queryUid: 'second', store })).toBe('second');
    expect(resolveVisitorId({ store })).toBe('second');
  });

  it('prefers the address over a passed uid, and a passed uid over the saved one', () => {
    const store = memoryStore({ uid: 'saved' });
    expect(resolveVisitorId({ queryUid: 'q', passedUid: 'p', store })).toBe('q');
    expect(resolveVisitorId({ passedUid: 'p', store })).toBe('p');
    expect(store.data.uid).toBe('p');
  });

  it('ignores blank or absurdly long ids and survives storage that throws', () => {
    const store = memoryStore({ uid: 'saved' });
    expect(resolveVisitorId({ queryUid: '   ', store })).toBe('saved');
    expect(resolveVisitorId({ queryUid: 'x'.repeat(500), store })).toBe('saved');
    const broken: KeyValueStore = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(resolveVisitorId({ store: broken, newId: () => 'tmp' })).toBe('tmp');
  });
});
