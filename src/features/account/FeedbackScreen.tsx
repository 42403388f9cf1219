import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { useVisitorId } from '../../session';
import { describeStorageError } from '../../db/storageError';
import { useOnline } from '../../session';
import { formatNumber } from '../../lib/intl';
import { PageHeader } from '../../ui/PageHeader';
import { FEEDBACK_MAX, checkFeedback, loadDraft, saveDraft, submitFeedback } from './feedback';
import { tNodes, useT } from './t';
import './account.css';

const DRAFT_SAVE_DELAY_MS = 400;

/** /feedback (spec §2): saved on the device first, sent through the outbox — offline too. */
export function FeedbackScreen(): ReactElement {
  const t = useT();
  const { uid: searchUid } = useSearch({ from: '/feedback' });
  const visitor = useVisitorId();
  const uid = searchUid ?? visitor;
  const online = useOnline();
  const [text, setText] = useState('');
  const [draftLoaded, setDraftLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What happened to the last submission (an id, so it follows a language switch).
  const [status, setStatus] = useState<'account.feedback.sent' | 'account.feedback.offline' | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  // An unsent draft from an earlier visit comes back (unless the visitor already started typing).
  useEffect(() => {
    let active = true;
    loadDraft()
      .then((draft) => {
        if (active && draft) setText((current) => current || draft);
      })
      .catch(() => undefined)
      .finally(() => {
        if (active) setDraftLoaded(true);
      });
    return () => {
      active = false;
    };
  }, []);

  // Keep the draft while typing; paused during a submit so it cannot resurrect sent text.
  useEffect(() => {
    if (!draftLoaded || busy) return undefined;
    const t = setTimeout(() => void saveDraft(text).catch(() => undefined), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, draftLoaded, busy]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkFeedback(text);
    if (!check.ok) {
      setError(check.error);
      setStatus(null);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await submitFeedback(check.text, uid);
      // On screen before the alert, which blocks the page: behind "Thanks" the field is already empty.
      flushSync(() => {
        setText('');
        setStatus(online ? 'account.feedback.sent' : 'account.feedback.offline');
      });
      window.alert(t('account.feedback.thanks'));
    } catch (err) {
      // Nothing was saved; the text stays so the visitor can try again.
      setError(describeStorageError(err));
    } finally {
      setBusy(false);
    }
  };

  // "You are offline" is true only while the device is: once it is back, the feedback is on its way.
  const shown = status === 'account.feedback.offline' && online ? 'account.feedback.sent' : status;
  const count = text.length;
  const describedBy = error ? 'feedback-count feedback-error' : 'feedback-count';
  return (
    <section className="screen account">
      <PageHeader title={t('account.menu.feedback')} />
      <form className="screen-body stack" onSubmit={(e) => void submit(e)} noValidate>
        <p>{t('account.feedback.intro')}</p>
        <div className="field">
          <label htmlFor="feedback-text">{t('account.feedback.label')}</label>
          <textarea
            id="feedback-text"
            dir="auto"
            ref={field}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            maxLength={FEEDBACK_MAX}
            rows={7}
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <p id="feedback-count" className={count >= FEEDBACK_MAX ? 'counter counter-full' : 'counter'}>
            {t(count >= FEEDBACK_MAX ? 'account.feedback.countFull' : 'account.feedback.count', { count: formatNumber(count), max: formatNumber(FEEDBACK_MAX) })}
          </p>
        </div>
        {error ? (
          <p id="feedback-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-block" disabled={busy}>
          {busy ? t('account.feedback.saving') : t('account.feedback.submit')}
        </button>
        <div role="status" className={shown ? 'alert ok' : undefined}>
          {shown ? t(shown) : ''}
        </div>
        <p className="muted small visitor-id">
          {tNodes('account.feedback.visitor', { id: <code dir="ltr">{uid}</code> })}
        </p>
      </form>
    </section>
  );
}
