// A ballot that remembers (issue #54 item 1): an award ballot this device has voted in opens on what was voted —
// the choices, the e-mail and where each vote is (counted, on its way, waiting, refused) — not on the e-mail step,
// as if nothing had happened. And the last step's summary of the choices, each with a way back to change it.
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { db, type LocalVote } from '../../db';
import { useLiveQuery } from '../../db/live';
import { useOnline } from '../../session';
import { awardVoteKey } from '../../sync';
import { formatDate } from '../../lib/intl';
import { BackButton } from '../../ui/BackButton';
import { WINDOW_TIME } from './awardModel';
import { VoteStatusLine } from './BallotView';
import { voteStatus } from './logic';
import type { ShownQuestion as Question } from './awardModel';
import { voteStatusText } from './text';
import { tNodes, useT } from './t';

/** This device's award votes in a poll (community answers carry no e-mail: `user` is ''), oldest first. */
export interface MyVote {
  vote: LocalVote;
  /** Refused for good (its outbox row failed). */
  refused: boolean;
}

export function useMyAwardVotes(pollId: string, award: boolean): MyVote[] | undefined {
  return useLiveQuery(async () => {
    if (!award) return [];
    const votes = (await db.votes.where('pollId').equals(pollId).toArray()).filter((v) => v.user !== '').sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    const rows = await db.outbox.where('key').anyOf(votes.map((v) => awardVoteKey(v.docId))).toArray();
    const failed = new Set(rows.filter((r) => r.state === 'failed').map((r) => r.key));
    return votes.map((vote) => ({ vote, refused: failed.has(awardVoteKey(vote.docId)) }));
  }, [pollId, award]);
}

/** What was chosen, question by question, in the poll's order (a question the vote did not answer is left out). */
function Choices({ questions, answers }: { questions: readonly Question[]; answers: Record<string, string> }): ReactElement {
  return (
    <dl className="your-vote-choices">
      {questions.filter((q) => answers[q.id] !== undefined).map((q) => (
        <div key={q.id} className="your-vote-choice">
          <dt dir="auto" lang={q.lang}>{q.question}</dt>
          <dd><bdi>{answers[q.id]}</bdi></dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One vote of this device and where it is now (read live: it moves when the outbox sends). `details`: with which
 * e-mail and what — only where the phone holds this one ballot; a shared phone's next holder sees no one's choices.
 */
function OneVote({ vote, questions, details, n }: { vote: LocalVote; questions: readonly Question[]; details: boolean; n: number }): ReactElement {
  const t = useT();
  const online = useOnline();
  const row = useLiveQuery(() => db.outbox.where('key').equals(awardVoteKey(vote.docId)).first(), [vote.docId]);
  const status = voteStatus(vote, row, online);
  return (
    <li className="card your-vote" data-testid="your-vote">
      {details ? (
        <>
          <p className="muted small">{tNodes('polls.mine.with', { email: <bdi>{vote.user}</bdi> })}</p>
          <Choices questions={questions} answers={vote.answers} />
        </>
      ) : <p className="muted small">{t('polls.mine.ballot', { n })}</p>}
      {/* When it reached the server, as this device heard it (shown, never judged by): otherwise where it is. */}
      <VoteStatusLine kind={status.kind} text={status.kind === 'sent' && vote.sentAt ? t('polls.mine.sentAt', { time: formatDate(vote.sentAt, { ...WINDOW_TIME, month: 'short', day: 'numeric' }) }) : voteStatusText(status.kind, row?.lastError)} />
      {status.kind === 'refused' ? <p><Link to="/outbox">{t('polls.thanks.seeQueue')}</Link></p> : null}
    </li>
  );
}

/**
 * The ballot as this device voted it, once the phone may cast no other (awardModel mayCastAnother): the choices
 * and the e-mail where the phone holds one ballot; where it holds several (a shared phone at its limit), only
 * where each is.
 */
export function YourVote({ title, titleLang, questions, votes }: { title: string; titleLang?: 'en' | undefined; questions: readonly Question[]; votes: readonly LocalVote[] }): ReactElement {
  const t = useT();
  const details = votes.length === 1;
  return (
    <section className="screen poll-screen">
      <div className="screen-body">
        <BackButton fallbackTo="/vote" label={t('polls.ballot.back')} />
        <h1 className="poll-title" dir="auto" lang={titleLang}>{title}</h1>
        <p className="alert ok" role="status"><strong>{t('polls.award.voted')}</strong> {t('polls.mine.intro', { count: votes.length })}</p>
        <ul className="your-votes">
          {votes.map((v, i) => <OneVote key={v.docId} vote={v} questions={questions} details={details} n={i + 1} />)}
        </ul>
        <Link to="/vote" className="btn btn-block">{t('polls.all.back')}</Link>
      </div>
    </section>
  );
}

/**
 * On the last step, above Submit Vote: every category with its choice, and "Change" to go back to it (the ballot
 * keeps every other choice). Not drawn for a single question: the question on screen is the summary.
 */
export function ChoicesReview({ questions, answers, onChange }: { questions: readonly Question[]; answers: Record<string, string>; onChange: (index: number) => void }): ReactElement | null {
  const t = useT();
  if (questions.length < 2) return null;
  return (
    <section className="card choices-review" aria-labelledby="choices-review-heading">
      <h2 id="choices-review-heading">{t('polls.review.heading')}</h2>
      <ol>
        {questions.map((q, i) => (
          <li key={q.id} className="choices-review-row">
            <span className="choices-review-text">
              <span className="muted small" dir="auto" lang={q.lang}>{q.question}</span>
              {answers[q.id] ? <bdi className="choices-review-answer">{answers[q.id]}</bdi> : <span className="choices-review-answer muted">{t('polls.review.none')}</span>}
            </span>
            <button type="button" className="btn btn-ghost btn-small" aria-label={t('polls.review.changeLabel', { category: q.question })} onClick={() => onChange(i)}>
              {t('polls.review.change')}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
