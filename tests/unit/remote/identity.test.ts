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

describe('who is signed in (reported by src/remote/auth.ts)', () => {
  it('tells a listener the signed-in uid at once if known, then every change, once each', () => {
    const heard: string[] = [];
    mod.reportSignedIn('anon-1');
    const stop = mod.onSignedIn((uid) => heard.push(uid));
    mod.reportSignedIn('anon-1'); // a restored session reporting the same user again
    mod.reportSignedIn('alice'); // another tab signed in as someone else
    stop();
    mod.reportSignedIn('bob');
    expect(heard).toEqual(['anon-1', 'alice']);
  });
});
