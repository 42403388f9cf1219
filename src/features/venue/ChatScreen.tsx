import type { ReactElement } from 'react';
import { useSyncStatus } from '../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { Assistant } from '../assistant';
import { chatUrl } from './config';
import './venue.css';

/**
 * /chat (spec §2): the third-party chatbot in a full-screen frame when one is configured (VITE_CHAT_URL) and
 * the device is online; otherwise Town Square's own assistant, which answers from the app's content offline,
 * so the tab is never a dead end.
 */
export function ChatScreen(): ReactElement {
  const online = useSyncStatus((s) => s.online);
  const url = chatUrl();
  return (
    <section className="screen venue">
      <PageHeader title="Chat" />
      {url && online ? (
        <iframe className="venue-frame venue-frame-full" title="Chat assistant" src={url} allow="clipboard-write" />
      ) : (
        <Assistant
          notice={url ? <p className="alert assistant-notice">The chat service needs a connection. Until you are back online, Town Square’s own assistant answers here.</p> : undefined}
        />
      )}
    </section>
  );
}
