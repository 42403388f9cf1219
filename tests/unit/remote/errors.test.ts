import { describe, expect, it } from 'vitest';
import { toRemoteError } from '../../../src/remote/errors';
import { classify } from '../../../src/sync/classify';
import { RemoteError } from '../../../src/remote/errors';
import { pollAnswer } from '../../../src/features/polls/mutations/pollAnswer';

describe('toRemoteError: one vocabulary for every SDK', () => {
  it('maps the Realtime Database\'s upper-case codes to the ones the outbox classifies', () => {
    // What firebase/database throws for a refused write: code 'PERMISSION_DENIED' (errorForServerCode).
    const denied = Object.assign(new Error('permission_denied at /feedbacks/x: Client doesn\'t have permission'), { code: 'PERMISSION_DENIED' });
    expect(toRemoteError(denied).code).toBe('permission-denied');
    expect(classify(toRemoteError(denied)).retry).toBe(false);
    const unavailable = Object.assign(new Error('unavailable at /feedbacks/x'), { code: 'UNAVAILABLE' });
    expect(classify(toRemoteError(unavailable))).toEqual({ retry: true, reason: 'No connection to the server yet.' });
  });

  it('keeps Firestore codes and maps Auth network failures to a retry', () => {
    expect(toRemoteError(Object.assign(new Error('x'), { code: 'permission-denied' })).code).toBe('permission-denied');
    expect(toRemoteError(Object.assign(new Error('x'), { code: 'auth/network-request-failed' })).code).toBe('unavailable');
  });

  it('an answer to a poll the organisers hid says so, for good; the same code from another kind keeps the generic words', () => {
    const hidden = new RemoteError('poll-hidden', 'answer refused: user-polls/p is hidden');
    expect(classify(hidden, pollAnswer)).toEqual({ retry: false, reason: 'The organisers hid this poll, so it takes no more answers.' });
    expect(classify(hidden).retry).toBe(false);
    expect(classify(hidden).reason).not.toMatch(/hid/);
  });
});
