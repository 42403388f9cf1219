import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Identity from '../../../src/remote/identity';

// Module state: a fresh copy per test.
let mod: typeof Identity;
beforeEach(async () => {
  vi.resetModules();
  mod = await import('../../../src/remote/identity');
});

describe('remote identity (who the Firebase clients act as)', () => {
  it('hands the visitor id set at start-up to the clients', () => {
    mod.setRemoteIdentity('visitor-1');
    expect(mod.takeRemoteIdentity()).toBe('visitor-1');
  });

  it('keeps the identity the clients were made with when it is set again later', () => {
    mod.setRemoteIdentity('visitor-1');
    mod.takeRemoteIdentity();
    mod.setRemoteIdentity('someone-else');
    expect(mod.takeRemoteIdentity()).toBe('visitor-1');
  });

  it('has none when nobody set one (the configuration then uses its default)', () => {
    expect(mod.takeRemoteIdentity()).toBeUndefined();
    mod.setRemoteIdentity('too-late');
    expect(mod.takeRemoteIdentity()).toBeUndefined();
  });
});
