// The four lists: cabinet, governors (alphabetical by state), Michigan officials, court candidates.
// All read IndexedDB, so they render offline; every card carries its source and verification date.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import type { PersonKind, PersonRow } from '../../db';
import { PageHeader } from '../../ui/PageHeader';
import { electionOf, formatDate, str } from './civicData';
import { Loading, PacksError, PersonCard, usePacks, usePeople } from './components';

function ListScreen({ title, kind, intro, renderExtra }: {
  title: string;
  kind: PersonKind;
  intro?: (rows: PersonRow[]) => ReactNode;
  renderExtra?: (row: PersonRow) => ReactNode;
}): ReactElement {
  const status = usePacks();
  const rows = usePeople([kind]);
  let body: ReactNode;
  if (rows && rows.length > 0) {
    body = (
      <>
        {intro?.(rows)}
        <p className="muted small civic-count">{rows.length} {rows.length === 1 ? 'entry' : 'entries'}</p>
        <ul className="civic-list">
          {rows.map((row) => (
            <PersonCard key={row.id} row={row} extra={renderExtra?.(row)} />
          ))}
        </ul>
      </>
    );
  } else if (status === 'error') {
    body = <PacksError />;
  } else if (rows === undefined || status === 'loading') {
    body = <Loading />;
  } else {
    body = <p className="muted">No entries yet.</p>;
  }
  return (
    <section className="screen civic">
      <PageHeader title={title} />
      <div className="screen-body">{body}</div>
    </section>
  );
}

export function CabinetScreen(): ReactElement {
  return (
    <ListScreen
      title="The Cabinet"
      kind="cabinet"
      intro={() => (
        <p className="muted">
          The heads of the 15 executive departments, then the cabinet-level officials. The vice president is on the{' '}
          <Link className="civic-link" to="/profile" search={{ q: 'Vice President profile' }}>Vice President profile</Link>.
        </p>
      )}
    />
  );
}

export function GovernorsScreen(): ReactElement {
  return <ListScreen title="Governors" kind="governor" intro={() => <p className="muted">All 50 states and 5 territories, alphabetical by state.</p>} />;
}

export function MichiganScreen(): ReactElement {
  return <ListScreen title="Michigan officials" kind="michigan" intro={() => <p className="muted">Michigan’s statewide executive officers.</p>} />;
}

export function CourtScreen(): ReactElement {
  return (
    <ListScreen
      title="Supreme Court candidates"
      kind="court"
      intro={(rows) => {
        const election = rows[0] ? electionOf(rows[0].entry) : undefined;
        return election ? (
          <div className="alert civic-election">
            <p className="civic-election-title">
              <strong>{election.year} Michigan Supreme Court election</strong> · held {formatDate(election.date)}
            </p>
            <p className="small">{election.note}</p>
          </div>
        ) : null;
      }}
      renderExtra={(row) => {
        const election = electionOf(row.entry);
        const outcome = str(row.entry, 'outcome');
        const office = str(row.entry, 'Office');
        return (
          <div className="civic-court-extra">
            {outcome ? (
              <p>
                <span className={`pill civic-outcome civic-outcome-${/won|retained/i.test(outcome) ? 'won' : 'lost'}`}>
                  {election ? `${election.year} election: ` : ''}{outcome}
                </span>
              </p>
            ) : null}
            {office ? <p className="small muted">{office}</p> : null}
          </div>
        );
      }}
    />
  );
}
