import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactElement } from 'react';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { useVisitorId } from '../../app/visitor';
import { AWARD_CARD_TEXT, ballotPath, isOpen } from './awardModel';
import { ShareBox } from './ShareBox';
import { useAwardPolls, useVotedPolls } from './AwardBallots';
import { refreshAwardPolls, refreshPollsList } from './data';
import { voteCountText } from './logic';
import { inListOrder, POLL_CARD_TEXT } from './listModel';
import './polls.css';

type Tab = 'all' | 'my';

function asOfText(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function PollsListScreen(): ReactElement {
  const [tab, setTab] = useState<Tab>('all');
  const [refresh, setRefresh] = useState<'loading' | 'ok' | 'offline'>('loading');
  const uid = useVisitorId();
  const polls = useLiveQuery(() => db.userPolls.orderBy('pollId').toArray(), []);
  const counts = useLiveQuery(async () => new Map((await db.pollCounts.toArray()).map((c) => [c.pollId, c])), []);
  const waitingKeys = useLiveQuery(async () => new Set((await db.outbox.where('kind').equals('user-poll').toArray()).map((r) => r.key)), []);

  useEffect(() => {
    let live = true;
    const load = (): void => {
      void refreshPollsList().then((ok) => live && setRefresh(ok ? 'ok' : 'offline'));
      void refreshAwardPolls();
    };
    load();
    // The connection came back (a venue's Wi-Fi drops every minute): fetch the list and counts again
    // rather than keep showing the saved copy until the visitor leaves the screen.
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, []);

  // 'My Polls' compares uploaderId with the current uid as text (spec §6).
  const shown = inListOrder((polls ?? []).filter((p) => tab === 'all' || String(p.uploaderId) === String(uid)));
  const oldestCount = [...(counts?.values() ?? [])].reduce((min, c) => Math.min(min, c.asOf), Infinity);

  return (
    <section className="polls-list">
      <div className="polls-head">
        <h1>Polls</h1>
        <Link to="/create-poll" className="btn">Create Poll</Link>
      </div>
      <AwardPollCards refresh={refresh} />
      <h2 className="polls-section-heading">{AWARD_CARD_TEXT.communityHeading}</h2>
      <div className="tabs" role="tablist" aria-label="Which polls">
        <button type="button" role="tab" id="tab-all" aria-selected={tab === 'all'} aria-controls="polls-panel" className="tab" onClick={() => setTab('all')}>All Polls</button>
        <button type="button" role="tab" id="tab-my" aria-selected={tab === 'my'} aria-controls="polls-panel" className="tab" onClick={() => setTab('my')}>My Polls</button>
      </div>
      <div id="polls-panel" role="tabpanel" aria-labelledby={tab === 'all' ? 'tab-all' : 'tab-my'}>
        {refresh === 'offline' ? (
          <p className="alert" role="status">
            You’re offline or the server can’t be reached — showing the polls saved on this device
            {Number.isFinite(oldestCount) ? `; vote counts as of ${asOfText(oldestCount)}` : ''}.
          </p>
        ) : null}
        {polls === undefined || (refresh === 'loading' && shown.length === 0) ? (
          <div className="spinner" role="progressbar" aria-label="Loading polls" />
        ) : shown.length === 0 ? (
          <p className="muted">{tab === 'my' ? 'You haven’t created a poll yet.' : refresh === 'offline' ? POLL_CARD_TEXT.emptyOffline : POLL_CARD_TEXT.empty}</p>
        ) : (
          <ul className="poll-cards">
            {shown.map((p) => {
              const waiting = p.local || waitingKeys?.has(`user-polls/${p.pollId}`);
              // A poll only on this device has no votes yet; otherwise wait for the server's count rather than guess 0.
              const count = p.local ? 0 : counts?.get(p.pollId)?.count;
              return (
                <li key={p.pollId} className="card poll-card">
                  <h2>{p.title}</h2>
                  <p className="muted">{POLL_CARD_TEXT.postedBy(p.uploadedBy?.first_name ?? '')}</p>
                  <p data-testid="vote-count" className={count === undefined ? 'muted' : undefined}>
                    {count !== undefined ? voteCountText(count) : refresh === 'loading' ? POLL_CARD_TEXT.counting : 'Vote count unavailable offline'}
                  </p>
                  <div className="poll-card-foot">
                    {waiting ? <span className="pill sending">waiting to send</span> : <span />}
                    {tab === 'all' ? (
                      <Link to="/poll" search={{ id: p.pollId }} className="btn btn-small" aria-label={POLL_CARD_TEXT.viewLabel(p.title)}>{POLL_CARD_TEXT.view}</Link>
                    ) : (
                      <Link to="/responses" search={{ id: p.pollId }} className="btn btn-small" aria-label={`View responses to ${p.title}`}>View</Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * The event's award ballots, above the community polls: saved on this device, so they list offline too. One row of
 * fixed-height cards (sideways when more than fit), two placeholders while loading: the section's height never
 * changes, so the community polls below do not jump when the ballots arrive (layout shift, Lighthouse CLS).
 */
function AwardPollCards({ refresh }: { refresh: 'loading' | 'ok' | 'offline' }): ReactElement {
  const polls = useAwardPolls();
  const voted = useVotedPolls();
  const loading = polls === undefined || (polls.length === 0 && refresh === 'loading');
  return (
    <section className="award-polls" aria-labelledby="award-polls-heading">
      <h2 id="award-polls-heading" className="polls-section-heading">{AWARD_CARD_TEXT.heading}</h2>
      <p className="muted small">{AWARD_CARD_TEXT.intro}</p>
      <div id="award-polls-panel" aria-busy={loading ? 'true' : undefined}>
        {loading ? (
          <>
            <ul className="award-rows" aria-hidden="true">
              <li className="card award-row award-row-placeholder" />
              <li className="card award-row award-row-placeholder" />
            </ul>
            <p className="visually-hidden">{AWARD_CARD_TEXT.loading}</p>
          </>
        ) : polls.length === 0 ? (
          <p className="muted">{refresh === 'offline' ? AWARD_CARD_TEXT.emptyOffline : AWARD_CARD_TEXT.empty}</p>
        ) : (
          <ul className="award-rows">
            {polls.map((p) => {
              const open = isOpen(p);
              return (
                <li key={p.id} className="card award-row">
                  <h3>{p.title}</h3>
                  <div className="award-row-foot">
                    <p className="muted small">
                      {open ? AWARD_CARD_TEXT.categories(p.questions.length) : AWARD_CARD_TEXT.closed}
                      {voted?.has(p.id) ? <span className="pill ok">{AWARD_CARD_TEXT.voted}</span> : null}
                    </p>
                    <Link to="/poll" search={{ id: p.id }} className="btn btn-small" aria-label={open ? AWARD_CARD_TEXT.voteLabel(p.title) : AWARD_CARD_TEXT.viewLabel(p.title)}>
                      {open ? AWARD_CARD_TEXT.vote : AWARD_CARD_TEXT.view}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {/* For the people running the event: a QR code and link per ballot, to print for the tables. Here rather
          than on the ballot, where the e-mail step comes first. Always there (closed), so the section keeps its
          height when the ballots arrive. */}
      <details className="organisers">
        <summary>{AWARD_CARD_TEXT.organisers}</summary>
        {(polls ?? []).some(isOpen) ? (
          <ul className="organisers-list">
            {(polls ?? []).filter(isOpen).map((p) => (
              <li key={p.id}>
                <ShareBox path={ballotPath(p.id)} title={p.title} printable label={AWARD_CARD_TEXT.qrFor(p.title)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">{AWARD_CARD_TEXT.noneToPrint}</p>
        )}
      </details>
    </section>
  );
}
