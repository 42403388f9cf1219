import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useVisitorId } from '../../app/visitor';
import { describeStorageError } from '../../db';
import { useSyncStatus } from '../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { FEEDBACK_MAX, THANKS, checkFeedback, loadDraft, saveDraft, submitFeedback } from './feedback';
import './account.css';

const DRAFT_SAVE_DELAY_MS = 400;

/** /feedback (spec §2): saved on the device first, sent through the outbox — offline too. */
export function FeedbackScreen(): ReactElement {
  const { uid: searchUid } = useSearch({ from: '/feedback' });
  const visitor = useVisitorId();
  const uid = searchUid ?? visitor;
  const online = useSyncStatus((s) => s.online);
  const [text, setText] = useState('');
  const [draftLoaded, setDraftLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
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
      setStatus('');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await submitFeedback(check.text, uid);
      setText('');
      setStatus(online ? 'Thank you — your feedback is on its way.' : 'You are offline: your feedback is saved on this device and will be sent when you reconnect.');
      window.alert(THANKS);
    } catch (err) {
      // Nothing was saved; the text stays so the visitor can try again.
      setError(describeStorageError(err));
    } finally {
      setBusy(false);
    }
  };

  const count = text.length;
  const describedBy = error ? 'feedback-count feedback-error' : 'feedback-count';
  return (
    <section className="screen account">
      <PageHeader title="Leave Feedback" />
      <form className="screen-body stack" onSubmit={(e) => void submit(e)} noValidate>
        <p>Tell the organizers what works, what doesn’t and what you would like to see.</p>
        <div className="field">
          <label htmlFor="feedback-text">Your feedback</label>
          <textarea
            id="feedback-text"
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
            {count.toLocaleString('en-US')} / {FEEDBACK_MAX.toLocaleString('en-US')} characters{count >= FEEDBACK_MAX ? ' — limit reached' : ''}
          </p>
        </div>
        {error ? (
          <p id="feedback-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-block" disabled={busy}>
          {busy ? 'Saving…' : 'Submit'}
        </button>
        <div role="status" className={status ? 'alert ok' : undefined}>
          {status}
        </div>
        <p className="muted small visitor-id">
          Your visitor id: <code>{uid}</code>
        </p>
      </form>
    </section>
  );
}
