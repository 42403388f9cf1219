// Where a page keeps the last server-clock offset it learned (src/remote/serverClock.ts): src/lib/serverNow.ts
// owns the key and its synchronous read, so the pre-React ballot and the entry chunk get nothing else.
export { knownOffset, OFFSET_STORE_KEY } from '../lib/serverNow';
