import { useId, useMemo, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { AwardPollRecord, OrganiserClient } from './client';
import { droppedNominees, hasErrors, move, newCategoryId, POLL_LIMITS, recordOf, validateDraft, type FormErrors, type LocalErrors, type LocalWords, type PollDraft } from './form';
import { isolate } from '../../lib/intl';
import { DEVICE_LIMIT_MAX } from '../../lib/limits';
import { useTally } from './hooks';
import { useT } from './t';
import { fieldErrorText, notDoneText, num } from './text';

/**
 * Create or edit an award poll: title, categories, nominees (add, remove, reorder), the rules' limits checked field
 * by field before anything is sent. Saving is a live write (refused offline, never queued).
 */
export function PollEditor({ client, initial, saved, online, offlineNote, existingOrders, onDone }: {
  client: OrganiserClient;
  initial: PollDraft;
  /** The poll as the server has it (editing), to warn which votes would stop counting. */
  saved: AwardPollRecord | null;
  online: boolean;
  offlineNote: string;
  existingOrders: number[];
  /** With the id of the poll saved; without one when the edit was cancelled. */
  onDone: (savedId?: string) => void;
}): ReactElement {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<PollDraft>(initial);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  // Whether the poll has votes: its tally rows (counts are not shown here, only the warning they call for).
  const rows = useTally(saved ? client : null, saved?.id ?? null);
  const hasVotes = (rows.data?.length ?? 0) > 0;
  const dropped = useMemo(() => (saved && hasVotes ? droppedNominees(saved, draft) : []), [saved, hasVotes, draft]);

  const change = (next: PollDraft) => {
    setDraft(next);
    if (errors) setErrors(validateDraft(next)); // once shown, errors follow the edits
  };
  const setCategory = (i: number, patch: Partial<PollDraft['questions'][number]>) =>
    change({ ...draft, questions: draft.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    if (hasErrors(found)) {
      setErrors(found);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const record = recordOf(draft, existingOrders);
      await client.savePoll(record);
      onDone(record.id);
    } catch (err) {
      setFailure(notDoneText(err));
      setSaving(false);
    }
  };

  const err = (key: string, text: string | undefined) => (text ? <p id={key} className="field-error">{text}</p> : null);
  const titleErr = errors?.title ? fieldErrorText(errors.title) : undefined;
  const listErr = errors?.categories ? (errors.categories.code === 'tooFew' ? t('organiser.err.noCategories') : t('organiser.err.tooManyCategories', { max: num(errors.categories.max) })) : undefined;

  return (
    <form className="org-editor" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{draft.isNew ? t('organiser.form.new') : t('organiser.form.edit')}</h2>
      {hasVotes ? <p className="alert">{t('organiser.form.hasVotes')}</p> : null}
      {errors && hasErrors(errors) ? <p ref={summaryRef} tabIndex={-1} className="alert error" role="alert">{t('organiser.form.check')}</p> : null}

      <div className="field">
        <label htmlFor={`${id}-title`}>{t('organiser.form.title')}</label>
        <input id={`${id}-title`} type="text" dir="auto" value={draft.title} onChange={(e) => change({ ...draft, title: e.target.value })} aria-invalid={titleErr ? true : undefined} aria-describedby={titleErr ? `${id}-title-e` : undefined} />
        {err(`${id}-title-e`, titleErr)}
      </div>
      <LocalFields base={`${id}-title`} kind="title" words={draft.local} errors={errors?.titleLocal} onChange={(local) => change({ ...draft, local })} />

      <fieldset className="org-mode-set card">
        <legend>{t('organiser.form.who')}</legend>
        <label className="org-radio">
          <input type="radio" name={`${id}-voting`} checked={draft.voting === 'open'} onChange={() => change({ ...draft, voting: 'open' })} />
          <span>{t('organiser.form.open')}</span>
        </label>
        {draft.voting === 'open' ? (
          <div className="field org-indent">
            <label htmlFor={`${id}-limit`}>{t('organiser.form.deviceLimit')}</label>
            <input id={`${id}-limit`} type="number" inputMode="numeric" min={1} max={DEVICE_LIMIT_MAX} value={draft.deviceLimit} onChange={(e) => change({ ...draft, deviceLimit: e.target.value })} aria-invalid={errors?.deviceLimit ? true : undefined} aria-describedby={`${id}-limit-h${errors?.deviceLimit ? ` ${id}-limit-e` : ''}`} />
            <p id={`${id}-limit-h`} className="muted small">{t('organiser.form.deviceLimitHelp')}</p>
            {err(`${id}-limit-e`, errors?.deviceLimit ? t('organiser.err.deviceLimit', { max: num(DEVICE_LIMIT_MAX) }) : undefined)}
          </div>
        ) : null}
        <label className="org-radio">
          <input type="radio" name={`${id}-voting`} checked={draft.voting === 'ticketed'} onChange={() => change({ ...draft, voting: 'ticketed' })} />
          <span>{t('organiser.form.ticketed')}</span>
        </label>
      </fieldset>

      {draft.questions.map((q, i) => {
        const ce = errors?.byCategory[i];
        const qErr = ce?.question ? fieldErrorText(ce.question) : undefined;
        const nErr = ce?.nominees ? (ce.nominees.code === 'tooFew' ? t('organiser.err.fewNominees', { min: num(ce.nominees.min) }) : t('organiser.err.manyNominees', { max: num(ce.nominees.max) })) : undefined;
        const base = `${id}-c${i}`;
        return (
          <fieldset key={q.id} className="org-cat card">
            <legend>{t('organiser.form.category', { n: num(i + 1) })}</legend>
            <div className="field">
              <label htmlFor={`${base}-q`}>{t('organiser.form.categoryName')}</label>
              <input id={`${base}-q`} type="text" dir="auto" value={q.question} onChange={(e) => setCategory(i, { question: e.target.value })} aria-invalid={qErr ? true : undefined} aria-describedby={qErr ? `${base}-q-e` : undefined} />
              {err(`${base}-q-e`, qErr)}
            </div>
            <LocalFields base={`${base}-q`} kind="category" words={q.local} errors={ce?.questionLocal} onChange={(local) => setCategory(i, { local })} />
            <p className="org-sub" id={`${base}-n`}>{t('organiser.form.nominees')}</p>
            <ol className="org-nominee-edit" aria-labelledby={`${base}-n`}>
              {q.options.map((o, j) => {
                const oErr = ce?.byNominee[j] ? fieldErrorText(ce.byNominee[j]) : undefined;
                const nid = `${base}-o${j}`;
                return (
                  <li key={j}>
                    <div className="org-nominee-row">
                      <label htmlFor={nid} className="visually-hidden">{t('organiser.form.nominee', { n: num(j + 1) })}</label>
                      <input id={nid} type="text" dir="auto" value={o} placeholder={t('organiser.form.nominee', { n: num(j + 1) })} onChange={(e) => setCategory(i, { options: q.options.map((x, k) => (k === j ? e.target.value : x)) })} aria-invalid={oErr ? true : undefined} aria-describedby={oErr ? `${nid}-e` : undefined} />
                      <button type="button" className="icon-btn org-icon" disabled={j === 0} onClick={() => setCategory(i, { options: move(q.options, j, -1) })} aria-label={t('organiser.form.up', { n: num(j + 1) })}>↑</button>
                      <button type="button" className="icon-btn org-icon" disabled={j === q.options.length - 1} onClick={() => setCategory(i, { options: move(q.options, j, 1) })} aria-label={t('organiser.form.down', { n: num(j + 1) })}>↓</button>
                      <button type="button" className="icon-btn org-icon" onClick={() => setCategory(i, { options: q.options.filter((_, k) => k !== j) })} aria-label={t('organiser.form.removeNominee', { n: num(j + 1) })}>×</button>
                    </div>
                    {err(`${nid}-e`, oErr)}
                  </li>
                );
              })}
            </ol>
            {err(`${base}-n-e`, nErr)}
            <div className="org-actions">
              <button type="button" className="btn btn-ghost btn-small" disabled={q.options.length >= POLL_LIMITS.nomineesMax} onClick={() => setCategory(i, { options: [...q.options, ''] })}>{t('organiser.form.addNominee')}</button>
              <button type="button" className="btn btn-danger btn-small" onClick={() => change({ ...draft, questions: draft.questions.filter((_, k) => k !== i) })}>{t('organiser.form.removeCategory', { n: num(i + 1) })}</button>
            </div>
          </fieldset>
        );
      })}
      {err(`${id}-list-e`, listErr)}
      <button type="button" className="btn btn-ghost" disabled={draft.questions.length >= POLL_LIMITS.categories} onClick={() => change({ ...draft, questions: [...draft.questions, { id: newCategoryId(), question: '', options: ['', ''] }] })}>{t('organiser.form.addCategory')}</button>

      {dropped.length > 0 ? (
        <div className="alert error" role="status">
          {dropped.map((d) => (
            <p key={d.category}>{t('organiser.form.dropping', { category: isolate(d.category), names: d.nominees.map(isolate).join(', ') })}</p>
          ))}
        </div>
      ) : null}
      {failure ? <p className="alert error" role="alert">{failure}</p> : null}
      {online ? null : <p id={`${id}-off`} className="org-offline-here">{t('organiser.offlineHere')}</p>}
      <div className="org-actions">
        <button type="submit" className="btn" disabled={saving || !online} aria-describedby={online ? undefined : `${id}-off ${offlineNote}`}>{saving ? t('organiser.form.saving') : t('organiser.form.save')}</button>
        <button type="button" className="btn btn-ghost" onClick={() => onDone()}>{t('organiser.form.cancel')}</button>
      </div>
    </form>
  );
}

const LANGUAGES = [
  { lang: 'es', dir: 'ltr', title: 'organiser.form.titleEs', category: 'organiser.form.categoryEs' },
  { lang: 'ar', dir: 'rtl', title: 'organiser.form.titleAr', category: 'organiser.form.categoryAr' },
] as const;

/**
 * A title's or a category's words in Spanish and Arabic (issue #57), folded away until wanted (open when some are
 * written). Optional: voters in a language left empty read the English, marked as English.
 */
function LocalFields({ base, kind, words, errors, onChange }: {
  base: string;
  kind: 'title' | 'category';
  words: LocalWords | undefined;
  errors: LocalErrors | undefined;
  onChange: (words: LocalWords) => void;
}): ReactElement {
  const t = useT();
  const written = LANGUAGES.some((l) => (words?.[l.lang] ?? '') !== '');
  return (
    <details className="org-local" open={written || errors !== undefined}>
      <summary>{kind === 'title' ? t('organiser.form.localTitle') : t('organiser.form.localCategory')}</summary>
      <div className="org-local-body">
      <p className="muted small" id={`${base}-local-h`}>{t('organiser.form.localHelp')}</p>
      {LANGUAGES.map((l) => {
        const fid = `${base}-${l.lang}`;
        const e = errors?.[l.lang];
        return (
          <div key={l.lang} className="field">
            <label htmlFor={fid}>{t(kind === 'title' ? l.title : l.category)}</label>
            {/* Typed in that language: its direction, and its language for spell-checking and screen readers. */}
            <input id={fid} type="text" lang={l.lang} dir={l.dir} value={words?.[l.lang] ?? ''} onChange={(ev) => onChange({ ...words, [l.lang]: ev.target.value })} aria-invalid={e ? true : undefined} aria-describedby={e ? `${base}-local-h ${fid}-e` : `${base}-local-h`} />
            {e ? <p id={`${fid}-e`} className="field-error">{t('organiser.err.tooLong', { max: num(e.max) })}</p> : null}
          </div>
        );
      })}
      </div>
    </details>
  );
}
