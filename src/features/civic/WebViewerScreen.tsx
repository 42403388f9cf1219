// Web viewer (spec §2): /web?q={url or candidate name}. Only https pages on our own allow-list are framed
// (see webTarget.ts); everything else gets a plain explanation, never a frame and never script.
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { str } from './civicData';
import { useOnline } from '../../sync/status';
import { Loading, NewTabHint, usePacks, usePeople, useQ } from './components';
import { resolveWebTarget, type Candidate } from './webTarget';

const COURT = ['court'] as const;

export function WebViewerScreen(): ReactElement {
  const q = useQ();
  const online = useOnline();
  const status = usePacks();
  const court = usePeople(COURT);
  const candidates: Candidate[] = (court ?? []).flatMap((r) => {
    const campaignUrl = str(r.entry, 'campaignUrl');
    return campaignUrl ? [{ name: r.name, campaignUrl }] : [];
  });
  const target = resolveWebTarget(q, candidates);
  const title = target.kind === 'frame' ? target.title : '';
  // A candidate's name resolves through the court rows: wait for them before saying "not found".
  const waiting = target.kind === 'blocked' && target.reason === 'unknown' && (court === undefined || status === 'loading');

  return (
    <section className="civic civic-web">
      <PageHeader title={title} srTitle="Web page" fallbackTo="/local" />
      {waiting ? (
        <Loading />
      ) : target.kind === 'frame' ? (
        <>
          {/* Offline, a frame would only show the browser's error page; it appears when the connection returns. */}
          {online ? (
            <iframe
              className="civic-frame"
              src={target.url}
              title={title ? `${title}: ${target.host}` : `Web page from ${target.host}`}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <p className="alert civic-web-note" role="status">
              You’re offline. This page from {target.host} needs a connection; it will appear here when you’re back online.
            </p>
          )}
          <p className="civic-web-open small">
            {/* Some sites refuse to be framed (X-Frame-Options / CSP); the way out is always one tap away. */}
            <span className="muted">Page not showing?</span>
            <a className="civic-link" href={target.url} target="_blank" rel="noopener noreferrer">
              Open {target.host} in browser<NewTabHint />
            </a>
          </p>
        </>
      ) : (
        <div className="screen screen-body">
          <div className="civic-notfound" role="alert">
            <h2>{target.reason === 'empty' ? 'No page to show' : target.reason === 'unknown' ? 'Page not found' : 'This link can’t be shown here'}</h2>
            <p>
              {target.reason === 'empty'
                ? 'This screen shows official election pages and candidate sites, but no address was given.'
                : target.reason === 'unknown'
                  ? 'We don’t know a page by that name.'
                  : target.reason === 'scheme'
                    ? 'For your safety, only secure (https) addresses of official election sites and known candidate sites open inside Town Square.'
                    : 'For your safety, only official election sites and known candidate sites open from Town Square.'}
            </p>
            {target.reason === 'host' && target.host ? (
              <p>
                This link goes to <strong className="civic-web-host" dir="ltr">{target.host}</strong>, which is not one of them.
              </p>
            ) : null}
            <div className="civic-actions">
              <Link className="btn btn-ghost" to="/voter-resources">Voter resources</Link>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

