import type { ReactElement } from 'react';
import { useOnline } from '../../session';
import { PageHeader } from '../../ui/PageHeader';
import { Assistant } from '../assistant';
import { chatUrl } from './config';
import { useT } from './t';
import './venue.css';

/**
 * /chat (spec §2): the third-party chatbot in a full-screen frame when one is configured (VITE_CHAT_URL) and
 * the device is online; otherwise Town Square's own assistant, which answers from the app's content offline,
 * so the tab is never a dead end.
 */
export function ChatScreen(): ReactElement {
  const t = useT();
  const online = useOnline();
  const url = chatUrl();
  return (
    <section className="screen venue">
      <PageHeader title={t('venue.chat.title')} />
      {url && online ? (
        <iframe className="venue-frame venue-frame-full" title={t('venue.chat.frame')} src={url} allow="clipboard-write" />
      ) : (
        <Assistant
          notice={url ? <p className="alert assistant-notice">{t('venue.chat.offline')}</p> : undefined}
        />
      )}
    </section>
  );
}
