import type { ReactElement } from 'react';
import { useSyncStatus } from '../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { VENUE, mapEmbedUrl } from './config';
import './venue.css';

/** /location (spec §2): a full-screen map of the venue; offline, its name and address as text. */
export function LocationScreen(): ReactElement {
  const online = useSyncStatus((s) => s.online);
  return (
    <section className="screen venue">
      <PageHeader title="Location" />
      <address className="venue-address">
        <strong>{VENUE.name}</strong>
        <span>
          {VENUE.street}, {VENUE.city}
        </span>
      </address>
      {online ? (
        <iframe className="venue-frame" title={`Map of ${VENUE.name}, ${VENUE.street}, ${VENUE.city}`} src={mapEmbedUrl()} referrerPolicy="no-referrer-when-downgrade" allowFullScreen />
      ) : (
        <div className="venue-offline">
          <p className="alert">The map needs a connection. It will appear here when you are back online.</p>
        </div>
      )}
    </section>
  );
}
