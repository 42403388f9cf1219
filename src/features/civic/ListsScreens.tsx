// The four lists: cabinet, governors (alphabetical by state), Michigan officials, court candidates.
// All read IndexedDB, so they render offline; every card carries its source and verification date.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import type { PersonKind, PersonRow } from '../../db';
import { PageHeader } from '../../ui/PageHeader';
import { electionOf, formatDate, str, type CourtElection } from './civicData';
import { Loading, NewTabHint, PacksError, PersonCard, usePacks, usePeople } from './components';
import { todayIso } from './tenure';

/** A list screen's frame: the rows of one kind, or loading / the packs' error / "No entries yet". */
function ListScreen({ title, kind, children }: {
  title: string;
  kind: PersonKind;
  children: (rows: PersonRow[]) => ReactNode;
}): ReactElement {
  const status = usePacks();
  const rows = usePeople([kind]);
  let body: ReactNode;
  if (rows && rows.length > 0) body = children(rows);
  else if (status === 'error') body = <PacksError />;
  else if (rows === undefined || status === 'loading') body = <Loading />;
  else body = <p className="muted">No entries yet.</p>;
  return (
    <section className="screen civic">
      <PageHeader title={title} />
      <div className="screen-body">{body}</div>
    </section>
  );
}

function PeopleList({ rows, intro }: { rows: PersonRow[]; intro: ReactNode }): ReactElement {
  return (
    <>
      {intro}
      <p className="muted small civic-count">{rows.length} {rows.length === 1 ? 'entry' : 'entries'}</p>
      <ul className="civic-list">
        {rows.map((row) => (
          <PersonCard key={row.id} row={row} />
        ))}
      </ul>
    </>
  );
}

export function CabinetScreen(): ReactElement {
  return (
    <ListScreen title="The Cabinet" kind="cabinet">
      {(rows) => (
        <PeopleList
          rows={rows}
          intro={
            <p className="muted">
              The heads of the 15 executive departments, then the cabinet-level officials. The vice president is on the{' '}
              <Link className="civic-link" to="/profile" search={{ q: 'Vice President profile' }}>Vice President profile</Link>.
            </p>
          }
        />
      )}
    </ListScreen>
  );
}

export function GovernorsScreen(): ReactElement {
  return (
    <ListScreen title="Governors" kind="governor">
      {(rows) => <PeopleList rows={rows} intro={<p className="muted">All 50 states and 5 territories, alphabetical by state.</p>} />}
    </ListScreen>
  );
}

export function MichiganScreen(): ReactElement {
  return (
    <ListScreen title="Michigan officials" kind="michigan">
      {(rows) => <PeopleList rows={rows} intro={<p className="muted">Michigan’s statewide executive officers.</p>} />}
    </ListScreen>
  );
}

/** Races newest first, each with its candidates in the pack's order. */
function racesOf(rows: readonly PersonRow[]): { election: CourtElection; rows: PersonRow[] }[] {
  const byYear = new Map<number, { election: CourtElection; rows: PersonRow[] }>();
  for (const row of rows) {
    const election = electionOf(row.entry);
    if (!election) continue;
    const race = byYear.get(election.year) ?? { election, rows: [] };
    race.rows.push(row);
    byYear.set(election.year, race);
  }
  return [...byYear.values()].sort((a, b) => b.election.year - a.election.year);
}

export function CourtScreen(): ReactElement {
  return (
    <ListScreen title="Supreme Court candidates" kind="court">
      {(rows) => racesOf(rows).map((race) => <Race key={race.election.year} election={race.election} rows={race.rows} />)}
    </ListScreen>
  );
}

function Race({ election, rows }: { election: CourtElection; rows: PersonRow[] }): ReactElement {
  const today = todayIso();
  const held = election.date < today;
  // A passed election with no outcome for anyone in the pack: say so, and send people to the official count.
  const resultsMissing = held && !rows.some((r) => str(r.entry, 'outcome'));
  const headingId = `race-${election.year}`;
  return (
    <section className="civic-race" aria-labelledby={headingId}>
      <div className="alert civic-election">
        <h2 id={headingId} className="civic-race-title">{election.year} Michigan Supreme Court election</h2>
        <p>{held ? 'Held' : 'Election day'} {formatDate(election.date)}{election.seats ? ` · ${election.seats} seats` : ''}</p>
        <p className="small">{election.note}</p>
        {election.unofficial ? (
          <p className="small"><span className="pill civic-pill-unverified">Unofficial</span> Not the official candidate list.</p>
        ) : null}
        {resultsMissing ? (
          <p className="civic-results-pending">
            <strong>Results not yet in Town Square</strong>
            {election.resultsUrl ? (
              <a className="civic-link" href={election.resultsUrl} target="_blank" rel="noopener noreferrer">
                Official results<NewTabHint />
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <p className="muted small civic-count">{rows.length} {rows.length === 1 ? 'candidate' : 'candidates'} in Town Square</p>
      <ul className="civic-list">
        {rows.map((row) => (
          <PersonCard key={row.id} row={row} extra={<CourtExtra row={row} election={election} />} />
        ))}
      </ul>
    </section>
  );
}

function CourtExtra({ row, election }: { row: PersonRow; election: CourtElection }): ReactElement {
  const outcome = str(row.entry, 'outcome');
  const office = str(row.entry, 'Office');
  return (
    <div className="civic-court-extra">
      {outcome ? (
        <p>
          <span className={`pill civic-outcome civic-outcome-${/won|retained/i.test(outcome) ? 'won' : 'lost'}`}>
            {election.year} election: {outcome}
          </span>
        </p>
      ) : null}
      {office ? <p className="small muted">{office}</p> : null}
    </div>
  );
}
