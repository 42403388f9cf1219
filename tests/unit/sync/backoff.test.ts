import { describe, expect, it } from 'vitest';
import { backoffDelay, BACKOFF_BASE_MS, BACKOFF_CAP_MS } from '../../../src/sync/backoff';
import { classify } from '../../../src/sync/classify';
import { i18n } from '../../../src/lib/i18n';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { feedback } from '../../../src/features/account/mutations/feedback';
import { awardVote } from '../../../src/features/polls/mutations/awardVote';
import { userPoll } from '../../../src/features/polls/mutations/userPoll';

describe('backoff with full jitter', () => {
  it('grows exponentially from 1 s and is capped at 60 s', () => {
    const top = (n: number) => backoffDelay(n, () => 0.999999);
    expect(top(1)).toBe(BACKOFF_BASE_MS - 1);
    expect(top(2)).toBe(2 * BACKOFF_BASE_MS - 1);
    expect(top(5)).toBe(16 * BACKOFF_BASE_MS - 1);
    expect(top(7)).toBe(BACKOFF_CAP_MS - 1);
    expect(top(50)).toBe(BACKOFF_CAP_MS - 1);
  });
  it('spreads delays uniformly between 0 and the ceiling', () => {
    const samples = Array.from({ length: 2000 }, () => backoffDelay(4));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(8000);
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    expect(mean).toBeGreaterThan(3400);
    expect(mean).toBeLessThan(4600);
    expect(new Set(samples).size).toBeGreaterThan(500);
  });
});

describe('error classification', () => {
  it('retries what time can fix', () => {
    for (const code of ['unavailable', 'deadline-exceeded', 'resource-exhausted', 'aborted', 'internal']) {
      expect(classify({ code }, awardVote).retry, code).toBe(true);
    }
    for (const status of [408, 429, 500, 502, 503]) expect(classify({ status }, feedback).retry, String(status)).toBe(true);
    expect(classify(new TypeError('Failed to fetch dynamically imported module'), feedback).retry).toBe(true);
  });
  it('says why in a sentence a visitor understands, never an error code or a library message', () => {
    expect(classify(new Error('Request failed with error: Failed to fetch'), feedback)).toEqual({ retry: true, reason: 'Something went wrong on the way to the server.' });
    expect(classify({ code: 'unavailable', message: 'Failed to fetch' }).reason).toBe('No connection to the server yet.');
    expect(classify({ code: 'deadline-exceeded', message: 'Saving the vote took longer than 20000 ms' }).reason).toBe('The server took too long to answer.');
    expect(classify({ status: 503 }).reason).toBe('No connection to the server yet.');
    for (const code of ['internal', 'unknown', 'cancelled', 'resource-exhausted', 'aborted']) expect(classify({ code }).reason, code).not.toMatch(/\(|error|ms\b/i);
  });
  it('over a limit the remote did not describe is still a retry, in the generic words, never the remote\'s message', () => {
    const err = Object.assign(new Error('over the answers limit (30 an hour) until 2026-04-06T18:00:00.000Z'), { code: 'rate-limited' });
    expect(classify(err, userPoll)).toEqual({ retry: true, reason: 'Something went wrong on the way to the server.' });
  });
  it('over a limit the remote described (which, until when), the reason is worded in the visitor’s language', () => {
    const until = new Date(2026, 3, 6, 18, 0).getTime();
    const err = Object.assign(new Error('English words'), { code: 'rate-limited', rate: { what: 'answers', limit: 30, until } });
    expect(classify(err, userPoll).reason).toBe('This device has answered 30 polls this hour, the most allowed. It will be sent after 6:00 PM.');
    const feedbackErr = Object.assign(new Error('x'), { code: 'rate-limited', rate: { what: 'feedback', limit: 30 } });
    expect(classify(feedbackErr).reason).toBe('Feedback can be sent once every 30 seconds; this one goes next.');
    i18n.load('es', { 'common.rate.feedback': compileMessage('Puedes enviar comentarios una vez cada {seconds} segundos; este será el siguiente.') });
    i18n.activate('es');
    try {
      expect(classify(feedbackErr).reason).toBe('Puedes enviar comentarios una vez cada 30 segundos; este será el siguiente.');
    } finally {
      i18n.activate('en');
    }
  });
  it('gives up on refusals, with a reason a person can read', () => {
    // A bare refusal says only that: no reason is guessed (issue #30).
    const denied = classify({ code: 'permission-denied' }, awardVote);
    expect(denied.retry).toBe(false);
    expect(denied.reason).toBe('The server did not accept this, and sending it again will not change that.');
    // What the device established after the refusal (src/remote/firestoreLite.ts whyVoteRefused), in words.
    expect(classify({ code: 'already-exists' }, awardVote).reason).toMatch(/a different vote with this e-mail is already recorded/);
    expect(classify({ code: 'not-found' }, awardVote).reason).toMatch(/no longer on the server/);
    expect(classify({ code: 'failed-precondition' }, awardVote).reason).toMatch(/changed after it was cast/);
    expect(classify({ code: 'out-of-range' }, awardVote).reason).toMatch(/more than 31 days after/);
    for (const code of ['invalid-argument', 'failed-precondition', 'unauthenticated', 'not-found', 'already-exists']) {
      expect(classify({ code }, userPoll).retry, code).toBe(false);
    }
    expect(classify({ status: 400 }, feedback).retry).toBe(false);
    // Without a kind's own words, the generic ones.
    expect(classify({ code: 'permission-denied' }).reason).toBe('The server did not accept this, and sending it again will not change that.');
    expect(classify({ code: 'data-loss' }).reason).toBe('The server did not accept this.');
  });
});
