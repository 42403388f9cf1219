// /local — the civic hub: offline search, the executive profiles, and the way into every list.
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useId, useState, type ReactElement } from 'react';
import { db, useLiveQuery, type PersonRow } from '../../db';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { KIND_LABEL, electionOf, linkFor, roleOf, searchPeople, str } from './civicData';
import { Loading, PacksError, usePacks, usePeople, useQ } from './components';

const EXECUTIVE = ['executive'] as const;

type ListPath = '/cabinet' | '/governors' | '/michigan' | '/court' | '/voter-resources';
const SECTIONS: readonly { to: ListPath; title: string; kind?: 'cabinet' | 'governor' | 'michigan' | 'court'; blurb: string }[] = [
  { to: '/cabinet', title: 'The Cabinet', kind: 'cabinet', blurb: 'Department heads and cabinet-level officials' },
  { to: '/governors', title: 'Governors', kind: 'governor', blurb: 'Every state and territory, A to Z' },
  { to: '/michigan', title: 'Michigan officials', kind: 'michigan', blurb: 'Governor, lieutenant governor, secretary of state, attorney general' },
  { to: '/court', title: 'Supreme Court candidates', kind: 'court', blurb: 'Michigan Supreme Court election, with results' },
  { to: '/voter-resources', title: 'Voter resources', blurb: 'Register, vote by mail, find your polling place' },
];

export function CivicHubScreen(): ReactElement {
  const status = usePacks();
  const executive = usePeople(EXECUTIVE);
  const counts = useLiveQuery(async () => {
    const kinds = ['cabinet', 'governor', 'michigan', 'court'] as const;
    const n = await Promise.all(kinds.map((k) => db.people.where('kind').equals(k).count()));
    return Object.fromEntries(kinds.map((k, i) => [k, n[i] ?? 0])) as Record<(typeof kinds)[number], number>;
  }, []);
  const asOf = useLiveQuery(async () => (await db.packs.toArray()).map((p) => p.asOf).sort().at(-1), []);
  // Which race the court pack holds: a tile that says only "election, with results" reads as the current one.
  const courtYear = useLiveQuery(async () => {
    const row = await db.people.where('kind').equals('court').first();
    return row ? electionOf(row.entry)?.year : undefined;
  }, []);

  return (
    <section className="screen civic">
      <PageHeader title="Civic information" />
      <div className="screen-body stack">
        <SearchBox />
        {status === 'error' && executive?.length === 0 ? <PacksError /> : null}

        <section aria-labelledby="civic-leaders">
          <h2 id="civic-leaders">Executive profiles</h2>
          {executive === undefined || (executive.length === 0 && status === 'loading') ? (
            // Holds the three tiles' height so "Browse" does not jump when the packs arrive (CLS).
            <div className="civic-exec-loading">
              <Loading />
            </div>
          ) : (
            <ul className="civic-tiles">
              {executive.map((row) => (
                <li key={row.id}>
                  <Link className="civic-tile" to="/profile" search={{ q: str(row.entry, 'key') ?? row.name }}>
                    <span aria-hidden="true"><Avatar name={row.name} src={str(row.entry, 'imageUrl')} size={48} /></span>
                    <span>
                      <span className="civic-tile-name">{row.name}</span>
                      <span className="civic-tile-role">{str(row.entry, 'title')}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="civic-browse">
          <h2 id="civic-browse">Browse</h2>
          <ul className="civic-tiles">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <Link className="civic-tile" to={s.to}>
                  <span>
                    <span className="civic-tile-name">
                      {s.title}
                      {s.kind && counts?.[s.kind] ? <span className="pill civic-count-pill">{counts[s.kind]}</span> : null}
                    </span>
                    <span className="civic-tile-role">{s.kind === 'court' && courtYear ? `${courtYear} ${s.blurb}` : s.blurb}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <p className="small muted">
          Saved on this device for offline use{asOf ? `; data as of ${asOf}` : ''}. Every entry links to its source.
        </p>
      </div>
    </section>
  );
}

function SearchBox(): ReactElement {
  const initial = useQ();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const deferred = useDeferredValue(text);
  const id = useId();
  const results = useLiveQuery(() => searchPeople(db, deferred), [deferred]);

  // Keep the query in the address (replace, not push) so Back from a result returns to these results.
  useEffect(() => {
    if (deferred.trim() === initial) return undefined;
    const t = setTimeout(() => {
      void navigate({ to: '/local', search: (prev) => withQ(prev, deferred.trim()), replace: true });
    }, 300);
    return () => clearTimeout(t);
  }, [deferred, initial, navigate]);

  const searching = deferred.trim() !== '';
  return (
    <div className="civic-search" role="search" aria-label="Officials">
      <label htmlFor={id}>Search officials</label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(ev) => setText(ev.target.value)}
        placeholder="Name, state or office"
        autoComplete="off"
        enterKeyHint="search"
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className="small muted civic-search-status" role="status" aria-live="polite">
        {searching && results ? (results.length === 0 ? `No matches for “${deferred.trim()}”.` : `${results.length} ${results.length === 1 ? 'match' : 'matches'}`) : 'Works offline.'}
      </p>
      {searching && results && results.length > 0 ? (
        <ul className="civic-results">
          {results.map((row) => (
            <SearchResult key={row.id} row={row} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function withQ(prev: Record<string, unknown>, q: string): { uid?: string; q?: string } {
  const next: { uid?: string; q?: string } = {};
  if (typeof prev.uid === 'string') next.uid = prev.uid;
  if (q !== '') next.q = q;
  return next;
}

function SearchResult({ row }: { row: PersonRow }): ReactElement {
  const target = linkFor(row);
  return (
    <li>
      <Link className="civic-result" to={target.to} search={{ q: target.q }}>
        <span aria-hidden="true"><Avatar name={row.name} src={str(row.entry, 'imageUrl')} size={40} /></span>
        <span>
          <span className="civic-tile-name">{row.name}</span>
          <span className="civic-tile-role">
            {row.kind === 'executive' ? `${KIND_LABEL.executive} · ` : ''}
            {roleOf(row)}
          </span>
        </span>
      </Link>
    </li>
  );
}
