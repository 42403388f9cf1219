// The ballot's markup, once (issue #32): the app's ballot (PollScreen.tsx) draws it with these components, and the
// build renders the same components into the /poll page as templates (BallotParts.tsx), which the pre-React
// ballot (ballotIsland.ts) clones and fills. So the ballot a first visit uses before the app arrives is React's
// markup in the visitor's language, not a copy kept in step by hand. Markup only: state and effects stay with
// the caller.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode, Ref } from 'react';
import { LIMITS } from '../../lib/limits';
import { useT } from './t';

/** The ballot screen: a way back, the title, progress, the question, the step buttons, then what follows them. */
export function BallotFrame({ title, titleLang, index, total, step, progress = true, back, question, review, nav, children }: {
  title: string;
  /** 'en': the organisers' English title shown in another language (issue #57); never set in the island's templates. */
  titleLang?: 'en' | undefined;
  index: number;
  total: number;
  /** "Category 2 of 6", as the progress bar also says it. */
  step: string;
  /** The progress bar (always on award ballots; a one-question community poll has none, and no step line). */
  progress?: boolean;
  back: ReactNode;
  question: ReactNode;
  /** On the last step, the choices made so far with a way to change each (the app's ballot only). */
  review?: ReactNode;
  nav: ReactNode;
  children?: ReactNode;
}): ReactElement {
  const t = useT();
  return (
    <section className="screen poll-screen">
      <div className="screen-body">
        {back}
        <h1 className="poll-title" dir="auto" lang={titleLang}>{title}</h1>
        {progress ? (
          <div className="poll-progress" role="progressbar" aria-label={t('polls.ballot.progress')} aria-valuemin={1} aria-valuemax={total} aria-valuenow={index + 1} aria-valuetext={step}>
            <div className="poll-progress-bar" style={{ width: `${((index + 1) / total) * 100}%` }} />
          </div>
        ) : null}
        {/* Always with the bar: the pre-React ballot's template (BallotParts.tsx) fills this line. */}
        {progress || step ? <p className="poll-step">{step}</p> : null}
        {question}
        {review}
        <div className="poll-nav">{nav}</div>
        {children}
      </div>
    </section>
  );
}

/** One question: its text as the group's legend, its options inside. Focused (tabIndex -1) when the ballot moves on. */
export function QuestionView({ text, lang, questionRef, children }: { text: string; lang?: 'en' | undefined; questionRef?: Ref<HTMLDivElement>; children?: ReactNode }): ReactElement {
  return (
    <div className="poll-question" ref={questionRef} tabIndex={-1}>
      <fieldset>
        <legend className="poll-question-text" dir="auto" lang={lang}>{text}</legend>
        <div className="poll-options">{children}</div>
      </fieldset>
    </div>
  );
}

/** One option: a radio button named by its text (isolated: an organiser's words may run the other way). */
export function OptionView({ name, option, chosen, onChoose }: { name: string; option: string; chosen: boolean; onChoose: () => void }): ReactElement {
  return (
    <label className={chosen ? 'poll-option chosen' : 'poll-option'}>
      <input type="radio" name={name} value={option} checked={chosen} onChange={onChoose} />
      <bdi>{option}</bdi>
    </label>
  );
}

/** Previous / Next. */
export function StepButton({ label, onClick }: { label: string; onClick?: () => void }): ReactElement {
  return <button type="button" className="btn btn-ghost btn-small" onClick={onClick}>{label}</button>;
}

/** Spec §2: Submit Vote appears on the last question, hidden and disabled until it is answered. */
export function SubmitVoteButton({ answered, submitting, onClick }: { answered: boolean; submitting: boolean; onClick?: () => void }): ReactElement {
  const t = useT();
  return (
    <button type="button" className="btn" hidden={!answered} disabled={!answered || submitting} onClick={onClick}>
      {submitting ? t('polls.all.saving') : t('polls.ballot.submitVote')}
    </button>
  );
}

/** Under the e-mail field once an entry was refused. */
export function EmailError({ message }: { message: string }): ReactElement {
  return <p id="email-error" className="field-error">{message}</p>;
}

/** A ticketed poll's voting code field (issue #52), beside the e-mail. */
export interface CodeField {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

/** The award ballot's e-mail step (spec §2), inside its dialog; in a ticketed poll, with the voting code. */
export function EmailForm({ value, error, onChange, onSubmit, code }: { value: string; error: string | null; onChange: (value: string) => void; onSubmit?: () => void; code?: CodeField | undefined }): ReactElement {
  const t = useT();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <p id="email-help">{t('polls.ballot.emailHelp')}</p>
      <div className="field">
        <label htmlFor="vote-email">{t('polls.ballot.emailLabel')}</label>
        <input id="vote-email" data-autofocus type="email" inputMode="email" autoComplete="email" maxLength={LIMITS.email} value={value} aria-describedby={error ? 'email-help email-error' : 'email-help'} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
        {error ? <EmailError message={error} /> : null}
      </div>
      {code ? (
        <div className="field">
          <label htmlFor="vote-code">{t('polls.ballot.codeLabel')}</label>
          {/* Letters and digits a person copies from a card: no autocorrect or capitalisation games, read left to right. */}
          <input id="vote-code" type="text" dir="ltr" autoComplete="off" autoCapitalize="characters" autoCorrect="off" spellCheck={false} maxLength={40} value={code.value} aria-describedby={code.error ? 'code-help code-error' : 'code-help'} aria-invalid={code.error ? true : undefined} onChange={(e) => code.onChange(e.target.value)} />
          <p id="code-help" className="muted small">{t('polls.ballot.codeHelp')}</p>
          {code.error ? <p id="code-error" className="field-error" role="alert">{code.error}</p> : null}
        </div>
      ) : null}
      <p className="muted small">{t('polls.ballot.emailNote')}</p>
      <button type="submit" className="btn btn-block">{t('polls.ballot.submit')}</button>
    </form>
  );
}

/** What became of a cast vote, in words (the thank-you dialog; `kind` is voteStatus's). */
export function VoteStatusLine({ kind, text }: { kind: string; text: string }): ReactElement {
  return <p role="status" data-testid="vote-status" data-sent={kind === 'sent' ? 'yes' : 'no'} data-state={kind}>{text}</p>;
}

/** A dialog's own Close (focused first). */
export function CloseButton({ onClick }: { onClick?: () => void }): ReactElement {
  const t = useT();
  return <button type="button" className="btn btn-block" data-autofocus onClick={onClick}>{t('polls.all.close')}</button>;
}

/** The spec's error view: a heading, the reason, maybe a hint, Back to Polls. */
export function PollErrorView({ heading, message, help }: { heading: string; message: string; help?: string | undefined }): ReactElement {
  const t = useT();
  return (
    <section className="screen poll-screen poll-error">
      <div className="screen-body">
        {/* A panel like the app's other cards, the way back under the words; the spec's texts as they are. */}
        <div className="card poll-error-panel" role="alert">
          <span className="poll-error-mark" aria-hidden="true">!</span>
          <h1>{heading}</h1>
          <p>{message}</p>
          {help ? <p className="muted">{help}</p> : null}
          <Link to="/vote" className="btn btn-block">{t('polls.all.back')}</Link>
        </div>
      </div>
    </section>
  );
}
