// The identity model on the page (docs/security.md, "Identity"): the spec's visitor id until Firebase Auth has
// signed the visitor in, the auth uid from then on; an id a link asked for is remembered only until then.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Visitor from '../../../src/session/visitor';

let mod: typeof Visitor;
let storage: Map<string, string>;

async function load(search: string): Promise<void> {
  vi.resetModules();
  vi.stubGlobal('window', {
    location: { search },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
  });
  mod = await import('../../../src/session/visitor');
  mod.initVisitorId(search);
}

beforeEach(() => {
  storage = new Map();
});

describe('visitor id and the signed-in uid', () => {
  it('a new visitor gets a made-up id, asks for no identity, and takes the auth uid once signed in, for good', async () => {
    await load('');
    const provisional = mod.visitorId();
    expect(provisional).toMatch(/^[0-9a-f-]{36}$/);
    expect(mod.requestedVisitorId('')).toBeUndefined();
    mod.adoptSignedInUid('anon-uid-1');
    expect(mod.visitorId()).toBe('anon-uid-1');
    await load(''); // next visit
    expect(mod.visitorId()).toBe('anon-uid-1');
    expect(mod.requestedVisitorId('')).toBeUndefined();
  });

  it('a ?uid= link asks for that identity on every page of the visit, not only the one it opened', async () => {
    await load('?uid=alice');
    expect(mod.requestedVisitorId('?uid=alice')).toBe('alice');
    await load('?id=private-vote'); // the ballot, opened from the landing without the parameter
    expect(mod.visitorId()).toBe('alice');
    expect(mod.requestedVisitorId('?id=private-vote')).toBe('alice');
  });

  it('where the link could not be honoured (a real project), the signed-in uid replaces it and it is not asked for again', async () => {
    await load('?uid=mayor');
    mod.adoptSignedInUid('anon-uid-2');
    expect(mod.visitorId()).toBe('anon-uid-2');
    await load('');
    expect(mod.visitorId()).toBe('anon-uid-2');
    expect(mod.requestedVisitorId('')).toBeUndefined();
  });

  it('ignores an absurd id in a link (no storage stuffing)', async () => {
    await load(`?uid=${'x'.repeat(500)}`);
    expect(mod.requestedVisitorId(`?uid=${'x'.repeat(500)}`)).toBeUndefined();
    expect(mod.visitorId()).not.toContain('xxx');
  });
});
