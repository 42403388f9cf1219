import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { db, type BallotDraft, type LocalVote } from '../../db';
import { useLiveQuery } from '../../db/live';
import { useOnline, useVisitorId } from '../../session';
import { announceCommitted, awardVoteKey } from '../../sync';
import { BackButton } from '../../ui/BackButton';
import { Modal } from '../../ui/Modal';
import { InstallOffer } from '../account';
import { BALLOT_CAST_EVENT, BALLOT_EVENT, ballotOnPage, mayCastAnother, ballotPath, castBeforeApp, optionOrder, validAnswers, votingState, WINDOW_TIME, type BallotHandover, type VotingState } from './awardModel';
import { useServerNow } from '../../ui/useServerNow';
import { heldCode, keepCode, readCode, shortForm } from '../../lib/votingCodes';
import { formatDate } from '../../lib/intl';
import { castAwardVote, castUserPollVote, AlreadyVotedError, refreshPoll, saveBallotDraft, StorageError, type FetchOutcome } from './data';
import { AUTO_ADVANCE_MS, checkEmail, checkSubmission, shuffle, voteDocId, voteStatus, type Question } from './logic';
import { ShareBox } from './ShareBox';
import { inLanguage, type ShownQuestion } from './awardModel';
import { useLocale } from '../../lib/i18n';
import { ReportPoll } from './ReportPoll';
import { CommunityAnswered } from './CommunityAnswered';
import { ChoicesReview, useMyAwardVotes, YourVote } from './YourVote';
import { BallotFrame, CloseButton, EmailForm, OptionView, PollErrorView, QuestionView, StepButton, SubmitVoteButton, VoteStatusLine } from './BallotView';
import { userPollVoteId } from './mutations/pollAnswer';
import { num, submitText, voteStatusText } from './text';
import { tNodes, useT } from './t';
import './polls.css';

type Loaded = { kind: 'award' | 'user'; id: string; title: string; titleLang?: 'en' | undefined; questions: ShownQuestion[]; voting?: 'open' | 'ticketed' | undefined; deviceLimit?: number | undefined; hiddenAt?: number | undefined; closedAt?: number | undefined; resultsAfterClose?: true | undefined };
type PollProblem = 'noId' | 'notFound' | 'fetchError' | 'hidden' | 'removed';
type PollState = { state: 'loading' } | { state: 'error'; problem: PollProblem } | { state: 'closed'; title: string; window: VotingState } | { state: 'ready'; poll: Loaded };

/** The error view's reason, per problem (spec §8's words in English). */
const PROBLEM_IDS = { noId: 'polls.ballot.noId', notFound: 'polls.all.notFound', fetchError: 'polls.ballot.fetchError', hidden: 'polls.hidden.others', removed: 'polls.ballot.removed' } as const;

function usePoll(id: string | undefined): PollState {
  const uid = useVisitorId();
  const locale = useLocale();
  const cached = useLiveQuery(async () => (id ? { award: await db.polls.get(id), user: await db.userPolls.get(id) } : null), [id]);
  const [outcome, setOutcome] = useState<FetchOutcome | 'pending'>('pending');
  useEffect(() => {
    if (!id) return;
    let live = true;
    setOutcome('pending');
    // Stale-while-revalidate: a saved copy shows at once; this brings it up to date (or finds it) when online.
    void refreshPoll(id).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [id]);
  // Moved at the window's opening and closing and when the server's offset arrives (a phone hours off).
  const now = useServerNow([cached?.award?.opensAt, cached?.award?.closesAt]);
  if (!id) return { state: 'error', problem: 'noId' };
  const window = cached?.award ? votingState(cached.award, now) : null;
  // In the visitor's language where the organisers wrote it (issue #57), else their English, marked.
  const award = cached?.award ? inLanguage(cached.award, locale) : undefined;
  if (award && window && window.state !== 'open') return { state: 'closed', title: award.title, window };
  if (award) return { state: 'ready', poll: { kind: 'award', id, title: award.title, titleLang: award.titleLang, questions: award.questions, voting: award.voting, deviceLimit: award.deviceLimit } };
  // Hidden by the organisers (issue #53): its link says so to everyone but its owner, who still sees it.
  if (cached?.user?.hiddenAt && String(cached.user.uploaderId) !== String(uid)) return { state: 'error', problem: 'hidden' };
  // Removed by its owner (issue #54): the same, for everyone else.
  if (cached?.user?.removedAt && String(cached.user.uploaderId) !== String(uid)) return { state: 'error', problem: 'removed' };
  if (cached?.user) return { state: 'ready', poll: { kind: 'user', id, title: cached.user.title, questions: cached.user.questions, hiddenAt: cached.user.hiddenAt, closedAt: cached.user.closedAt, resultsAfterClose: cached.user.resultsAfterClose } };
  if (cached === undefined || outcome === 'pending' || outcome === 'found') return { state: 'loading' };
  return { state: 'error', problem: outcome === 'not-found' ? 'notFound' : 'fetchError' };
}

export function PollScreen(): ReactElement {
  const t = useT();
  const { id, code } = useSearch({ strict: false }) as { id?: string; code?: string };
  const result = usePoll(id);
  // A ticket's QR link carries its voting code (issue #52): the phone keeps it, for this visit and the next ones.
  useEffect(() => {
    const held = code === undefined ? null : readCode(code);
    if (id && held) keepCode(id, held);
  }, [id, code]);
  // A vote cast during this visit keeps its ballot — and the dialog saying what became of the vote — on screen when
  // the poll closes meanwhile (the 15-s tick, or the copy refreshed on reconnecting): swapping in the "Voting closed"
  // view took the refusal's words away the moment they mattered. Same element type and key: React keeps its state.
  const [castOn, setCastOn] = useState<Loaded | null>(null);
  if (result.state === 'closed' && castOn !== null && castOn.id === id) return <Ballot key={castOn.id} poll={castOn} onCast={setCastOn} />;
  if (result.state === 'loading') return <div className="spinner" role="progressbar" aria-label={t('polls.ballot.loading')} />;
  if (result.state === 'error') return <PollError problem={result.problem} />;
  if (result.state === 'closed') return <PollError title={result.title} window={result.window} />;
  return <Ballot key={result.poll.id} poll={result.poll} onCast={setCastOn} />;
}

/**
 * The spec's error view (Error, the reason, Back to Polls); without a problem, a closed poll under its own title
 * (the organisers' words, as they wrote them).
 */
function PollError({ problem, title, window }: { problem?: PollProblem; title?: string; window?: VotingState }): ReactElement {
  const t = useT();
  const at = (ms: number) => formatDate(ms, WINDOW_TIME);
  const closed = window?.state === 'scheduled' ? t('polls.ballot.opensAt', { time: at(window.opensAt) })
    : window?.state === 'closed' && window.closedAt !== undefined ? t('polls.ballot.closedAt', { time: at(window.closedAt) })
      : t('polls.ballot.closed');
  return <PollErrorView heading={title ?? t('polls.ballot.error')} message={problem ? t(PROBLEM_IDS[problem]) : closed} help={problem === 'fetchError' ? t('polls.ballot.fetchHelp') : undefined} />;
}

function Ballot({ poll, onCast }: { poll: Loaded; onCast: (poll: Loaded) => void }): ReactElement {
  const t = useT();
  const navigate = useNavigate();
  const draft = useLiveQuery(() => db.ballotDrafts.get(poll.id).then((d) => d ?? null), [poll.id]);
  const [state, setState] = useState<BallotDraft | null>(null);
  const [emailInput, setEmailInput] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  // A ticketed poll (issue #52): the voting code, from the ticket's link or typed beside the e-mail.
  const ticketed = poll.kind === 'award' && poll.voting === 'ticketed';
  const [codeInput, setCodeInput] = useState(() => {
    const held = heldCode(poll.id);
    return held ? shortForm(held) : '';
  });
  const [codeError, setCodeError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<LocalVote | null>(null);
  const [already, setAlready] = useState<string | null>(null);
  // Found at the e-mail step (this device holds a vote with it), before anything was submitted now: said as such,
  // not "this one was not counted again".
  const [alreadyBefore, setAlreadyBefore] = useState(false);
  const [storageMessage, setStorageMessage] = useState<string | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const needsEmail = poll.kind === 'award';
  // This device's votes in this award poll: a ballot voted opens on them, not on the e-mail step (issue #54).
  const myVotes = useMyAwardVotes(poll.id, needsEmail);
  // Set by the review's "Change": the next choice goes straight back to the last step, not one step on.
  const backToReview = useRef(false);
  const existingUserVote = useLiveQuery<LocalVote | null>(() => (poll.kind === 'user' ? db.votes.get(userPollVoteId(poll.id)).then((v) => v ?? null) : Promise.resolve(null)), [poll]);

  /** A ballot state from a saved one (the prerendered ballot's handover or the Dexie draft), checked against the poll. */
  const fromSaved = useCallback(
    (saved: { email: string; answers: Record<string, string>; index: number; order: Record<string, string[]>; code?: string } | null): BallotDraft => ({
      pollId: poll.id,
      email: saved?.email ?? '',
      ...(saved?.code ? { code: saved.code } : {}),
      answers: validAnswers(poll.questions, saved?.answers ?? {}),
      index: Math.min(saved?.index ?? 0, poll.questions.length - 1),
      order: optionOrder(poll.questions, saved?.order, (o) => shuffle(o)),
      updatedAt: Date.now(),
    }),
    [poll],
  );

  /** What the visitor does on the prerendered ballot (announced at every change) becomes this ballot's state. */
  const adopt = useCallback(
    (handover: BallotHandover) => {
      const next = fromSaved(handover);
      setState(next);
      setEmailInput(handover.emailInput);
      void saveBallotDraft(next);
    },
    [fromSaved],
  );

  // Start from what the visitor is doing on the prerendered ballot of this page (newer than its draft while that
  // draft's write may still be on its way), else the saved draft (resume after a reload or a killed app — the
  // prerendered ballot writes it too), else a fresh shuffle.
  useEffect(() => {
    if (draft === undefined || state) return;
    const onPage = ballotOnPage(poll.id);
    if (onPage && (!draft || onPage.updatedAt >= draft.updatedAt)) {
      adopt(onPage);
      return;
    }
    setState(fromSaved(draft));
    setEmailInput(draft?.email ?? '');
  }, [draft, poll, state, adopt, fromSaved]);

  // While the prerendered ballot is still on screen (this tree renders hidden until it takes over), follow every
  // choice made there, so the swap shows exactly what the visitor sees.
  useEffect(() => {
    const onIsland = (e: Event) => {
      const handover = (e as CustomEvent<BallotHandover>).detail;
      if (handover?.pollId === poll.id) adopt(handover);
    };
    window.addEventListener(BALLOT_EVENT, onIsland);
    return () => window.removeEventListener(BALLOT_EVENT, onIsland);
  }, [adopt, poll.id]);

  // The parent keeps this ballot on screen once a vote is cast here (PollScreen); read through a ref so the effect
  // below runs once per poll, not on every render's new poll object.
  const castHere = useRef(() => onCast(poll));
  castHere.current = () => onCast(poll);
  // A vote submitted on the prerendered ballot is already in IndexedDB (votes + outbox, src/db/preApp.ts): shown as
  // cast, and the flusher told (it was written outside Dexie, so no commit of ours announced it).
  useEffect(() => {
    if (!needsEmail) return;
    const shown = (vote: LocalVote | undefined) => {
      if (vote?.pollId !== poll.id) return;
      setDone(vote);
      castHere.current();
      announceCommitted();
    };
    shown(castBeforeApp(poll.id));
    const onCastThere = (e: Event) => shown((e as CustomEvent<LocalVote>).detail);
    window.addEventListener(BALLOT_CAST_EVENT, onCastThere);
    return () => window.removeEventListener(BALLOT_CAST_EVENT, onCastThere);
  }, [needsEmail, poll.id]);

  useEffect(() => () => {
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
  }, []);

  if (!state) return <div className="spinner" role="progressbar" aria-label={t('polls.ballot.loading')} />;

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
      const to = backToReview.current ? total - 1 : index + 1;
      backToReview.current = false;
      advanceTimer.current = setTimeout(() => {
        setState((s) => {
          if (!s) return s;
          const moved = { ...s, answers, index: Math.min(to, total - 1), updatedAt: Date.now() };
          void saveBallotDraft(moved);
          return moved;
        });
        questionRef.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
        questionRef.current?.focus({ preventScroll: true });
      }, AUTO_ADVANCE_MS);
    }
  };

  const submitEmail = async () => {
    const verdict = checkEmail(emailInput);
    if (!verdict.ok) {
      // The spec's alert for what is not an address; for one in a script the server cannot take, words that say so.
      const message = verdict.reason === 'unsupported' ? t('polls.ballot.unsupportedEmail', { char: verdict.char }) : t('polls.ballot.invalidEmail');
      flushSync(() => setEmailError(message)); // the field marked invalid behind the alert, which blocks the page
      window.alert(message);
      return;
    }
    setEmailError(null);
    const code = ticketed ? readCode(codeInput) : null;
    if (ticketed && !code) {
      setCodeError(t('polls.ballot.codeInvalid'));
      document.getElementById('vote-code')?.focus();
      return;
    }
    setCodeError(null);
    if (code) keepCode(poll.id, code);
    const docId = await voteDocId(poll.id, emailInput);
    if (await db.votes.get(docId)) {
      setAlreadyBefore(true);
      setAlready(emailInput.trim());
      return;
    }
    update({ email: emailInput.trim(), ...(code ? { code } : {}) });
  };

  const submitVote = async () => {
    const check = checkSubmission(poll.questions, state.answers, needsEmail ? state.email : 'not-needed', submitText());
    if (!check.ok) {
      window.alert(check.alert);
      return;
    }
    setSubmitting(true);
    setStorageMessage(null);
    try {
      const vote = needsEmail ? await castAwardVote(poll.id, state.email, state.answers, undefined, undefined, ticketed ? state.code : undefined) : await castUserPollVote(poll.id, state.answers);
      setDone(vote);
      onCast(poll);
    } catch (err) {
      if (err instanceof AlreadyVotedError) setAlready(err.email);
      else {
        flushSync(() => setStorageMessage(err instanceof StorageError ? err.userMessage : String(err)));
        window.alert(t('polls.ballot.submitError'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  // Until IndexedDB has said whether this device voted here, neither the e-mail step nor the ballot (no flash of either).
  if (needsEmail && myVotes === undefined) return <div className="spinner" role="progressbar" aria-label={t('polls.ballot.loading')} />;
  // A phone that may cast no other ballot here opens on what it voted; one that may (a shared phone, a kiosk, a new
  // ticket) opens on the e-mail step, as for anyone (awardModel mayCastAnother).
  if (needsEmail && myVotes && myVotes.length > 0 && !done && !already && !mayCastAnother(poll, myVotes.map((m) => ({ code: m.vote.code, refused: m.refused })), heldCode(poll.id))) {
    return <YourVote title={poll.title} titleLang={poll.titleLang} questions={poll.questions} votes={myVotes.map((m) => m.vote)} />;
  }

  // A community poll answered here: where the answer is and the poll's results (issue #54), not the ballot again.
  // Closed by its owner (issue #54): no ballot, the final results (and this device's answer, if it gave one).
  const answer = poll.kind === 'user' ? (done ?? existingUserVote) : null;
  if (answer || (poll.kind === 'user' && poll.closedAt !== undefined && existingUserVote !== undefined)) {
    return <CommunityAnswered pollId={poll.id} title={poll.title} questions={poll.questions} vote={answer ?? undefined} justNow={done !== null} closedAt={poll.closedAt} resultsLater={poll.resultsAfterClose === true && poll.closedAt === undefined} />;
  }

  // Award ballots: the spec's "Category N of M" with its bar. A community poll has its own words: "Question N of M",
  // and nothing at all for a single question (a bar that is full from the start says nothing).
  const step = poll.kind === 'award' ? t('polls.ballot.step', { n: num(index + 1), m: num(total) }) : total > 1 ? t('polls.ballot.question', { n: num(index + 1), m: num(total) }) : '';
  const answered = Boolean(question && state.answers[question.id]);
  return (
    <>
      <BallotFrame
        title={poll.title}
        titleLang={poll.titleLang}
        index={index}
        total={total}
        step={step}
        progress={poll.kind === 'award' || total > 1}
        // A way back besides the browser's (issue #35): after the e-mail step a visitor may change their mind.
        back={<BackButton fallbackTo="/vote" label={t('polls.ballot.back')} />}
        question={question ? (
          <QuestionView text={question.question} lang={question.lang} questionRef={questionRef}>
            {(state.order[question.id] ?? question.options).map((option) => (
              <OptionView key={option} name={`q-${question.id}`} option={option} chosen={state.answers[question.id] === option} onChoose={() => choose(question, option)} />
            ))}
          </QuestionView>
        ) : null}
        review={isLast && !done ? (
          <ChoicesReview
            questions={poll.questions}
            answers={state.answers}
            onChange={(i) => {
              backToReview.current = true;
              update({ index: i });
              questionRef.current?.focus({ preventScroll: true });
            }}
          />
        ) : null}
        nav={<>
          {index > 0 ? <StepButton label={t('polls.ballot.previous')} onClick={() => update({ index: index - 1 })} /> : <span />}
          {!isLast && answered ? <StepButton label={t('polls.ballot.next')} onClick={() => update({ index: index + 1 })} /> : null}
          {isLast && question ? <SubmitVoteButton answered={answered} submitting={submitting} onClick={() => void submitVote()} /> : null}
        </>}
      >
        {storageMessage ? <p className="alert error" role="alert">{storageMessage}</p> : null}
        {poll.hiddenAt ? <p className="alert" data-testid="poll-hidden-note">{t('polls.hidden.mine', { date: formatDate(poll.hiddenAt, WINDOW_TIME) })}</p> : null}
        <ShareBox path={ballotPath(poll.id)} title={poll.title} />
        {poll.kind === 'user' ? <ReportPoll pollId={poll.id} /> : null}
      </BallotFrame>

      {needsEmail && (!state.email || (ticketed && !state.code)) && !done && !already ? (
        <Modal title={t('polls.ballot.emailTitle')} onClose={() => void navigate({ to: '/' })} closeLabel={t('polls.ballot.closeHome')}>
          <EmailForm value={emailInput} error={emailError} onChange={setEmailInput} onSubmit={() => void submitEmail()} code={ticketed ? { value: codeInput, error: codeError, onChange: setCodeInput } : undefined} />
        </Modal>
      ) : null}

      {already ? (
        <Modal title={t('polls.already.title')} onClose={() => void navigate({ to: '/' })}>
          <p>{tNodes(alreadyBefore ? 'polls.already.before' : 'polls.already.text', { email: already ? <bdi>{already}</bdi> : t('polls.already.device') })}</p>
          <button type="button" className="btn btn-block" onClick={() => void navigate({ to: '/' })}>{t('polls.all.close')}</button>
        </Modal>
      ) : null}

      {done && poll.kind === 'award' ? <ThankYou vote={done} onClose={() => void navigate({ to: '/' })} /> : null}
    </>
  );
}

/**
 * Where a cast vote is, in words that match the facts: counted; refused by the server (the same e-mail already
 * voted from another device — it will never be sent, so no promise that it will); on its way; or waiting for the
 * connection. Reads the vote, its outbox row and the connection live.
 */
function ThankYou({ vote, onClose }: { vote: LocalVote; onClose: () => void }): ReactElement {
  const t = useT();
  const key = awardVoteKey(vote.docId);
  const stored = useLiveQuery(async () => ({ vote: await db.votes.get(vote.docId), row: await db.outbox.where('key').equals(key).first() }), [vote.docId, key]);
  const online = useOnline();
  const status = voteStatus(stored?.vote, stored?.row, online);
  return (
    // A refused vote is not thanked for: the title says what the words below it say.
    <Modal title={status.kind === 'refused' ? t('polls.thanks.notCountedTitle') : t('polls.thanks.title')} onClose={onClose}>
      <VoteStatusLine kind={status.kind} text={voteStatusText(status.kind, stored?.row?.lastError)} />
      {status.kind === 'refused' ? <p><Link to="/outbox">{t('polls.thanks.seeQueue')}</Link></p> : null}
      {/* An offer to install belongs with a thank-you, not inside a refusal (issue #53). */}
      {status.kind === 'refused' ? null : <InstallOffer where="vote" />}
      <CloseButton onClick={onClose} />
    </Modal>
  );
}
