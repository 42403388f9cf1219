// Where a page keeps the last server-clock offset it learned (src/remote/serverClock.ts), in its own tiny module
// so the synchronous read (index.ts knownServerOffset) brings nothing else into the entry chunk.
export const OFFSET_STORE_KEY = 'ts:server-clock-offset';
