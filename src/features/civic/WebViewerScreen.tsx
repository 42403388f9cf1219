// Web viewer (spec §2): /web?q={url or candidate name}. Only https pages on our own allow-list are framed
// (see webTarget.ts); everything else gets a plain explanation, never a frame and never script.
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useOnline } from '../../session';
import { Loading, NewTabHint, usePacks, usePeople, useQ } from './components';
import { tNodes, useT } from './t';
import { resolveWebTarget, type Candidate } from './webTarget';
import { isolate } from '../../lib/intl';

const COURT = ['court'] as const;

export function WebViewerScreen(): ReactElement {
  const t = useT();
  const q = useQ();
  const online = useOnline();
  const status = usePacks();
  const court = usePeople(COURT);
  const candidates: Candidate[] = (court ?? []).flatMap((r) => {
    const { campaignUrl } = r.entry;
    return campaignUrl ? [{ name: r.name, campaignUrl }] : [];
  });
  const target = resolveWebTarget(q, candidates);
  // The spec's title rule (webTarget.ts) gives 'Ballot', 'Register' or nothing; shown in the current language.
  const title = target.kind !== 'frame' ? '' : target.title === 'Ballot' ? t('civic.web.ballot') : target.title === 'Register' ? t('civic.web.register') : target.title;
  // A candidate's name resolves through the court rows: wait for them before saying "not found".
  const waiting = target.kind === 'blocked' && target.reason === 'unknown' && (court === undefined || status === 'loading');

  return (
    <section className="civic civic-web">
      <PageHeader title={title} srTitle={t('civic.web.page')} fallbackTo="/local" />
      {waiting ? (
        <Loading />
      ) : target.kind === 'frame' ? (
        <>
          {/* Offline, a frame would only show the browser's error page; it appears when the connection returns. */}
          {online ? (
            <iframe
              className="civic-frame"
              src={target.url}
              title={title ? `${title}: ${target.host}` : t('civic.web.from', { host: isolate(target.host) })}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <p className="alert civic-web-note" role="status">
              {tNodes('civic.web.offline', { host: <bdi>{target.host}</bdi> })}
            </p>
          )}
          <p className="civic-web-open small">
            {/* Some sites refuse to be framed (X-Frame-Options / CSP); the way out is always one tap away. */}
            <span className="muted">{t('civic.web.notShown')}</span>
            <a className="civic-link" href={target.url} target="_blank" rel="noopener noreferrer">
              {/* One flex item for the whole sentence: as loose text in the flex link, each piece became an item
                  of its own and the spaces around the host were lost ("Openwww.michigan.govin browser"). */}
              <span>{tNodes('civic.web.open', { host: <bdi>{target.host}</bdi> })}</span>
              <NewTabHint />
            </a>
          </p>
        </>
      ) : (
        <div className="screen screen-body">
          <div className="civic-notfound" role="alert">
            <h2>{target.reason === 'empty' ? t('civic.web.empty') : target.reason === 'unknown' ? t('civic.web.unknown') : t('civic.web.blocked')}</h2>
            <p>
              {target.reason === 'empty'
                ? t('civic.web.emptyText')
                : target.reason === 'unknown'
                  ? t('civic.web.unknownText')
                  : target.reason === 'scheme'
                    ? t('civic.web.schemeText')
                    : t('civic.web.hostText')}
            </p>
            {target.reason === 'host' && target.host ? (
              <p>
                {tNodes('civic.web.hostIs', { host: <strong className="civic-web-host" dir="ltr">{target.host}</strong> })}
              </p>
            ) : null}
            <div className="civic-actions">
              <Link className="btn btn-ghost" to="/voter-resources">{t('civic.vr.title')}</Link>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

