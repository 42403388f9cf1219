import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { db, type PollCount, type UserPollResponseRow, type UserPollRow } from '../../db';
import { useLiveQuery } from '../../db/live';
import { useVisitorId } from '../../app/visitor';
import { refreshResponses, refreshUserPoll, type FetchOutcome } from './data';
import { responsesCsv, tally } from './logic';
import { ShareBox } from './ShareBox';
import './polls.css';

const PAGE = 50;

/** An answer as text; anything else (a copy saved before answers were checked) shows as no answer. */
const answerText = (a: unknown): string => (typeof a === 'string' && a !== '' ? a : '—');

export function ResponsesScreen(): ReactElement {
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

  const back = <Link to="/vote" className="back-link">← Back to Polls</Link>;
  if (!id || poll === null) {
    if (id && pollFetch === 'pending') return <div className="spinner" role="progressbar" aria-label="Loading responses" />;
    return (
      <section className="responses" role="alert">
        {back}
        <h1>Poll not found</h1>
        <p>{!id ? 'No poll ID provided.' : pollFetch === 'error' ? 'This poll could not be loaded. Check your connection and try again.' : 'There is no poll with this link. It may have been removed.'}</p>
      </section>
    );
  }
  if (poll === undefined || responses === undefined) return <div className="spinner" role="progressbar" aria-label="Loading responses" />;

  if (String(poll.uploaderId) !== String(uid)) {
    return (
      <section className="responses">
        {back}
        <h1>{poll.title}</h1>
        <p className="alert">Only the person who created this poll can see its responses.</p>
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
      <h1>{poll.title}</h1>
      <p className="total" data-testid="total-responses"><strong>Total Responses: {total}</strong></p>
      <p className="as-of" role="status">
        {poll.local
          ? 'This poll is waiting to be sent; responses appear once it is online.'
          : respFetch === 'failed'
            ? `Offline — showing responses as of ${asOf ? new Date(asOf).toLocaleString() : 'your last visit'}.`
            : asOf
              ? `As of ${new Date(asOf).toLocaleString()}`
              : ''}
      </p>
      {skipped > 0 ? (
        <p className="alert" role="status">{skipped === 1 ? '1 response could not be read and is not counted.' : `${skipped} responses could not be read and are not counted.`}</p>
      ) : null}

      {results.map((q) => (
        <section key={q.id} className="result-q card" aria-labelledby={`rq-${q.id}`}>
          <h2 id={`rq-${q.id}`}>{q.question}</h2>
          {q.options.map((o) => (
            <div key={o.option} className="result-row">
              <div className="result-label">
                <span>{o.option}</span>
                <span>{o.count} ({o.percent.toFixed(1)}%)</span>
              </div>
              <div className="result-bar" aria-hidden="true"><span style={{ width: `${o.percent}%` }} /></div>
            </div>
          ))}
          <details className="table-view">
            <summary>Show as a table</summary>
            <table>
              <caption className="visually-hidden">{q.question}: responses per option</caption>
              <thead><tr><th scope="col">Option</th><th scope="col">Responses</th><th scope="col">Percent</th></tr></thead>
              <tbody>
                {q.options.map((o) => (
                  <tr key={o.option}><th scope="row">{o.option}</th><td>{o.count}</td><td>{o.percent.toFixed(1)}%</td></tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
      ))}

      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={download} disabled={total === 0}>Download responses (CSV)</button>
      </div>
      <ShareBox path={`/poll?id=${encodeURIComponent(poll.pollId)}`} title={poll.title} />

      <h2>Individual Responses</h2>
      {total === 0 ? <p className="muted">No responses yet.</p> : null}
      <ol className="individual">
        {sorted.slice(0, shown).map((r) => (
          <li key={r.responseId} className="card">
            <p className="muted small">{new Date(r.timestamp).toLocaleString()}</p>
            <ul>
              {poll.questions.map((q) => (
                <li key={q.id}><strong>{q.question}:</strong> {answerText(r.answers[q.id])}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {shown < total ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => setShown((n) => n + PAGE)}>Show {Math.min(PAGE, total - shown)} more of {total - shown}</button>
      ) : null}
    </section>
  );
}
