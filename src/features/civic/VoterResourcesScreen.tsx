// Voter resources (spec §2): six cards, two external links each, opening in a new tab. The cards are part
// of the app, so they render offline; the links are honest about needing a connection.
import type { ReactElement } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useOnline } from '../../session';
import { NewTabHint } from './components';
import { VOTER_RESOURCES } from './voterResources';
import { useT } from './t';
import './civic.css';

export function VoterResourcesScreen(): ReactElement {
  const t = useT();
  const online = useOnline();
  return (
    <section className="screen civic">
      <PageHeader title={t('civic.vr.title')} />
      <div className="screen-body stack">
        <p className="muted">{t('civic.vr.intro')}</p>
        {online ? null : (
          <p className="alert" role="status">
            {t('civic.vr.offline')}
          </p>
        )}
        <ul className="civic-resources">
          {VOTER_RESOURCES.map((card) => (
            <li key={card.id} className="card civic-resource" aria-labelledby={`vr-${card.id}`}>
              <h2 id={`vr-${card.id}`}>{t(card.titleId)}</h2>
              <p className="small muted">{t(card.blurbId)}</p>
              <div className="civic-resource-links">
                {card.links.map((link) => (
                  <a
                    key={link.label}
                    className={online ? 'btn civic-resource-btn' : 'btn btn-ghost civic-resource-btn civic-offline-btn'}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <span>{t(link.labelId)}</span>
                    {online ? <NewTabHint /> : <span className="civic-needs-connection">{t('civic.vr.needsNet')}</span>}
                  </a>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
