import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { fetchAccountFirstName, fetchUserDetails, type ApiUser } from '../../remote';
import { useVisitorId } from '../../session';
import { LIMITS } from '../../lib/limits';
import { createUserPoll, CREATE_POLL_DRAFT, StorageError } from './data';
import { validatePollForm, type DraftQuestion, type PollFormErrors } from './logic';
import { num, pollFormText } from './text';
import { tNodes, useT } from './t';
import './polls.css';

interface FormDraft {
  title: string;
  questions: DraftQuestion[];
  /** Results only once the owner closes the poll (issue #54). */
  resultsAfterClose?: boolean;
}

const newQuestion = (): DraftQuestion => ({ id: crypto.randomUUID(), question: '', options: ['', '', '', ''] });
const emptyForm = (): FormDraft => ({ title: '', questions: [newQuestion()] });

export function CreatePollScreen(): ReactElement {
  const t = useT();
  const navigate = useNavigate();
  const uid = useVisitorId();
  const [user, setUser] = useState<ApiUser | null | undefined>(undefined);
  const [lookingUp, setLookingUp] = useState(false);
  const saved = useLiveQuery(() => db.drafts.get(CREATE_POLL_DRAFT).then((d) => d ?? null), []);
  const [form, setForm] = useState<FormDraft | null>(null);
  // The form as it was last submitted: its errors are worded at render, so they follow a change of language.
  const [submitted, setSubmitted] = useState<FormDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [storageMessage, setStorageMessage] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);

  // Spec §2: a spinner while user details load; a failure is logged and the page continues without a user.
  // The name comes from the user-details API when one is configured, else from the visitor's account document.
  // The form does not wait for the second lookup (a sign-in and a read, slow on venue Wi-Fi).
  useEffect(() => {
    let live = true;
    void fetchUserDetails(uid).then((u) => {
      if (!live) return;
      setUser(u);
      if (u) return;
      setLookingUp(true);
      void fetchAccountFirstName(uid).then((name) => {
        if (!live) return;
        setLookingUp(false);
        if (name) setUser({ id: uid, first_name: name });
      });
    });
    return () => {
      live = false;
    };
  }, [uid]);

  // An unfinished form comes back after a reload.
  useEffect(() => {
    if (saved === undefined || form) return;
    const value = saved?.value as FormDraft | undefined;
    setForm(value && Array.isArray(value.questions) && value.questions.length > 0 ? value : emptyForm());
  }, [saved, form]);

  const errors: PollFormErrors | null = submitted ? validatePollForm(submitted.title, submitted.questions, pollFormText()).errors : null;
  if (user === undefined || !form) return <div className="spinner" role="progressbar" aria-label={t('polls.create.loading')} />;

  const change = (next: FormDraft) => {
    setForm(next);
    void db.drafts.put({ id: CREATE_POLL_DRAFT, value: next, updatedAt: Date.now() }).catch(() => undefined);
  };
  const setQuestion = (id: string, patch: Partial<DraftQuestion>) => change({ ...form, questions: form.questions.map((q) => (q.id === id ? { ...q, ...patch } : q)) });

  const submit = async () => {
    const { valid, errors: found } = validatePollForm(form.title, form.questions, pollFormText());
    setSubmitted(form);
    if (!valid) {
      // Focus the first field that needs attention so keyboard and screen-reader users land on it.
      const first = found.title ? 'poll-title' : `q-${Object.keys(found.questions)[0] ?? ''}`;
      document.getElementById(first)?.focus();
      return;
    }
    setSaving(true);
    setStorageMessage(null);
    try {
      const made = await createUserPoll({
        title: form.title,
        questions: form.questions,
        uploaderId: uid,
        uploadedBy: user ? { id: user.id, first_name: user.first_name } : null,
        resultsAfterClose: form.resultsAfterClose === true,
      });
      flushSync(() => setForm(emptyForm())); // cleared behind the alert, which blocks the page
      window.alert(t('polls.create.created'));
      // The spec's /vote, with this poll's "Your poll is live" card on top (its link, QR code, share sheet).
      await navigate({ to: '/vote', state: (prev) => ({ ...prev, createdPoll: made.pollId }) });
    } catch (err) {
      flushSync(() => setStorageMessage(err instanceof StorageError ? err.userMessage : null));
      window.alert(t('polls.create.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="create-poll">
      <Link to="/vote" className="back-link">{t('polls.all.backLink')}</Link>
      <h1>{t('polls.create.title')}</h1>
      {/* Who the poll will be posted as, said before the form as a plain fact (issue #35: "your name could not be
          loaded" after the button read like an error). */}
      {user === null && !lookingUp ? <p className="muted small create-poll-as">{t('polls.create.anonymous')}</p> : null}
      {user?.first_name ? <p className="muted small create-poll-as" data-testid="posting-as">{tNodes('polls.create.postingAs', { name: <bdi>{user.first_name}</bdi> })}</p> : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="poll-title">{t('polls.create.pollTitle')}</label>
          <input id="poll-title" ref={titleRef} type="text" dir="auto" required maxLength={LIMITS.pollTitle} value={form.title} aria-invalid={errors?.title ? true : undefined} aria-describedby={errors?.title ? 'poll-title-error' : undefined} onChange={(e) => change({ ...form, title: e.target.value })} />
          {errors?.title ? <p id="poll-title-error" className="field-error">{errors.title}</p> : null}
        </div>

        {form.questions.map((q, i) => (
          <fieldset key={q.id} className="q-block">
            <legend>{t('polls.create.question', { n: num(i + 1) })}</legend>
            <div className="field">
              <label htmlFor={`q-${q.id}`} className="visually-hidden">{t('polls.create.questionText', { n: num(i + 1) })}</label>
              <input id={`q-${q.id}`} type="text" dir="auto" required placeholder={t('polls.create.question', { n: num(i + 1) })} maxLength={LIMITS.question} value={q.question} aria-invalid={errors?.questions[q.id] ? true : undefined} aria-describedby={errors?.questions[q.id] ? `q-${q.id}-error` : undefined} onChange={(e) => setQuestion(q.id, { question: e.target.value })} />
              {errors?.questions[q.id] ? <p id={`q-${q.id}-error`} className="field-error">{errors.questions[q.id]}</p> : null}
            </div>
            <div className="q-options">
              {q.options.map((o, j) => (
                <div key={j} className="field">
                  <label htmlFor={`o-${q.id}-${j}`} className="visually-hidden">{t('polls.create.optionLabel', { n: num(i + 1), m: num(j + 1) })}</label>
                  <input id={`o-${q.id}-${j}`} type="text" dir="auto" placeholder={t('polls.create.option', { n: num(j + 1) })} maxLength={LIMITS.option} value={o} onChange={(e) => setQuestion(q.id, { options: q.options.map((x, k) => (k === j ? e.target.value : x)) })} />
                </div>
              ))}
            </div>
            {form.questions.length > 1 ? (
              <button type="button" className="btn btn-ghost btn-small" style={{ marginTop: '.75rem' }} onClick={() => change({ ...form, questions: form.questions.filter((x) => x.id !== q.id) })}>
                {t('polls.create.remove', { n: num(i + 1) })}
              </button>
            ) : null}
          </fieldset>
        ))}

        <div className="field field-check">
          <input id="poll-results-after" type="checkbox" checked={form.resultsAfterClose === true} aria-describedby="poll-results-after-help" onChange={(e) => change({ ...form, resultsAfterClose: e.target.checked })} />
          <label htmlFor="poll-results-after">{t('polls.create.resultsAfter')}</label>
          <p id="poll-results-after-help" className="muted small">{t('polls.create.resultsAfterHelp')}</p>
        </div>

        {storageMessage ? <p className="alert error" role="alert">{storageMessage}</p> : null}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" disabled={form.questions.length >= LIMITS.questions} onClick={() => change({ ...form, questions: [...form.questions, newQuestion()] })}>
            {t('polls.create.add')}
          </button>
          <button type="submit" className="btn" disabled={saving}>{saving ? t('polls.all.saving') : t('polls.all.createPoll')}</button>
        </div>
      </form>
    </section>
  );
}
