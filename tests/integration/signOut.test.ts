// "Start fresh" (src/remote/auth.ts signOutVisitor) while a write is on its way, against the real Auth emulator: the
// write asks who is signed in during the sign-out. It must get a user who is still signed in afterwards — the old
// uid, sent after the sign-out with no ID token, is a stranger's write to the rules and refused for good.
import { describe, expect, it } from 'vitest';
import { authUid, idToken, signOutVisitor } from '../../src/remote/auth';
import { emulatorConfig } from './env';

describe('a sign-in asked for during "Start fresh"', () => {
  it('answers with a user who is signed in once the sign-out is over, and every later call agrees', async () => {
    const { identity: _none, ...cfg } = emulatorConfig(); // an anonymous visitor, as in production
    const before = await authUid(cfg);
    const out = signOutVisitor(cfg);
    // The write that asks in the middle (its sign-in promise is made while the sign-out runs).
    await Promise.resolve();
    const during = authUid(cfg);
    await out;
    const asked = await during;
    const { uid: tokenUid } = await idToken(cfg);
    expect(asked, 'the write during the sign-out is not sent as the visitor just signed out').not.toBe(before);
    expect(tokenUid, 'its ID token is that same user').toBe(asked);
    expect(await authUid(cfg), 'and the next write agrees').toBe(asked);
  });
});
