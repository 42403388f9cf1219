import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { db, useLiveQuery, type BallotDraft, type LocalVote } from '../../db';
import { LIMITS } from '../../lib/limits';
import { Modal } from '../../ui/Modal';
import { castAwardVote, castUserPollVote, AlreadyVotedError, refreshAwardPoll, refreshUserPoll, saveBallotDraft, StorageError, type FetchOutcome } from './data';
import { checkSubmission, isValidEmail, shuffle, voteDocId, type Question } from './logic';
import { ShareBox } from './ShareBox';
import './polls.css';

/** Spec §9: choosing an answer moves on after 500 ms. */
export const AUTO_ADVANCE_MS = 500;

type Loaded = { kind: 'award' | 'user'; id: string; title: string; questions: Question[] };

function usePoll(id: string | undefined): { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; poll: Loaded } {
  const cached = useLiveQuery(async () => (id ? { award: await db.polls.get(id), user: await db.userPolls.get(id) } : null), [id]);
  const [outcome, setOutcome] = useState<FetchOutcome | 'pending'>('pending');
  useEffect(() => {
    if (!id) return;
    let live = true;
    setOutcome('pending');
    // Award polls first (the spec's poll screen); a user poll opened from the list is found next.
    void refreshAwardPoll(id).then(async (award) => {
      const result = award === 'not-found' ? await refreshUserPoll(id) : award;
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (!id) return { state: 'error', message: 'No poll ID provided' };
  if (cached?.award) return { state: 'ready', poll: { kind: 'award', id, title: cached.award.title, questions: cached.award.questions } };
  if (cached?.user) return { state: 'ready', poll: { kind: 'user', id, title: cached.user.title, questions: cached.user.questions } };
  if (cached === undefined || outcome === 'pending' || outcome === 'found') return { state: 'loading' };
  return { state: 'error', message: outcome === 'not-found' ? 'Poll not found' : 'Error fetching poll' };
}

export function PollScreen(): ReactElement {
  const { id } = useSearch({ strict: false }) as { id?: string };
  const result = usePoll(id);
  if (result.state === 'loading') return <div className="spinner" role="progressbar" aria-label="Loading poll" />;
  if (result.state === 'error') return <PollError message={result.message} />;
  return <Ballot key={result.poll.id} poll={result.poll} />;
}

function PollError({ message }: { message: string }): ReactElement {
  return (
    <section className="screen poll-error" role="alert">
      <h1>Error</h1>
      <p>{message}</p>
      {message === 'Error fetching poll' ? <p className="muted">Check your connection — polls you have opened before work offline.</p> : null}
      <Link to="/vote" className="btn">Back to Polls</Link>
    </section>
  );
}

function Ballot({ poll }: { poll: Loaded }): ReactElement {
  const navigate = useNavigate();
  const draft = useLiveQuery(() => db.ballotDrafts.get(poll.id).then((d) => d ?? null), [poll.id]);
  const [state, setState] = useState<BallotDraft | null>(null);
  const [emailInput, setEmailInput] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<LocalVote | null>(null);
  const [already, setAlready] = useState<string | null>(null);
  const [storageMessage, setStorageMessage] = useState<string | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const needsEmail = poll.kind === 'award';
  const existingUserVote = useLiveQuery(() => (poll.kind === 'user' ? db.votes.get(`user-poll:${poll.id}`).then((v) => v ?? null) : Promise.resolve(null)), [poll]);

  // Start from the saved draft (resume after a reload or a killed app) or a fresh shuffle.
  useEffect(() => {
    if (draft === undefined || state) return;
    const order: Record<string, string[]> = {};
    for (const q of poll.questions) {
      const saved = draft?.order[q.id];
      const valid = saved && saved.length === q.options.filter((o) => o.trim()).length && saved.every((o) => q.options.includes(o));
      order[q.id] = valid ? saved : shuffle(q.options.filter((o) => o.trim() !== ''));
    }
    const answers = Object.fromEntries(Object.entries(draft?.answers ?? {}).filter(([qid, a]) => poll.questions.some((q) => q.id === qid && q.options.includes(a))));
    setState({ pollId: poll.id, email: draft?.email ?? '', answers, index: Math.min(draft?.index ?? 0, poll.questions.length - 1), order, updatedAt: Date.now() });
    setEmailInput(draft?.email ?? '');
  }, [draft, poll, state]);

  useEffect(() => () => {
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
  }, []);

  if (!state) return <div className="spinner" role="progressbar" aria-label="Loading poll" />;

  const update = (next: Partial<BallotDraft>) => {
    const merged = { ...state, ...next, updatedAt: Date.now() };
    setState(merged);
    void saveBallotDraft(merged);
  };

  const total = poll.questions.length;
  const index = state.index;
  const question = poll.questions[index];
  const isLast = index === total - 1;
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  const choose = (q: Question, option: string) => {
    const answers = { ...state.answers, [q.id]: option };
    update({ answers });
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
    if (index < total - 1) {
      advanceTimer.current = setTimeout(() => {
        setState((s) => {
          if (!s) return s;
          const moved = { ...s, answers, index: Math.min(index + 1, total - 1), updatedAt: Date.now() };
          void saveBallotDraft(moved);
          return moved;
        });
        questionRef.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
        questionRef.current?.focus({ preventScroll: true });
      }, AUTO_ADVANCE_MS);
    }
  };

  const submitEmail = async () => {
    if (!isValidEmail(emailInput)) {
      setEmailError('Please enter a valid email address.');
      window.alert('Please enter a valid email address.');
      return;
    }
    setEmailError(null);
    const docId = await voteDocId(poll.id, emailInput);
    if (await db.votes.get(docId)) {
      setAlready(emailInput.trim());
      return;
    }
    update({ email: emailInput.trim() });
  };

  const submitVote = async () => {
    const check = checkSubmission(poll.questions, state.answers, needsEmail ? state.email : 'not-needed');
    if (!check.ok) {
      window.alert(check.alert);
      return;
    }
    setSubmitting(true);
    setStorageMessage(null);
    try {
      const vote = needsEmail ? await castAwardVote(poll.id, state.email, state.answers) : await castUserPollVote(poll.id, state.answers);
      setDone(vote);
    } catch (err) {
      if (err instanceof AlreadyVotedError) setAlready(err.email);
      else {
        setStorageMessage(err instanceof StorageError ? err.userMessage : String(err));
        window.alert('Error submitting response');
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (existingUserVote && !done) {
    return (
      <section className="screen screen-body">
        <h1>{poll.title}</h1>
        <div className="alert ok" role="status">You have already answered this poll on this device. Thank you!</div>
        <p><Link to="/vote" className="btn">Back to Polls</Link></p>
      </section>
    );
  }

  return (
    <section className="screen poll-screen">
      <div className="screen-body">
        <h1 className="poll-title">{poll.title}</h1>
        <div className="poll-progress" role="progressbar" aria-label="Progress" aria-valuemin={1} aria-valuemax={total} aria-valuenow={index + 1} aria-valuetext={`Category ${index + 1} of ${total}`}>
          <div className="poll-progress-bar" style={{ width: `${((index + 1) / total) * 100}%` }} />
        </div>
        <p className="poll-step">Category {index + 1} of {total}</p>

        {question ? (
          <div className="poll-question" ref={questionRef} tabIndex={-1}>
            <fieldset>
              <legend className="poll-question-text">{question.question}</legend>
              <div className="poll-options">
                {(state.order[question.id] ?? question.options).map((option) => {
                  const chosen = state.answers[question.id] === option;
                  return (
                    <label key={option} className={chosen ? 'poll-option chosen' : 'poll-option'}>
                      <input type="radio" name={`q-${question.id}`} value={option} checked={chosen} onChange={() => choose(question, option)} />
                      <span>{option}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </div>
        ) : null}

        <div className="poll-nav">
          {index > 0 ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => update({ index: index - 1 })}>Previous</button>
          ) : <span />}
          {!isLast && question && state.answers[question.id] ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => update({ index: index + 1 })}>Next</button>
          ) : null}
          {/* Spec §2: Submit Vote appears on the last question, hidden and disabled until it is answered. */}
          {isLast && question ? (
            <button type="button" className="btn" hidden={!state.answers[question.id]} disabled={!state.answers[question.id] || submitting} onClick={() => void submitVote()}>
              {submitting ? 'Saving…' : 'Submit Vote'}
            </button>
          ) : null}
        </div>
        {storageMessage ? <p className="alert error" role="alert">{storageMessage}</p> : null}
        <ShareBox path={`/poll?id=${encodeURIComponent(poll.id)}`} title={poll.title} />
      </div>

      {needsEmail && !state.email && !done && !already ? (
        <Modal title="Make Your Vote Matter!" onClose={() => void navigate({ to: '/' })} closeLabel="Close and go home">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submitEmail();
            }}
          >
            <p id="email-help">Enter your email to cast your vote for your favorite Fashion Icon</p>
            <div className="field">
              <label htmlFor="vote-email">Email</label>
              <input id="vote-email" data-autofocus type="email" inputMode="email" autoComplete="email" maxLength={LIMITS.email} value={emailInput} aria-describedby={emailError ? 'email-help email-error' : 'email-help'} aria-invalid={emailError ? true : undefined} onChange={(e) => setEmailInput(e.target.value)} />
              {emailError ? <p id="email-error" className="field-error">{emailError}</p> : null}
            </div>
            <p className="muted small">One vote per e-mail. Your e-mail is only used to count your vote once.</p>
            <button type="submit" className="btn btn-block">Submit</button>
          </form>
        </Modal>
      ) : null}

      {already ? (
        <Modal title="You have already voted" onClose={() => void navigate({ to: '/' })}>
          <p>A vote with {already || 'this device'} is already recorded for this poll, so this one was not counted again. Each e-mail can vote once.</p>
          <button type="button" className="btn btn-block" onClick={() => void navigate({ to: '/' })}>Close</button>
        </Modal>
      ) : null}

      {done ? <ThankYou vote={done} onClose={() => void navigate({ to: '/' })} /> : null}
    </section>
  );
}

function ThankYou({ vote, onClose }: { vote: LocalVote; onClose: () => void }): ReactElement {
  const stored = useLiveQuery(() => db.votes.get(vote.docId), [vote.docId]);
  const sent = typeof stored?.sentAt === 'number';
  const text = useMemo(
    () => (sent ? 'Your vote has been sent and counted.' : 'Your vote is saved on this device and will be sent automatically when the connection returns.'),
    [sent],
  );
  return (
    <Modal title="Thank you for voting!" onClose={onClose}>
      <p role="status" data-testid="vote-status" data-sent={sent ? 'yes' : 'no'}>{text}</p>
      <button type="button" className="btn btn-block" data-autofocus onClick={onClose}>Close</button>
    </Modal>
  );
}
