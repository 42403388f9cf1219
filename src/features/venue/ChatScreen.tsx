import type { ReactElement } from 'react';
import { useSyncStatus } from '../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { chatUrl } from './config';
import './venue.css';

/** /chat (spec §2): the third-party chatbot in a full-screen frame. */
export function ChatScreen(): ReactElement {
  const online = useSyncStatus((s) => s.online);
  const url = chatUrl();
  return (
    <section className="screen venue">
      <PageHeader title="Chat" />
      {!url ? (
        <div className="venue-offline">
          <p className="alert">{"The chat assistant isn't configured yet."}</p>
        </div>
      ) : !online ? (
        <div className="venue-offline">
          <p className="alert">The chat assistant needs a connection. It will be here when you are back online.</p>
        </div>
      ) : (
        <iframe className="venue-frame venue-frame-full" title="Chat assistant" src={url} allow="clipboard-write" />
      )}
    </section>
  );
}
