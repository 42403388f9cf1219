import { useEffect, useState, type ReactElement } from 'react';
import { EVENT_TITLE } from '../../lib/event';
import { isolate } from '../../lib/intl';
import { useT as useCommonT } from '../../lib/t';
import { useOnline } from '../../session';
import { PageHeader } from '../../ui/PageHeader';
import { VENUE, VENUE_LINKS, mapEmbedUrl } from './config';
import { useT } from './t';
import './venue.css';

/** How long the map may take before the screen stops waiting for it (venue Wi-Fi). */
const MAP_TIMEOUT_MS = 12_000;

type MapState = 'checking' | 'loading' | 'shown' | 'failed';

/**
 * Whether the map's site answers at all. Why: a frame that cannot load shows a broken-page icon (or Chrome's
 * dinosaur) and still fires `load`, so the frame cannot tell us. A small image from the same origin can (the
 * CSP allows https images); a captive portal answering with its own page fails it too.
 */
function probe(mapUrl: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(false), timeoutMs);
    img.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    img.src = `${new URL(mapUrl).origin}/favicon.ico?probe=${Date.now()}`;
  });
}

/**
 * /location (spec §2): the venue's map — and, whatever the connection, the venue card with its address, the
 * event's time and ways to get there that need no embedded map. The frame appears only once the map's site has
 * answered and the frame has loaded; offline or when it fails, a message takes its place.
 */
export function LocationScreen(): ReactElement {
  const t = useT();
  const tc = useCommonT();
  const online = useOnline();
  const [map, setMap] = useState<MapState>('checking');
  const src = mapEmbedUrl();

  useEffect(() => {
    if (!online) return;
    let live = true;
    setMap('checking');
    void probe(src, MAP_TIMEOUT_MS).then((ok) => {
      if (live) setMap(ok ? 'loading' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [online, src]);

  useEffect(() => {
    if (map !== 'loading') return;
    const timer = setTimeout(() => setMap((m) => (m === 'loading' ? 'failed' : m)), MAP_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [map]);

  const showFrame = online && (map === 'loading' || map === 'shown');
  const place = `${VENUE.name}, ${VENUE.street}, ${VENUE.city}`;
  // The venue's names and address stay as they are (English, left to right): isolated inside another language's
  // text, <bdi> in markup.
  return (
    <section className="screen venue">
      <PageHeader title={t('venue.location.title')} />
      <div className="venue-card">
        <address className="venue-address" lang="en">
          <strong>
            <bdi>{VENUE.name}</bdi>
          </strong>
          <span>
            <bdi>{VENUE.street}</bdi>
          </span>
          <span>
            <bdi>{VENUE.city}</bdi>
          </span>
        </address>
        <p className="venue-when">
          <bdi lang="en">{EVENT_TITLE}</bdi> · {tc('common.event.date')}
        </p>
        <div className="venue-actions">
          <a className="btn btn-small" href={VENUE_LINKS.maps} target="_blank" rel="noopener noreferrer">
            {t('venue.location.openMaps')}
            <span className="visually-hidden"> {t('venue.location.newTab')}</span>
          </a>
          <a className="btn btn-small btn-ghost" href={VENUE_LINKS.directions} target="_blank" rel="noopener noreferrer">
            {t('venue.location.directions')}
            <span className="visually-hidden"> {t('venue.location.newTab')}</span>
          </a>
          <a className="btn btn-small btn-ghost" href={VENUE_LINKS.geo}>
            {t('venue.location.openApp')}
          </a>
        </div>
      </div>
      {showFrame ? (
        <iframe
          className="venue-frame"
          data-state={map}
          title={t('venue.location.mapTitle', { place: isolate(place) })}
          src={src}
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
          onLoad={() => setMap('shown')}
        />
      ) : null}
      <div className="venue-offline" hidden={online && map === 'shown'}>
        <p className={online && (map === 'checking' || map === 'loading') ? 'muted' : 'alert'} role="status">
          {!online
            ? t('venue.location.offline')
            : map === 'checking' || map === 'loading'
              ? t('venue.location.loading')
              : t('venue.location.failed')}
        </p>
      </div>
    </section>
  );
}
