import { useCallback, useEffect, useState, type ReactElement } from 'react';
import type { FeedbackRecord, OrganiserClient } from './client';
import { useT } from './t';
import { clockText, notDoneText, num, whenText } from './text';
import { serverNow } from '../../lib/serverNow';

/** The list as last read (with why the latest refresh failed, if it did), or why the first read failed. */
type Loaded = { list: FeedbackRecord[]; at: number; failed?: string } | { error: string } | null;

/**
 * Attendees' feedback on /organiser (issue #53): the words only (never who wrote them), newest first, each with a
 * Hide that takes it out of this list for every organiser (hiddenAt on the entry, which only organisers may set:
 * database.rules.json). Hidden entries stay on the server, under "Hidden", with Restore. Read when the section opens
 * and on Refresh, not watched: feedback is read at leisure, and the Realtime Database is reached over REST here.
 */
export function FeedbackPanel({ client, online, offlineNote }: { client: OrganiserClient; online: boolean; offlineNote: string }): ReactElement {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [again, setAgain] = useState(0);
  const refresh = useCallback(() => setAgain((n) => n + 1), []);

  useEffect(() => {
    if (!open) return;
    let live = true;
    client.listFeedback().then(
      (list) => live && setLoaded({ list, at: serverNow() }),
      // A failed refresh keeps the list it had, and says why beside it.
      (e: unknown) => live && setLoaded((l) => (l && 'list' in l ? { ...l, failed: notDoneText(e) } : { error: notDoneText(e) })),
    );
    return () => {
      live = false;
    };
  }, [client, open, again]);

  const list = loaded && 'list' in loaded ? loaded.list : null;
  const shown = list?.filter((f) => f.hiddenAt === null) ?? [];
  const hidden = list?.filter((f) => f.hiddenAt !== null) ?? [];
  const failed = loaded && 'list' in loaded ? loaded.failed ?? null : null;

  return (
    <section className="org-feedback card" aria-labelledby="org-feedback-title" data-testid="org-feedback">
      <div className="org-head">
        <h2 id="org-feedback-title">{t('organiser.feedback.title')}</h2>
      </div>
      <button type="button" className="btn btn-ghost btn-small org-tally-toggle" aria-expanded={open} aria-controls="org-feedback-list" onClick={() => setOpen((v) => !v)}>
        {open ? t('organiser.moderation.hide') : t('organiser.feedback.show')}
      </button>
      <div id="org-feedback-list" hidden={!open}>
        {!open ? null : loaded === null ? (
          <div className="spinner" role="progressbar" aria-label={t('organiser.loading')} />
        ) : 'error' in loaded ? (
          <>
            <p className="alert error" role="alert">{t('organiser.feedback.failed', { why: loaded.error })}</p>
            <button type="button" className="btn btn-small" onClick={refresh}>{t('organiser.feedback.refresh')}</button>
          </>
        ) : (
          <>
            <p className="muted small org-feedback-asof">
              {t('organiser.feedback.count', { count: shown.length, n: num(shown.length) })}
              {' · '}
              {t('organiser.feedback.asOf', { time: clockText(loaded.at) })}
              {' '}
              <button type="button" className="btn btn-ghost btn-small" disabled={!online} aria-describedby={online ? undefined : offlineNote} onClick={refresh}>{t('organiser.feedback.refresh')}</button>
            </p>
            {failed ? <p className="alert error" role="alert">{t('organiser.feedback.failed', { why: failed })}</p> : null}
            {shown.length === 0 ? <p className="muted">{t('organiser.feedback.none')}</p> : (
              <ul className="org-feedback-list">
                {shown.map((f) => <FeedbackRow key={f.key} entry={f} client={client} online={online} offlineNote={offlineNote} done={refresh} />)}
              </ul>
            )}
            {hidden.length > 0 ? (
              <details className="org-feedback-hidden">
                <summary>{t('organiser.feedback.hiddenGroup', { count: hidden.length, n: num(hidden.length) })}</summary>
                <ul className="org-feedback-list">
                  {hidden.map((f) => <FeedbackRow key={f.key} entry={f} client={client} online={online} offlineNote={offlineNote} done={refresh} />)}
                </ul>
              </details>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function FeedbackRow({ entry, client, online, offlineNote, done }: {
  entry: FeedbackRecord;
  client: OrganiserClient;
  online: boolean;
  offlineNote: string;
  done: () => void;
}): ReactElement {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hidden = entry.hiddenAt !== null;
  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.setFeedbackHidden(entry.key, !hidden);
      done(); // the list again, from the server: the entry moves to where it now belongs
    } catch (e) {
      setError(notDoneText(e));
      setBusy(false);
    }
  };
  return (
    <li className="org-feedback-row" data-testid={`org-feedback-${entry.key}`}>
      {/* An attendee's words, in whatever language and direction they wrote them. */}
      <p className="org-feedback-text" dir="auto" id={`org-fb-${entry.key}`}>{entry.text}</p>
      {hidden ? <p className="muted small">{t('organiser.feedback.hiddenSince', { time: whenText(entry.hiddenAt!) })}</p> : null}
      <button type="button" className={hidden ? 'btn btn-small' : 'btn btn-small btn-ghost'} disabled={!online || busy} aria-describedby={online ? `org-fb-${entry.key}` : `org-fb-${entry.key} ${offlineNote}`} onClick={() => void act()}>
        {hidden ? t('organiser.feedback.restore') : t('organiser.feedback.hideOne')}
      </button>
      {error ? <p className="alert error" role="alert">{error}</p> : null}
    </li>
  );
}
