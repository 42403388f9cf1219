// The four lists: cabinet, governors (alphabetical by state), Michigan officials, court candidates.
// All read IndexedDB, so they render offline; every card carries its source and verification date.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import type { PersonKind, PersonRow, PersonRowOf } from '../../db';
import type { CourtElection } from '../../data/schemas';
import { PageHeader } from '../../ui/PageHeader';
import { formatDate } from './civicData';
import { Data, InEnglish, Loading, NewTabHint, PacksError, PersonCard, usePacks, usePeople } from './components';
import { formatYear, officeName, outcomeName } from './labels';
import { todayIso } from './tenure';
import { tNodes, useT, type CivicId } from './t';

/** A list screen's frame: the rows of one kind, or loading / the packs' error / "No entries yet". */
function ListScreen<K extends PersonKind>({ title, kind, children }: {
  title: CivicId;
  kind: K;
  children: (rows: PersonRowOf<K>[]) => ReactNode;
}): ReactElement {
  const t = useT();
  const status = usePacks();
  const rows = usePeople([kind]);
  let body: ReactNode;
  if (rows && rows.length > 0) body = children(rows);
  else if (status === 'error') body = <PacksError />;
  else if (rows === undefined || status === 'loading') body = <Loading />;
  else body = <p className="muted">{t('civic.list.empty')}</p>;
  return (
    <section className="screen civic">
      <PageHeader title={t(title)} />
      <div className="screen-body">{body}</div>
    </section>
  );
}

function PeopleList({ rows, intro }: { rows: PersonRow[]; intro: ReactNode }): ReactElement {
  const t = useT();
  return (
    <>
      {intro}
      <p className="muted small civic-count">{t('civic.list.count', { count: rows.length })}</p>
      <ul className="civic-list">
        {rows.map((row) => (
          <PersonCard key={row.id} row={row} />
        ))}
      </ul>
    </>
  );
}

export function CabinetScreen(): ReactElement {
  const t = useT();
  return (
    <ListScreen title="civic.list.cab" kind="cabinet">
      {(rows) => (
        <PeopleList
          rows={rows}
          intro={
            <p className="muted">
              {tNodes('civic.list.cabIntro', {
                // The key stays English: it is the profile's address (spec), not text.
                link: <Link className="civic-link" to="/profile" search={{ q: 'Vice President profile' }}>{t('civic.pf.vp')}</Link>,
              })}
            </p>
          }
        />
      )}
    </ListScreen>
  );
}

export function GovernorsScreen(): ReactElement {
  const t = useT();
  return (
    <ListScreen title="civic.list.gov" kind="governor">
      {(rows) => <PeopleList rows={rows} intro={<p className="muted">{t('civic.list.govIntro')}</p>} />}
    </ListScreen>
  );
}

export function MichiganScreen(): ReactElement {
  const t = useT();
  return (
    <ListScreen title="civic.list.mi" kind="michigan">
      {(rows) => <PeopleList rows={rows} intro={<p className="muted">{t('civic.list.miIntro')}</p>} />}
    </ListScreen>
  );
}

type CourtRow = PersonRowOf<'court'>;

/** Races newest first, each with its candidates in the pack's order. */
function racesOf(rows: readonly CourtRow[]): { election: CourtElection; rows: CourtRow[] }[] {
  const byYear = new Map<number, { election: CourtElection; rows: CourtRow[] }>();
  for (const row of rows) {
    const { election } = row.entry;
    const race = byYear.get(election.year) ?? { election, rows: [] };
    race.rows.push(row);
    byYear.set(election.year, race);
  }
  return [...byYear.values()].sort((a, b) => b.election.year - a.election.year);
}

export function CourtScreen(): ReactElement {
  return (
    <ListScreen title="civic.list.court" kind="court">
      {(rows) => racesOf(rows).map((race) => <Race key={race.election.year} election={race.election} rows={race.rows} />)}
    </ListScreen>
  );
}

function Race({ election, rows }: { election: CourtElection; rows: CourtRow[] }): ReactElement {
  const t = useT();
  const today = todayIso();
  const held = election.date < today;
  // A passed election with no outcome for anyone in the pack: say so, and send people to the official count.
  const resultsMissing = held && !rows.some((r) => r.entry.outcome !== undefined);
  const headingId = `race-${election.year}`;
  return (
    <section className="civic-race" aria-labelledby={headingId}>
      <div className="alert civic-election">
        <h2 id={headingId} className="civic-race-title">{t('civic.race.title', { year: formatYear(election.year) })}</h2>
        <p>
          {held ? t('civic.race.held', { date: formatDate(election.date) }) : t('civic.race.day', { date: formatDate(election.date) })}
          {election.seats ? ` · ${t('civic.race.seats', { count: election.seats })}` : ''}
        </p>
        <p className="small"><InEnglish what="note" /><span className="en-block" lang="en" dir="ltr">{election.note}</span></p>
        {election.unofficial ? (
          <p className="small"><span className="pill civic-pill-unverified">{t('civic.race.unoff')}</span> {t('civic.race.unoffNote')}</p>
        ) : null}
        {resultsMissing ? (
          <p className="civic-results-pending">
            <strong>{t('civic.race.pending')}</strong>
            {election.resultsUrl ? (
              <a className="civic-link" href={election.resultsUrl} target="_blank" rel="noopener noreferrer">
                {t('civic.race.results')}<NewTabHint />
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <p className="muted small civic-count">{t('civic.race.count', { count: rows.length })}</p>
      <ul className="civic-list">
        {rows.map((row) => (
          <PersonCard key={row.id} row={row} extra={<CourtExtra row={row} election={election} />} />
        ))}
      </ul>
    </section>
  );
}

function CourtExtra({ row, election }: { row: CourtRow; election: CourtElection }): ReactElement {
  useT();
  const { outcome, Office: office } = row.entry;
  return (
    <div className="civic-court-extra">
      {outcome ? (
        <p>
          <span className={`pill civic-outcome civic-outcome-${/won|retained/i.test(outcome) ? 'won' : 'lost'}`}>
            {tNodes('civic.race.outcome', { outcome: <Data value={outcomeName(outcome)} /> }, { year: formatYear(election.year) })}
          </span>
        </p>
      ) : null}
      {office ? <p className="small muted"><Data value={officeName(office, row.entry.gender)} /></p> : null}
    </div>
  );
}
