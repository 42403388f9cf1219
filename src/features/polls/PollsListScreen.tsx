import { Link, useRouterState, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type ReactElement } from 'react';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { onReconnect, useVisitorId } from '../../session';
import { waitingKeys as outboxKeys } from '../../sync';
import { useLocale } from '../../lib/i18n';
import { formatDate, isolate } from '../../lib/intl';
import { AWARDS_NAME, WINDOW_TIME, votingState } from './awardModel';
import { useServerNow } from '../../ui/useServerNow';
import { keepCode, NIGHT, readCode } from '../../lib/votingCodes';
import { useAwardPolls, useVotedPolls } from './AwardBallots';
import { refreshAwardPolls, refreshPollsList, resultsHidden } from './data';
import { userPoll, userPollKey } from './mutations/userPoll';
import { inListOrder } from './listModel';
import { PollLive } from './PollLive';
import { asOfText, voteCountLabel } from './text';
import { AwardRows, AwardRowView, ListNote, PollCards, PollCardView } from './ListView';
import { tNodes, useT } from './t';
import './polls.css';

type Tab = 'all' | 'my';

export function PollsListScreen(): ReactElement {
  const t = useT();
  // A night's voting code from its card's QR link (/vote?code=…, issue #52): kept for every award poll's ballot.
  const { code } = useSearch({ strict: false }) as { code?: string };
  useEffect(() => {
    const held = code === undefined ? null : readCode(code);
    if (held) keepCode(NIGHT, held);
  }, [code]);
  // Arrived from Create Poll: which poll was just made (the history entry's state, PollLive.tsx).
  const created = useRouterState({ select: (s) => s.location.state.createdPoll });
  const [tab, setTab] = useState<Tab>('all');
  const [refresh, setRefresh] = useState<'loading' | 'ok' | 'offline'>('loading');
  const uid = useVisitorId();
  const polls = useLiveQuery(() => db.userPolls.orderBy('pollId').toArray(), []);
  const counts = useLiveQuery(async () => new Map((await db.pollCounts.toArray()).map((c) => [c.pollId, c])), []);
  const waitingKeys = useLiveQuery(() => outboxKeys(userPoll), []);

  useEffect(() => {
    let live = true;
    const load = (): void => {
      void refreshPollsList().then((ok) => live && setRefresh(ok ? 'ok' : 'offline'));
      void refreshAwardPolls();
    };
    load();
    // The connection came back (a venue's Wi-Fi drops every minute): fetch the list and counts again
    // rather than keep showing the saved copy until the visitor leaves the screen.
    const stopReconnect = onReconnect(load);
    return () => {
      live = false;
      stopReconnect();
    };
  }, []);

  // 'My Polls' compares uploaderId with the current uid as text (spec §6). A poll the organisers hid (issue #53) is
  // left out of All Polls — here and in the list saved for offline, at its next refresh — and stays under its
  // owner's My Polls, saying so.
  const shown = inListOrder((polls ?? []).filter((p) => (tab === 'all' ? !p.hiddenAt && !p.removedAt : String(p.uploaderId) === String(uid))));
  const oldestCount = [...(counts?.values() ?? [])].reduce((min, c) => Math.min(min, c.asOf), Infinity);

  return (
    <section className="polls-list">
      <div className="polls-head">
        <h1>{t('polls.list.title')}</h1>
        <Link to="/create-poll" className="btn">{t('polls.all.createPoll')}</Link>
      </div>
      {created ? <PollLive pollId={created} /> : null}
      <AwardPollCards refresh={refresh} />
      <h2 className="polls-section-heading">{t('polls.award.community')}</h2>
      {/* Switching needs the app (the visitor's own polls are in this device's store): on the prerendered page the
          tabs keep their place but are not shown until the app has taken over (data-needs-app, issue #33). */}
      <div className="tabs" role="tablist" aria-label={t('polls.list.tabs')} data-needs-app="">
        <button type="button" role="tab" id="tab-all" aria-selected={tab === 'all'} aria-controls="polls-panel" className="tab" onClick={() => setTab('all')}>{t('polls.list.all')}</button>
        <button type="button" role="tab" id="tab-my" aria-selected={tab === 'my'} aria-controls="polls-panel" className="tab" onClick={() => setTab('my')}>{t('polls.list.mine')}</button>
      </div>
      <div id="polls-panel" role="tabpanel" aria-labelledby={tab === 'all' ? 'tab-all' : 'tab-my'}>
        {refresh === 'offline' ? (
          <p className="alert" role="status">
            {Number.isFinite(oldestCount) ? t('polls.list.offlineAsOf', { date: asOfText(oldestCount) }) : t('polls.list.offline')}
          </p>
        ) : null}
        {polls === undefined || (refresh === 'loading' && shown.length === 0) ? (
          <div className="spinner" role="progressbar" aria-label={t('polls.list.loading')} />
        ) : shown.length === 0 ? (
          <ListNote text={tab === 'my' ? t('polls.list.noneMine') : refresh === 'offline' ? t('polls.list.emptyOffline') : t('polls.list.empty')} />
        ) : (
          <PollCards>
            {shown.map((p) => {
              const waiting = p.local || waitingKeys?.has(userPollKey(p.pollId));
              // A poll only on this device has no votes yet; otherwise wait for the server's count rather than guess 0.
              const count = p.local ? 0 : resultsHidden(p) ? undefined : counts?.get(p.pollId)?.count;
              return (
                <PollCardView
                  key={p.pollId}
                  title={p.title}
                  postedBy={tNodes('polls.list.postedBy', { name: <bdi>{p.uploadedBy?.first_name.trim() || t('polls.list.someone')}</bdi> })}
                  count={count !== undefined ? voteCountLabel(count) : resultsHidden(p) ? t('polls.list.resultsLater') : refresh === 'loading' ? t('polls.list.counting') : t('polls.list.noCount')}
                  countMuted={count === undefined}
                  waiting={Boolean(waiting)}
                  {...(p.hiddenAt ? { note: t('polls.hidden.mine', { date: asOfText(p.hiddenAt) }) }
                    : p.removedAt ? { note: t('polls.owner.removed', { date: asOfText(p.removedAt) }) }
                      // Under My Polls only: All Polls stays what the page before the app drew (preview.ts).
                      : p.closedAt && tab === 'my' ? { note: t('polls.list.closed') } : {})}
                  action={tab === 'all' ? (
                    <Link to="/poll" search={{ id: p.pollId }} className="btn btn-small" aria-label={t('polls.all.viewLabel', { title: isolate(p.title) })}>{t('polls.all.view')}</Link>
                  ) : (
                    <Link to="/responses" search={{ id: p.pollId }} className="btn btn-small" aria-label={t('polls.list.responsesLabel', { title: isolate(p.title) })}>{t('polls.all.view')}</Link>
                  )}
                />
              );
            })}
          </PollCards>
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
  const t = useT();
  const locale = useLocale();
  const polls = useAwardPolls();
  const voted = useVotedPolls();
  // Each row's state on the server's clock: redrawn at each opening and closing, and when the offset arrives.
  const now = useServerNow((polls ?? []).flatMap((p) => [p.opensAt, p.closesAt]));
  const loading = polls === undefined || (polls.length === 0 && refresh === 'loading');
  return (
    <section className="award-polls" aria-labelledby="award-polls-heading">
      {/* The awards' name, in English in every language. */}
      <h2 id="award-polls-heading" className="polls-section-heading" lang={locale === 'en' ? undefined : 'en'}>{AWARDS_NAME}</h2>
      <p className="muted small">{t('polls.award.intro')}</p>
      <div id="award-polls-panel" aria-busy={loading ? 'true' : undefined}>
        {loading ? (
          <>
            <ul className="award-rows" aria-hidden="true">
              <li className="card award-row award-row-placeholder" />
              <li className="card award-row award-row-placeholder" />
            </ul>
            <p className="visually-hidden">{t('polls.award.loading')}</p>
          </>
        ) : polls.length === 0 ? (
          <ListNote text={refresh === 'offline' ? t('polls.award.emptyOffline') : t('polls.award.empty')} />
        ) : (
          <AwardRows>
            {polls.map((p) => {
              const window = votingState(p, now);
              const open = window.state === 'open';
              // Voted on this device: the way in is to what was voted (the ballot opens on it), not a second "Vote".
              const mine = voted?.has(p.id) ?? false;
              return (
                <AwardRowView
                  key={p.id}
                  title={p.title}
                  titleLang={p.titleLang}
                  state={open ? t('polls.award.categories', { count: p.questions.length }) : window.state === 'scheduled' ? t('polls.award.opensAt', { time: formatDate(window.opensAt, WINDOW_TIME) }) : t('polls.award.closed')}
                  voted={mine}
                  action={(
                    <Link to="/poll" search={{ id: p.id }} className={open && !mine ? 'btn btn-small' : 'btn btn-ghost btn-small'} aria-label={mine && open ? t('polls.award.seeLabel', { title: isolate(p.title) }) : open ? t('polls.award.voteLabel', { title: isolate(p.title) }) : t('polls.all.viewLabel', { title: isolate(p.title) })}>
                      {mine && open ? t('polls.award.see') : open ? t('polls.award.vote') : t('polls.all.view')}
                    </Link>
                  )}
                />
              );
            })}
          </AwardRows>
        )}
      </div>
    </section>
  );
}
