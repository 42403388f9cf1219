// What the polls feature's write kinds share: the answers' shape, the clock a vote is cast on, a short title.
import * as v from 'valibot';
import { knownOffset } from '../../../lib/serverNow';

export const Answers = v.record(v.string(), v.string());

// clockOffset: the server-clock offset known when it was cast (src/remote/serverClock.ts); rows from before it
// have none, and are sent on the offset learned when they go.
export const ClockOffset = v.optional(v.pipe(v.number(), v.finite()));

/**
 * How the device's clock stood against the server's when a vote is cast, if this page has learned it: the vote
 * is sent with its time on the server's clock (src/remote/serverClock.ts), even if the phone corrects its clock
 * before the vote goes out.
 */
export function castClock(): { clockOffset?: number } {
  const clockOffset = knownOffset();
  return clockOffset === undefined ? {} : { clockOffset };
}

export const short = (text: string, n = 60): string => (text.length > n ? `${text.slice(0, n)}…` : text);
