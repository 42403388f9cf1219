// A community poll once answered on this device (issue #54 item 2): where the answer is, in the community's own
// words (no "vote", no "category"), and then the results — each option's share from the public tally rows, live
// when online, as of the last read when not. Replaces the award thank-you dialog for community polls: after
// answering a poll, people expect its results, not a dialog that sends them home.
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { db, type LocalVote } from '../../db';
import { useLiveQuery } from '../../db/live';
import { onReconnect, useOnline } from '../../session';
import { refreshPollResults } from './data';
import { tally, voteStatus, type Question } from './logic';
import { pollAnswerKey } from './mutations/pollAnswer';
import { ReportPoll } from './ReportPoll';
import { ResultsView } from './ResultsView';
import { VoteStatusLine } from './BallotView';
import { answerStatusText, asOfText, num } from './text';
import { useT } from './t';

/**
 * `vote`: this device's answer (absent on a closed poll it did not answer). `justNow`: answered during this visit
 * (thanks first); otherwise a return to a poll answered before. `closedAt`: closed by its owner — final results.
 */
export function CommunityAnswered({ pollId, title, questions, vote, justNow, closedAt, resultsLater = false }: { pollId: string; title: string; questions: readonly Question[]; vote?: LocalVote | undefined; justNow: boolean; closedAt?: number | undefined; resultsLater?: boolean }): ReactElement {
  const t = useT();
  const online = useOnline();
  const stored = useLiveQuery(async () => ({
    vote: vote ? await db.votes.get(vote.docId) : undefined,
    row: vote ? await db.outbox.where('key').equals(pollAnswerKey(vote.responseId)).first() : undefined,
    counts: await db.pollCounts.get(pollId),
  }), [vote?.docId, vote?.responseId, pollId]);
  const status = voteStatus(stored?.vote, stored?.row, online);
  const sent = status.kind === 'sent';
  const [fetch, setFetch] = useState<'pending' | 'ok' | 'failed'>('pending');
  // Read the results now, again when the answer reaches the server (so it is in them), and on reconnecting.
  useEffect(() => {
    // Its owner keeps the results until the poll is closed (the rules refuse them to everyone): nothing to ask.
    if (resultsLater) return;
    let live = true;
    const load = () => void refreshPollResults(pollId).then((ok) => live && setFetch(ok ? 'ok' : 'failed'));
    load();
    const stop = onReconnect(load);
    return () => {
      live = false;
      stop();
    };
  }, [pollId, sent, resultsLater]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justNow) heading.current?.focus();
  }, [justNow]);
  const closedLine = closedAt !== undefined ? <p className="alert" data-testid="poll-closed-note">{t('polls.ballot.closedCommunity', { date: asOfText(closedAt) })}</p> : null;

  const saved = stored?.counts?.results;
  const broken = useMemo(() => (saved?.rows ?? []).filter((r) => Object.keys(r).length > 0), [saved]);
  const results = useMemo(() => tally([...questions], broken.map((answers) => ({ answers }))), [questions, broken]);
  const older = (saved?.rows.length ?? 0) - broken.length;
  return (
    <section className="screen screen-body community-answered">
      <h1 dir="auto">{title}</h1>
      {vote ? (
        <>
          <h2 ref={heading} tabIndex={-1} className="community-answered-thanks">{justNow ? t('polls.answer.title') : t('polls.ballot.answered')}</h2>
          <VoteStatusLine kind={status.kind} text={answerStatusText(status.kind, stored?.row?.lastError)} />
          {status.kind === 'refused' ? <p><Link to="/outbox">{t('polls.thanks.seeQueue')}</Link></p> : null}
        </>
      ) : null}
      {closedLine}

      <section className="community-results" aria-labelledby="community-results-heading" aria-busy={saved === undefined && fetch === 'pending' ? 'true' : undefined}>
        <h2 id="community-results-heading">{t('polls.results.heading')}</h2>
        {resultsLater ? (
          <p className="muted" role="status" data-testid="results-later">{t('polls.results.later')}</p>
        ) : saved ? (
          <>
            <p className="muted small" role="status" data-testid="results-as-of">
              {t('polls.results.total', { count: saved.rows.length, n: num(saved.rows.length) })}
              {' · '}
              {fetch === 'failed' ? t('polls.results.offlineAsOf', { date: asOfText(saved.asOf) }) : t('polls.results.asOf', { date: asOfText(saved.asOf) })}
            </p>
            {vote && !sent && status.kind !== 'refused' && status.kind !== 'discarded' ? <p className="alert">{t('polls.results.yoursWaiting')}</p> : null}
            {saved.rows.length === 0 ? <p className="muted">{t('polls.results.none')}</p> : <ResultsView results={results} mine={vote?.answers} level={3} />}
            {older > 0 ? <p className="muted small">{t('polls.results.older', { count: older, n: num(older) })}</p> : null}
          </>
        ) : fetch === 'pending' ? (
          <div className="spinner" role="progressbar" aria-label={t('polls.results.loading')} />
        ) : (
          <p className="muted" role="status">{t('polls.results.offlineNone')}</p>
        )}
      </section>

      <p><Link to="/vote" className="btn btn-block">{t('polls.all.back')}</Link></p>
      <ReportPoll pollId={pollId} />
    </section>
  );
}
