// Every kind of write the outbox sends, once (src/sync/kinds.ts); kept by the outbox feature, which shows them all. Given to the page's flusher (main.tsx →
// sync/engine.ts), to the service worker's (sw/sync.ts) and to the queue screen, so each knows every kind
// whatever screen is open — a row outlives the screen that wrote it.
import { feedback } from '../account/writes';
import { awardVote, pollAnswer, userPoll } from '../polls/writes';
import { writeKinds } from '../../sync/kinds';

export const WRITE_KINDS = writeKinds([awardVote, pollAnswer, userPoll, feedback]);
