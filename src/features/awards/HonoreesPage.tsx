import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { PageHeader } from '../../ui/PageHeader';
import { HONOREES_INTRO, honoreesYear } from './content';
import { LocalParagraph } from './EnglishNote';
import { shown, useEventTexts } from './localContent';
import { useStories } from './orgInfo';
import { FOUNDER } from './people';
import { useT } from './t';
import './awards.css';

/** The stories page (spec §2); /poll-categories shows the same inside a full-height scrolling container. */
export function HonoreesPage({ scrolling = false }: { scrolling?: boolean }): ReactElement {
  const t = useT();
  const stories = useStories();
  const { ready, texts, lang } = useEventTexts();
  return (
    <section className={scrolling ? 'screen awards honorees-scroll' : 'screen awards'}>
      <PageHeader title={t('awards.honorees.title', { year: honoreesYear() })} />
      <div className="screen-body">
        {/* The organisation's introduction, in the visitor's language where translated (issue #57). */}
        <LocalParagraph ready={ready} className="honorees-intro" value={shown(HONOREES_INTRO, texts?.honoreesIntro, lang)} />
        {stories === undefined ? (
          <div className="spinner" role="progressbar" aria-label={t('awards.loadingHonorees')} />
        ) : stories.length === 0 ? (
          <p className="muted">{t('awards.honorees.none')}</p>
        ) : (
          <ul className="honoree-grid" aria-label={t('awards.honorees.list')}>
            {stories.map((s) => (
              <li key={s.id}>
                <Link to="/one-icon" search={{ id: s.id }} className="honoree-tile">
                  {/* The visible name names the link; the portrait would only repeat it. */}
                  <span aria-hidden="true">
                    <Avatar name={s.name} src={s.smallImg} size={68} />
                  </span>
                  <span className="honoree-name">{s.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}

        <AwardBallotLinks />

        <h2>{t('awards.honorees.founder')}</h2>
        <Link to="/one-icon" search={{ id: FOUNDER.id }} className="founder-tile">
          <span aria-hidden="true">
            <Avatar name={FOUNDER.name} src={FOUNDER.image} size={120} />
          </span>
          <span className="person-name">{FOUNDER.name}</span>
          <span className="muted">{t('awards.honorees.founderRole')}</span>
        </Link>
        <p className="demo-note">{t('awards.demo')}</p>
      </div>
    </section>
  );
}
