import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { BackBar } from './BackBar';
import { EVENT_DATE, EVENT_HONOREE_COUNT, EVENT_TITLE, ticketsUrl } from './config';
import { EVENT_IMAGE, MISSION, VISION } from './content';
import { CalendarIcon, ExternalIcon } from './icons';
import { useStories } from './orgInfo';
import { FOUNDER, HOSTS } from './people';

/** Event Details (spec §2): opened from the fashion category; back returns to the category menu. */
export function EventDetails({ onBack, focusOnMount }: { onBack: () => void; focusOnMount: boolean }): ReactElement {
  const stories = useStories();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const honorees = stories?.slice(0, EVENT_HONOREE_COUNT) ?? [];

  return (
    <section className="screen awards">
      <BackBar label="Back to categories" onBack={onBack}>
        <p className="page-header-title">Event Details</p>
      </BackBar>
      <img className="event-hero" src={EVENT_IMAGE.src} alt={EVENT_IMAGE.alt} width={EVENT_IMAGE.width} height={EVENT_IMAGE.height} fetchPriority="high" decoding="async" />
      <div className="screen-body">
        <h1 ref={heading} tabIndex={-1} className="event-title">{EVENT_TITLE}</h1>
        <p className="event-date">
          <CalendarIcon />
          <span>{EVENT_DATE}</span>
        </p>
        <a className="btn btn-block" href={ticketsUrl()} target="_blank" rel="noopener noreferrer">
          Get Tickets <ExternalIcon />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>

        <AwardBallotLinks />

        <h2>Our mission</h2>
        <p>{MISSION}</p>
        <h2>Our vision</h2>
        <p>{VISION}</p>

        <h2>Meet the Founder</h2>
        <div className="founder-card card">
          <Avatar name={FOUNDER.name} src={FOUNDER.image} size={72} />
          <div>
            <p className="person-name">{FOUNDER.name}</p>
            <p className="founder-summary">{FOUNDER.summary}</p>
            <Link to="/one-icon" search={{ id: FOUNDER.id }} className="read-more">
              Read more<span className="visually-hidden"> about {FOUNDER.name}</span>
            </Link>
          </div>
        </div>

        <h2>Meet your Hosts</h2>
        <ul className="people-row">
          {HOSTS.map((host) => (
            <li key={host.id}>
              <Link to="/one-icon" search={{ id: host.id }} className="person-link">
                {/* The visible name names the link; the portrait would only repeat it. */}
                <span aria-hidden="true">
                  <Avatar name={host.name} src={host.image} size={88} />
                </span>
                <span className="person-link-name">{host.name}</span>
              </Link>
            </li>
          ))}
        </ul>

        <h2>Meet your Vanguard Honorees</h2>
        {stories === undefined ? (
          <div className="spinner" role="progressbar" aria-label="Loading honorees" />
        ) : (
          <Link to="/stories-page" className="honoree-strip">
            <span className="honoree-strip-faces">
              {honorees.map((s) => (
                <Avatar key={s.id} name={s.name} src={s.smallImg} size={64} />
              ))}
            </span>
            <span className="honoree-strip-label">See all 2025 Vanguard Honorees</span>
          </Link>
        )}
        <p className="demo-note">Demo content</p>
      </div>
    </section>
  );
}
