import { Link } from '@tanstack/react-router';
import { useMemo, type ReactElement } from 'react';
import { db, type AwardPoll } from '../../db';
import { useLiveQuery } from '../../db/live';
import { inBallotOrder, isOpen } from './awardModel';
import { inLanguage, type ShownPoll } from './awardModel';
import { useLocale } from '../../lib/i18n';
import { tNodes, useT } from './ballotsT';
import './polls.css';

/**
 * The event's award polls saved on this device, in the organisers' order (open and closed). Saved by
 * refreshAwardPolls() at every start, so this works offline after one online visit. undefined for the instant
 * IndexedDB takes to answer. Titles and categories in the visitor's language where the organisers wrote them
 * (issue #57); the order is the organisers' (by their English titles), the same in every language.
 */
export function useAwardPolls(): ShownPoll<AwardPoll>[] | undefined {
  const locale = useLocale();
  const polls = useLiveQuery(async () => inBallotOrder(await db.polls.toArray()), []);
  return useMemo(() => polls?.map((p) => inLanguage(p, locale)), [polls, locale]);
}

/** Which of the saved award polls this device has voted in (its own local records). */
export function useVotedPolls(): Set<string> | undefined {
  return useLiveQuery(async () => new Set((await db.votes.toArray()).filter((v) => v.user !== '').map((v) => v.pollId)), []);
}

/**
 * "Cast your vote": a button per open award ballot, for the screens around the event (Event Details, the
 * honorees). Before any ballot is saved on this device (a first visit, before the background refresh) it offers
 * the polls list, where the ballots appear as soon as they arrive.
 */
export function AwardBallotLinks({ headingLevel = 2 }: { headingLevel?: 2 | 3 }): ReactElement {
  const t = useT();
  const polls = useAwardPolls();
  const open = (polls ?? []).filter(isOpen);
  const voted = useVotedPolls();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="vote-cta card" aria-labelledby="vote-cta-heading">
      <Heading id="vote-cta-heading">{t('ballots.cta.heading')}</Heading>
      <p>{t('ballots.cta.intro')}</p>
      {open.length > 0 ? (
        <ul className="vote-cta-list">
          {open.map((p) => (
            <li key={p.id}>
              <Link to="/poll" search={{ id: p.id }} className="btn btn-block">
                {tNodes(voted?.has(p.id) ? 'ballots.cta.see' : 'ballots.cta.vote', { title: <bdi lang={p.titleLang}>{p.title}</bdi> })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Link to="/vote" className="btn btn-block">{t('ballots.cta.all')}</Link>
      )}
    </section>
  );
}
