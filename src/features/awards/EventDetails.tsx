import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactElement } from 'react';
import { useT as useCommonT } from '../../lib/t';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { BackBar } from './BackBar';
import { EVENT_END, EVENT_HONOREE_COUNT, EVENT_SET_ON, EVENT_START, EVENT_TIME_ZONE, EVENT_TITLE, VENUE, ticketsUrl } from './config';
import { EVENT_IMAGE, MISSION, VISION, honoreesYear } from './content';
import { LocalParagraph } from './EnglishNote';
import { shown, useEventTexts } from './localContent';
import { CalendarIcon, ExternalIcon } from './icons';
import { useStories } from './orgInfo';
import { FOUNDER, HOSTS } from './people';
import { useT } from './t';
import { formatDate, isolate } from '../../lib/intl';
import { icsHref } from '../../lib/ics';

const CALENDAR_HREF = icsHref({
  uid: 'detroit-fashion-choice-awards-2027@town-square',
  start: EVENT_START,
  end: EVENT_END,
  stamp: EVENT_SET_ON,
  title: EVENT_TITLE,
  location: `${VENUE.name}, ${VENUE.street}, ${VENUE.city}`,
});

/** Event Details (spec §2): opened from the fashion category; back returns to the category menu. */
export function EventDetails({ onBack, focusOnMount }: { onBack: () => void; focusOnMount: boolean }): ReactElement {
  const t = useT();
  const tc = useCommonT();
  const stories = useStories();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const honorees = stories?.slice(0, EVENT_HONOREE_COUNT) ?? [];
  // The organisation's own words in the visitor's language where translated (issue #57), else English, marked.
  const { ready, texts, lang } = useEventTexts();

  return (
    <section className="screen awards">
      <BackBar label={t('awards.back')} onBack={onBack}>
        <p className="page-header-title">{t('awards.event.title')}</p>
      </BackBar>
      <img className="event-hero" src={EVENT_IMAGE.src} alt={t(EVENT_IMAGE.alt)} width={EVENT_IMAGE.width} height={EVENT_IMAGE.height} fetchPriority="high" decoding="async" />
      <div className="screen-body">
        <h1 ref={heading} tabIndex={-1} className="event-title">{EVENT_TITLE}</h1>
        <p className="event-date">
          <CalendarIcon />
          <span>{tc('common.event.date')}</span>
        </p>
        {/* The spec's line stays as it is; the day, year and place beside it, in Detroit time (the venue says where). */}
        <p className="event-when" data-testid="event-when">
          <time dateTime={EVENT_START.toISOString()}>{formatDate(EVENT_START, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: EVENT_TIME_ZONE })}</time>
          <br />
          {/* One English address, left to right as a whole: parts isolated one by one ran right to left in Arabic. */}
          <bdi lang="en" dir="ltr">{VENUE.name}, {VENUE.street}, {VENUE.city}</bdi>
        </p>
        <a className="btn btn-block" href={ticketsUrl()} target="_blank" rel="noopener noreferrer">
          {t('awards.event.tickets')} <ExternalIcon />
          <span className="visually-hidden"> {t('awards.newTab')}</span>
        </a>
        {/* A file made here, as a link: it works offline and on the page before the app (no script needed). */}
        <a className="btn btn-ghost btn-block event-calendar" href={CALENDAR_HREF} download="detroit-fashion-choice-awards.ics">
          <CalendarIcon /> {t('awards.event.calendar')}
        </a>

        <AwardBallotLinks />

        <h2>{t('awards.event.mission')}</h2>
        <LocalParagraph ready={ready} value={shown(MISSION, texts?.mission, lang)} />
        <h2>{t('awards.event.vision')}</h2>
        <LocalParagraph ready={ready} value={shown(VISION, texts?.vision, lang)} />

        <h2>{t('awards.event.founder')}</h2>
        <div className="founder-card card">
          <Avatar name={FOUNDER.name} src={FOUNDER.image} size={72} />
          <div>
            <p className="person-name">{FOUNDER.name}</p>
            <LocalParagraph ready={ready} bio className="founder-summary" value={shown(FOUNDER.summary ?? '', texts?.people[FOUNDER.id]?.summary, lang)} />
            <Link to="/one-icon" search={{ id: FOUNDER.id }} className="read-more" aria-label={t('awards.readMoreAbout', { name: isolate(FOUNDER.name) })}>
              {t('awards.readMore')}
            </Link>
          </div>
        </div>

        <h2>{t('awards.event.hosts')}</h2>
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

        <h2>{t('awards.event.honorees')}</h2>
        {stories === undefined ? (
          <div className="spinner" role="progressbar" aria-label={t('awards.loadingHonorees')} />
        ) : (
          <Link to="/stories-page" className="honoree-strip">
            <span className="honoree-strip-faces">
              {honorees.map((s) => (
                <Avatar key={s.id} name={s.name} src={s.smallImg} size={64} />
              ))}
            </span>
            <span className="honoree-strip-label">{t('awards.event.seeAll', { year: honoreesYear() })}</span>
          </Link>
        )}
        <p className="demo-note">{t('awards.demo')}</p>
      </div>
    </section>
  );
}
