// What requests observed, told to the app's online flag (online.ts): not in the entry chunk, which only keeps
// the flag itself; these go with the features that make requests.
import { reachability, useOnlineFlag } from './online';

/** The online flag now, outside React. */
export const isOnline = (): boolean => useOnlineFlag.getState().online;

/** A request got an answer from our servers. */
export const noteAnswered = (): void => reachability.answered();

/** A request failed without an answer (network error, deadline): the app checks whether it is offline. */
export const noteNoAnswer = (): void => void reachability.check();

/**
 * A read from our servers, told to the online flag on its way back: a reply (whatever it says) is an answer, a
 * failure makes the app check whether it is offline — a refusal alone does not make it so.
 */
export function observed<T>(request: Promise<T>): Promise<T> {
  return request.then(
    (value) => {
      noteAnswered();
      return value;
    },
    (err: unknown) => {
      noteNoAnswer();
      throw err;
    },
  );
}
