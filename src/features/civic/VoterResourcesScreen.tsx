// Voter resources (spec §2): six cards, two external links each, opening in a new tab. The cards are part
// of the app, so they render offline; the links are honest about needing a connection.
import type { ReactElement } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useOnline } from '../../sync/status';
import { NewTabHint } from './components';
import { VOTER_RESOURCES } from './voterResources';
import './civic.css';

export function VoterResourcesScreen(): ReactElement {
  const online = useOnline();
  return (
    <section className="screen civic">
      <PageHeader title="Voter resources" />
      <div className="screen-body stack">
        <p className="muted">Official Michigan election services. Each button opens the official site in a new tab.</p>
        {online ? null : (
          <p className="alert" role="status">
            You’re offline. These resources are official websites, so each button needs a connection; the list stays here for
            when you’re back online.
          </p>
        )}
        <ul className="civic-resources">
          {VOTER_RESOURCES.map((card) => (
            <li key={card.id} className="card civic-resource" aria-labelledby={`vr-${card.id}`}>
              <h2 id={`vr-${card.id}`}>{card.title}</h2>
              <p className="small muted">{card.blurb}</p>
              <div className="civic-resource-links">
                {card.links.map((link) => (
                  <a
                    key={link.label}
                    className={online ? 'btn civic-resource-btn' : 'btn btn-ghost civic-resource-btn civic-offline-btn'}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <span>{link.label}</span>
                    {online ? <NewTabHint /> : <span className="civic-needs-connection">Needs a connection</span>}
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
