// What a community poll's owner can do with it besides reading its responses (issue #54): close it (no more answers,
// enforced by firestore.rules) and take it off the polls list. Both are final, so each asks first; both need the
// server (a closed poll must be closed for everyone at once), so offline they say so instead of queueing.
import { useState, type ReactElement } from 'react';
import type { UserPollRow } from '../../db';
import { useOnline } from '../../session';
import { isolate } from '../../lib/intl';
import { asOfText } from './text';
import { closeUserPoll } from './data';
import { useT } from './t';

export function OwnerActions({ poll }: { poll: UserPollRow }): ReactElement {
  const t = useT();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const act = async (remove: boolean) => {
    const question = remove ? t('polls.owner.removeConfirm', { title: isolate(poll.title) }) : t('polls.owner.closeConfirm', { title: isolate(poll.title) });
    if (!window.confirm(question)) return;
    setBusy(true);
    setFailed(null);
    try {
      await closeUserPoll(poll.pollId, remove);
    } catch (err) {
      console.warn('The poll could not be closed', err);
      setFailed(navigator.onLine ? t('polls.owner.failed') : t('polls.owner.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card owner-actions" aria-labelledby="owner-actions-heading" data-testid="owner-actions">
      <h2 id="owner-actions-heading">{t('polls.owner.heading')}</h2>
      {poll.removedAt ? <p role="status">{t('polls.owner.removed', { date: asOfText(poll.removedAt) })}</p>
        : poll.closedAt ? <p role="status">{t('polls.owner.closed', { date: asOfText(poll.closedAt) })}</p> : null}
      {poll.local ? <p className="muted small">{t('polls.owner.local')}</p> : null}
      {!online && !poll.removedAt ? <p className="muted small">{t('polls.owner.offline')}</p> : null}
      {failed ? <p className="alert error" role="alert">{failed}</p> : null}
      <div className="form-actions">
        {poll.closedAt ? null : (
          <button type="button" className="btn btn-ghost" disabled={busy || !online || poll.local} onClick={() => void act(false)}>{t('polls.owner.close')}</button>
        )}
        {poll.removedAt ? null : (
          <button type="button" className="btn btn-ghost" disabled={busy || !online || poll.local} onClick={() => void act(true)}>{t('polls.owner.remove')}</button>
        )}
      </div>
    </section>
  );
}
