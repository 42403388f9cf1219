import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { PageHeader } from '../../ui/PageHeader';
import { HONOREES_INTRO } from './content';
import { useStories } from './orgInfo';
import { FOUNDER } from './people';
import './awards.css';

/** The stories page (spec §2); /poll-categories shows the same inside a full-height scrolling container. */
export function HonoreesPage({ scrolling = false }: { scrolling?: boolean }): ReactElement {
  const stories = useStories();
  return (
    <section className={scrolling ? 'screen awards honorees-scroll' : 'screen awards'}>
      <PageHeader title="2025 Vanguard Honorees" />
      <div className="screen-body">
        <p className="honorees-intro">{HONOREES_INTRO}</p>
        {stories === undefined ? (
          <div className="spinner" role="progressbar" aria-label="Loading honorees" />
        ) : stories.length === 0 ? (
          <p className="muted">The honorees will be announced soon.</p>
        ) : (
          <ul className="honoree-grid" aria-label="Honorees">
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

        <h2>Meet The Founder</h2>
        <Link to="/one-icon" search={{ id: FOUNDER.id }} className="founder-tile">
          <span aria-hidden="true">
            <Avatar name={FOUNDER.name} src={FOUNDER.image} size={120} />
          </span>
          <span className="person-name">{FOUNDER.name}</span>
          <span className="muted">Founder, Detroit Fashion Choice Awards</span>
        </Link>
        <p className="demo-note">Demo content</p>
      </div>
    </section>
  );
}
