// The registry: every kind of write the outbox sends, once. Each is one module holding its whole path
// (src/features/*/mutations/<kind>.ts; the contract is src/sync/kinds.ts). Kept by the outbox feature, which
// shows them all; given to the page's flusher (main.tsx → sync/engine.ts), to the service worker's (sw/sync.ts)
// and to the queue screen, so each knows every kind whatever screen is open — a row outlives the screen that
// wrote it. A new kind: its module, and one entry here.
import { feedback } from '../account/mutations/feedback';
import { awardVote } from '../polls/mutations/awardVote';
import { pollAnswer } from '../polls/mutations/pollAnswer';
import { pollReport } from '../polls/mutations/pollReport';
import { userPoll } from '../polls/mutations/userPoll';
import { writeKinds } from '../../sync/kinds';

export const WRITE_KINDS = writeKinds([awardVote, pollAnswer, userPoll, feedback, pollReport]);
