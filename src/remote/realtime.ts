// Realtime Database: only the feedback push (spec §7), at a client-made key — over the database's REST API, one
// HTTPS request per send, with the visitor's Firebase ID token as `auth=`.
//
// Why not the database SDK (issue #30): it talks over a WebSocket, and once a WebSocket has failed on a device
// (`firebase:previous_websocket_failure` in localStorage) it falls back to long polling, which loads <script>s from
// the database host — blocked by the app's Content-Security-Policy (script-src 'self'). Venue Wi-Fi and captive
// proxies break WebSockets often, and feedback then stayed "Sending…" for good. A plain fetch goes wherever HTTPS
// goes, from the page and from the service worker alike, under connect-src (scripts/csp.mjs) — and the 42 kB
// database SDK is no longer loaded at all.
import type { RemoteConfig } from './config';
import { RemoteError, toRemoteError } from './errors';
import { FEEDBACK_INTERVAL_MS } from '../lib/limits';
import { idToken } from './auth';

import { codeForStatus, isRulesRefusal, request, restUrl, type Answer } from './rtdbRest';

export { codeForStatus, isRulesRefusal } from './rtdbRest';

function failure(answer: Answer, what: string): RemoteError {
  return new RemoteError(codeForStatus(answer.status), `${what}: HTTP ${answer.status} ${answer.error}`.trim());
}

export function createRealtimeClient(config: RemoteConfig) {
  /** One request with the visitor's token; a token the server turned down is refreshed and tried once more. */
  async function authed(path: string, init: RequestInit): Promise<Answer & { uid: string }> {
    let { uid, token } = await idToken(config);
    let answer = await request(restUrl(config, path, token), init);
    if ((answer.status === 401 || answer.status === 403) && !isRulesRefusal(answer.status, answer.error)) {
      ({ uid, token } = await idToken(config, true));
      answer = await request(restUrl(config, path, token), init);
    }
    return { ...answer, uid };
  }

  return {
    /**
     * The feedback, signed with its writer's uid, and the writer's rate mark (database.rules.json: one feedback per
     * FEEDBACK_INTERVAL_MS per user; the mark names the one feedback it allows) in one atomic multi-path PATCH of
     * the root. A refusal is looked into through the mark, which only its owner reads: it names this feedback → an
     * earlier attempt landed (a replay); it is recent → too soon after the last one, a retry; otherwise the
     * refusal it was.
     */
    async writeFeedback(pushKey: string, data: { feedback: string }): Promise<void> {
      try {
        // The uid and the token are the same user's (idToken): the rules check `uid === auth.uid`.
        const { uid, token } = await idToken(config);
        const body = JSON.stringify({
          [`feedbacks/${pushKey}`]: { ...data, uid },
          [`feedbackRates/${uid}`]: { last: { '.sv': 'timestamp' }, target: pushKey },
        });
        let answer = await request(`${restUrl(config, '', token)}&print=silent`, { method: 'PATCH', body });
        if ((answer.status === 401 || answer.status === 403) && !isRulesRefusal(answer.status, answer.error)) {
          const fresh = await idToken(config, true);
          if (fresh.uid !== uid) throw new RemoteError('unavailable', 'The visitor changed while sending; it goes again as the new one.');
          answer = await request(`${restUrl(config, '', fresh.token)}&print=silent`, { method: 'PATCH', body });
        }
        if (answer.status >= 200 && answer.status < 300) return;
        if (!isRulesRefusal(answer.status, answer.error)) throw failure(answer, 'Sending feedback');

        // Refused by the rules: find out why from the writer's own mark.
        const read = await authed(`feedbackRates/${uid}`, { method: 'GET' });
        // Cannot tell (the read failed): not a verdict to give the visitor; the next attempt is judged anew.
        if (read.status < 200 || read.status >= 300 || read.uid !== uid) throw new RemoteError('unavailable', `Reading the feedback mark: HTTP ${read.status}`);
        const mark = read.body as { last?: unknown; target?: unknown } | null;
        if (mark?.target === pushKey) return; // delivered by an earlier attempt
        // A phone's clock may be off by a minute or two: a refusal within this much of the last feedback is
        // taken as "too soon"; retried after the interval, it either lands or comes back as the refusal it is.
        if (typeof mark?.last === 'number' && Date.now() - mark.last < FEEDBACK_INTERVAL_MS + 120_000) {
          // The facts only: the visitor's words are src/sync/classify.ts's (from `rate`).
          const err = new RemoteError('rate-limited', `over the feedback limit (one every ${FEEDBACK_INTERVAL_MS / 1000} s)`);
          // When to try again, on this device's clock: one interval from now is never early by more than the
          // moment the mark was stamped, and a retry that is still early is simply told so again.
          err.rate = { what: 'feedback', limit: FEEDBACK_INTERVAL_MS / 1000, until: Date.now() + FEEDBACK_INTERVAL_MS };
          throw err;
        }
        throw failure(answer, 'Sending feedback');
      } catch (err) {
        throw toRemoteError(err);
      }
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
