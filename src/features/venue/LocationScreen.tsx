import { useEffect, useState, type ReactElement } from 'react';
import { EVENT_DATE, EVENT_TITLE } from '../../lib/event';
import { useSyncStatus } from '../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { VENUE, VENUE_LINKS, mapEmbedUrl } from './config';
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
  const online = useSyncStatus((s) => s.online);
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
  return (
    <section className="screen venue">
      <PageHeader title="Location" />
      <div className="venue-card">
        <address className="venue-address">
          <strong>{VENUE.name}</strong>
          <span>{VENUE.street}</span>
          <span>{VENUE.city}</span>
        </address>
        <p className="venue-when">
          {EVENT_TITLE} · {EVENT_DATE}
        </p>
        <div className="venue-actions">
          <a className="btn btn-small" href={VENUE_LINKS.maps} target="_blank" rel="noopener noreferrer">Open in Maps<span className="visually-hidden"> (opens in a new tab)</span></a>
          <a className="btn btn-small btn-ghost" href={VENUE_LINKS.directions} target="_blank" rel="noopener noreferrer">Directions<span className="visually-hidden"> (opens in a new tab)</span></a>
          <a className="btn btn-small btn-ghost" href={VENUE_LINKS.geo}>Open in a maps app</a>
        </div>
      </div>
      {showFrame ? (
        <iframe
          className="venue-frame"
          data-state={map}
          title={`Map of ${VENUE.name}, ${VENUE.street}, ${VENUE.city}`}
          src={src}
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
          onLoad={() => setMap('shown')}
        />
      ) : null}
      <div className="venue-offline" hidden={online && map === 'shown'}>
        <p className={online && (map === 'checking' || map === 'loading') ? 'muted' : 'alert'} role="status">
          {!online
            ? 'You are offline, so the map cannot be shown. The address above is all you need; the links open your maps app once you are connected.'
            : map === 'checking' || map === 'loading'
              ? 'Loading the map…'
              : 'The map could not be loaded on this connection. Use “Open in Maps” or “Directions” above.'}
        </p>
      </div>
    </section>
  );
}
