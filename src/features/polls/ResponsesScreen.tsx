import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { db, type PollCount, type UserPollResponseRow, type UserPollRow } from '../../db';
import { useLiveQuery } from '../../db/live';
import { useVisitorId } from '../../session';
import { refreshResponses, refreshUserPoll, type FetchOutcome } from './data';
import { responsesCsv, tally } from './logic';
import { ShareBox } from './ShareBox';
import { ResultsView } from './ResultsView';
import { OwnerActions } from './OwnerActions';
import { dateTimeText, num } from './text';
import { useT } from './t';
import './polls.css';

const PAGE = 50;

/** An answer as text; anything else (a copy saved before answers were checked) shows as no answer. */
const answerText = (a: unknown): string => (typeof a === 'string' && a !== '' ? a : '—');

export function ResponsesScreen(): ReactElement {
  const t = useT();
  const { id } = useSearch({ strict: false }) as { id?: string };
  const uid = useVisitorId();
  const poll = useLiveQuery(async (): Promise<UserPollRow | null> => (id ? ((await db.userPolls.get(id)) ?? null) : null), [id]);
  const responses = useLiveQuery(async (): Promise<UserPollResponseRow[]> => (id ? db.userPollResponses.where('pollId').equals(id).toArray() : []), [id]);
  const countRow = useLiveQuery(async (): Promise<PollCount | null> => (id ? ((await db.pollCounts.get(id)) ?? null) : null), [id]);
  const [pollFetch, setPollFetch] = useState<FetchOutcome | 'pending'>('pending');
  const [respFetch, setRespFetch] = useState<'pending' | 'ok' | 'failed'>('pending');
  const [skipped, setSkipped] = useState(0);
  const [shown, setShown] = useState(PAGE);

  useEffect(() => {
    if (!id) return;
    let live = true;
    void refreshUserPoll(id).then((r) => live && setPollFetch(r));
    void refreshResponses(id).then((r) => {
      if (!live) return;
      setRespFetch(r.ok ? 'ok' : 'failed');
      setSkipped(r.ok ? r.skipped : 0);
    });
    return () => {
      live = false;
    };
  }, [id]);

  const sorted = useMemo(() => [...(responses ?? [])].sort((a, b) => b.timestamp - a.timestamp), [responses]);
  const results = useMemo(() => (poll ? tally(poll.questions, sorted) : []), [poll, sorted]);

  const back = <Link to="/vote" className="back-link">{t('polls.all.backLink')}</Link>;
  const spinner = <div className="spinner" role="progressbar" aria-label={t('polls.resp.loading')} />;
  if (!id || poll === null) {
    if (id && pollFetch === 'pending') return spinner;
    return (
      <section className="responses" role="alert">
        {back}
        <h1>{t('polls.all.notFound')}</h1>
        <p>{!id ? t('polls.resp.noId') : pollFetch === 'error' ? t('polls.resp.loadError') : t('polls.resp.gone')}</p>
      </section>
    );
  }
  if (poll === undefined || responses === undefined) return spinner;

  if (String(poll.uploaderId) !== String(uid)) {
    return (
      <section className="responses">
        {back}
        <h1 dir="auto">{poll.title}</h1>
        <p className="alert">{t('polls.resp.ownerOnly')}</p>
      </section>
    );
  }

  const total = sorted.length;
  const asOf = countRow?.asOf ?? null;
  const download = () => {
    const blob = new Blob([responsesCsv(poll.questions, sorted)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${poll.title.replace(/[^\w-]+/g, '-').slice(0, 60) || 'poll'}-responses.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <section className="responses">
      {back}
      <h1 dir="auto">{poll.title}</h1>
      <p className="total" data-testid="total-responses"><strong>{t('polls.resp.total', { total: num(total) })}</strong></p>
      <p className="as-of" role="status">
        {poll.local
          ? t('polls.resp.local')
          : respFetch === 'failed'
            ? asOf ? t('polls.resp.offlineAsOf', { date: dateTimeText(asOf) }) : t('polls.resp.offlineLast')
            : asOf
              ? t('polls.resp.asOf', { date: dateTimeText(asOf) })
              : ''}
      </p>
      {skipped > 0 ? (
        <p className="alert" role="status">{t('polls.resp.skipped', { count: skipped, n: num(skipped) })}</p>
      ) : null}

      <ResultsView results={results} />

      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={download} disabled={total === 0}>{t('polls.resp.download')}</button>
      </div>
      <ShareBox path={`/poll?id=${encodeURIComponent(poll.pollId)}`} title={poll.title} />
      <OwnerActions poll={poll} />

      <h2>{t('polls.resp.individual')}</h2>
      {total === 0 ? <p className="muted">{t('polls.resp.none')}</p> : null}
      <ol className="individual">
        {sorted.slice(0, shown).map((r) => (
          <li key={r.responseId} className="card">
            <p className="muted small">{dateTimeText(r.timestamp)}</p>
            <ul>
              {poll.questions.map((q) => (
                <li key={q.id}><strong><bdi>{q.question}</bdi>:</strong> <bdi>{answerText(r.answers[q.id])}</bdi></li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {shown < total ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => setShown((n) => n + PAGE)}>{t('polls.resp.more', { n: num(Math.min(PAGE, total - shown)), rest: num(total - shown) })}</button>
      ) : null}
    </section>
  );
}
