import { describe, expect, it } from 'vitest';
import { codeForStatus, isRulesRefusal } from '../../../src/remote/realtime';
import { classify } from '../../../src/sync/classify';
import { RemoteError } from '../../../src/remote/errors';

// The feedback transport's HTTP answers in the outbox's vocabulary (src/remote/realtime.ts → src/sync/classify.ts).
describe('feedback over REST: HTTP answers → outbox verdicts', () => {
  it('a refusal by the rules (401/403) is permanent; overload, time-outs and server errors are retries', () => {
    const verdict = (status: number) => classify(new RemoteError(codeForStatus(status), `HTTP ${status}`)).retry;
    expect([401, 403].map(verdict)).toEqual([false, false]);
    expect([408, 429, 500, 502, 503].map(verdict)).toEqual([true, true, true, true, true]);
    expect([400, 404, 413].map(verdict)).toEqual([false, false, false]);
  });

  it('only "Permission denied" is the rules speaking; another 401 is a token the server turned down (refreshed, tried again)', () => {
    expect(isRulesRefusal(401, 'Permission denied')).toBe(true);
    expect(isRulesRefusal(401, 'Auth token is expired')).toBe(false);
    expect(isRulesRefusal(401, 'Could not parse auth token.')).toBe(false);
    expect(isRulesRefusal(500, 'Permission denied')).toBe(false);
  });
});
