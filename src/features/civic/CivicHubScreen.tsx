// /local — the civic hub: offline search, the executive profiles, and the way into every list.
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo, useState, type ReactElement } from 'react';
import { db } from '../../db';
import type { Gender } from '../../data/schemas';
import { useLiveQuery } from '../../db/live';
import { useLocale } from '../../lib/i18n';
import { formatNumber } from '../../lib/intl';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { formatDate } from './civicData';
import { Data, Loading, PacksError, usePacks, usePeople, useQ } from './components';
import { formatYear, localSearchTerms, officeName } from './labels';
import { buildPeopleIndex, searchIndex, warmUp, type LocalTerms, type PeopleIndex, type PersonResult, type PersonRole } from './search';
import { tNodes, useT, type CivicId } from './t';

const EXECUTIVE = ['executive'] as const;
const MICHIGAN = ['michigan'] as const;
/** The spec's third /profile entry: kept at /profile?q=Alabama, not shown as a Michigan app's executive (issue #57). */
const NOT_ON_HUB = new Set(['Alabama']);
const COURT = ['court'] as const;

type ListPath = '/cabinet' | '/governors' | '/michigan' | '/court' | '/voter-resources';
const SECTIONS: readonly { to: ListPath; title: CivicId; kind?: 'cabinet' | 'governor' | 'michigan' | 'court'; blurb: CivicId }[] = [
  { to: '/cabinet', title: 'civic.list.cab', kind: 'cabinet', blurb: 'civic.hub.cab' },
  { to: '/governors', title: 'civic.list.gov', kind: 'governor', blurb: 'civic.hub.gov' },
  { to: '/michigan', title: 'civic.list.mi', kind: 'michigan', blurb: 'civic.hub.mi' },
  { to: '/court', title: 'civic.list.court', kind: 'court', blurb: 'civic.hub.court' },
  { to: '/voter-resources', title: 'civic.vr.title', blurb: 'civic.hub.vr' },
];

export function CivicHubScreen(): ReactElement {
  const t = useT();
  const locale = useLocale();
  const status = usePacks();
  const executive = usePeople(EXECUTIVE);
  // Beside the President and the Vice President, the state's own governor (one profile: the governor's).
  const michigan = usePeople(MICHIGAN);
  const governor = michigan?.find((r) => r.entry.position === 'Governor');
  const counts = useLiveQuery(async () => {
    const kinds = ['cabinet', 'governor', 'michigan', 'court'] as const;
    const n = await Promise.all(kinds.map((k) => db.people.where('kind').equals(k).count()));
    return Object.fromEntries(kinds.map((k, i) => [k, n[i] ?? 0])) as Record<(typeof kinds)[number], number>;
  }, []);
  const asOf = useLiveQuery(async () => (await db.packs.toArray()).map((p) => p.asOf).sort().at(-1), []);
  // The newest race the court pack holds: a tile that says only "election, with results" reads as the current one.
  const court = usePeople(COURT);
  const courtYear = court && court.length > 0 ? Math.max(...court.map((r) => r.entry.election.year)) : undefined;

  return (
    <section className="screen civic">
      <PageHeader title={t('civic.hub.title')} />
      <div className="screen-body stack">
        <SearchBox />
        {status === 'error' && executive?.length === 0 ? <PacksError /> : null}

        <section aria-labelledby="civic-leaders">
          <h2 id="civic-leaders">{t('civic.hub.exec')}</h2>
          {executive === undefined || (executive.length === 0 && status === 'loading') ? (
            // Holds the three tiles' height so "Browse" does not jump when the packs arrive (CLS).
            <div className="civic-exec-loading">
              <Loading />
            </div>
          ) : (
            <ul className="civic-tiles">
              {executive.filter((row) => !NOT_ON_HUB.has(row.entry.key)).map((row) => (
                <li key={row.id}>
                  <Link className="civic-tile" to="/profile" search={{ q: row.entry.key }}>
                    <span aria-hidden="true"><Avatar name={row.name} src={row.entry.imageUrl} size={48} /></span>
                    <span>
                      <span className="civic-tile-name">{row.name}</span>
                      <span className="civic-tile-role"><ExecutiveTitle title={row.entry.title} gender={row.entry.gender} /></span>
                    </span>
                  </Link>
                </li>
              ))}
              {governor ? (
                <li key={governor.id}>
                  <Link className="civic-tile" to="/onegovernor" search={{ q: governor.name }}>
                    <span aria-hidden="true"><Avatar name={governor.name} src={governor.entry.imageUrl} size={48} /></span>
                    <span>
                      <span className="civic-tile-name">{governor.name}</span>
                      <span className="civic-tile-role"><ExecutiveTitle title="Governor of Michigan" gender={governor.entry.gender} /></span>
                    </span>
                  </Link>
                </li>
              ) : null}
            </ul>
          )}
        </section>

        <section aria-labelledby="civic-browse">
          <h2 id="civic-browse">{t('civic.hub.browse')}</h2>
          <ul className="civic-tiles">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <Link className="civic-tile" to={s.to}>
                  <span>
                    <span className="civic-tile-name">
                      {t(s.title)}
                      {s.kind && counts?.[s.kind] ? <span className="pill civic-count-pill">{formatNumber(counts[s.kind])}</span> : null}
                    </span>
                    <span className="civic-tile-role">{s.kind === 'court' && courtYear ? t('civic.hub.courtYr', { year: formatYear(courtYear) }) : t(s.blurb)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <p className="small muted">
          {/* The packs' date as they write it (yyyy-mm-dd) in English, as the language writes dates otherwise. */}
          {asOf ? tNodes('civic.hub.asOf', { date: <bdi>{locale === 'en' ? asOf : formatDate(asOf)}</bdi> }) : t('civic.hub.saved')}
        </p>
      </div>
    </section>
  );
}

function SearchBox(): ReactElement {
  const t = useT();
  // In Spanish or Arabic the index holds the state names and offices in that language too: rebuilt on a switch.
  const locale = useLocale();
  const initial = useQ();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const deferred = useDeferredValue(text);
  // A fixed id, not useId(): the prerendered page (rendered in Node) and the app must name the field alike, so
  // what a visitor types before the app arrives is handed over to it (src/app/prerender.ts, carryOver) — useId
  // differs between a server render and the browser's (`_R_…_` vs `_r_…_`). One search field per screen.
  const id = 'civic-search';
  const searching = deferred.trim() !== '';
  // Every person, read once and again only when a pack changes. The index over them is built once per
  // rows change: when the browser is next idle (not during the hub's first paint, not on the first
  // keystroke; warmed up with one search), or at the first search if that comes sooner.
  const rows = useLiveQuery(() => db.people.toArray(), []);
  // In Arabic, names are searched in Arabic script too (issue #57: "ويتمر" found nothing): the spellings Arabic media
  // use (namesAr.json), fetched with the hub only when the language is Arabic. Until they arrive, Latin names work.
  const [arabicNames, setArabicNames] = useState<Readonly<Record<string, readonly string[]>> | null>(null);
  useEffect(() => {
    if (locale !== 'ar' || arabicNames) return;
    let live = true;
    void import('./namesAr.json').then((m) => live && setArabicNames(m.default), () => undefined);
    return () => {
      live = false;
    };
  }, [locale, arabicNames]);
  const index = useMemo(() => {
    if (!rows) return undefined;
    const terms: LocalTerms | undefined = locale === 'en' ? undefined
      : (office, states, gender, name) => [localSearchTerms(office, states, gender), ...(locale === 'ar' ? (arabicNames?.[name] ?? []) : [])].join(' ');
    return once(() => buildPeopleIndex(rows, terms));
  }, [rows, locale, arabicNames]);
  useEffect(() => (index ? whenIdle(() => warmUp(index())) : undefined), [index]);
  const results = useMemo(() => (index && searching ? searchIndex(index(), deferred) : undefined), [index, searching, deferred]);

  // Keep the query in the address (replace, not push) so Back from a result returns to these results.
  useEffect(() => {
    if (deferred.trim() === initial) return undefined;
    const t = setTimeout(() => {
      void navigate({ to: '/local', search: (prev) => withQ(prev, deferred.trim()), replace: true });
    }, 300);
    return () => clearTimeout(t);
  }, [deferred, initial, navigate]);

  return (
    <div className="civic-search" role="search" aria-label={t('civic.q.region')}>
      <label htmlFor={id}>{t('civic.q.label')}</label>
      <input
        id={id}
        type="search"
        dir="auto"
        value={text}
        onChange={(ev) => setText(ev.target.value)}
        placeholder={t('civic.q.hint')}
        autoComplete="off"
        enterKeyHint="search"
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className="small muted civic-search-status" role="status" aria-live="polite">
        {searching && results
          ? results.length === 0
            ? tNodes('civic.q.none', { query: <bdi>{deferred.trim()}</bdi> })
            : t('civic.q.count', { count: results.length })
          : t('civic.q.offline')}
      </p>
      {searching && results && results.length > 0 ? (
        <ul className="civic-results">
          {results.map((person) => (
            <SearchResult key={person.key} person={person} />
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

/** Runs `fn` when the main thread is idle (within 2 s); returns the cancel. Safari has no requestIdleCallback. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const t = setTimeout(fn, 300);
  return () => clearTimeout(t);
}

/** Runs `make` on the first call only. */
function once(make: () => PeopleIndex): () => PeopleIndex {
  let value: PeopleIndex | undefined;
  return () => (value ??= make());
}

/** An executive profile's title. */
function ExecutiveTitle({ title, gender }: { title: string; gender: Gender }): ReactElement {
  useT();
  return <Data value={officeName(title, gender)} />;
}

/** The line under a result's name: its office (search keeps it in English; shown in the current language). */
function RoleLine({ role }: { role: PersonRole }): ReactElement {
  const t = useT();
  return (
    <>
      {role.kind === 'executive' ? `${t('civic.kind.exec')} · ` : ''}
      <Data value={officeName(role.role, role.gender)} />
    </>
  );
}

/**
 * One person. With one role the whole card is the link, as before; with several (Gretchen Whitmer is in the
 * governors and in the Michigan officials) each role line is its own link to its own screen, named with the
 * person so a screen reader's list of links still says who.
 */
function SearchResult({ person }: { person: PersonResult }): ReactElement {
  const avatar = <span aria-hidden="true"><Avatar name={person.name} src={person.imageUrl} size={40} /></span>;
  // The spec's executive profile of a governor (Alabama's) is the same office as their governor's entry: one link
  // for it, the governor's, not "Governor of Alabama" twice (issue #57).
  const roles = person.roles.filter((r) => !(r.kind === 'executive' && person.roles.some((o) => o.kind !== 'executive' && o.role === r.role)));
  const [only] = roles;
  if (roles.length === 1 && only) {
    return (
      <li>
        <Link className="civic-result" to={only.link.to} search={{ q: only.link.q }}>
          {avatar}
          <span>
            <span className="civic-tile-name">{person.name}</span>
            <span className="civic-tile-role"><RoleLine role={only} /></span>
          </span>
        </Link>
      </li>
    );
  }
  return (
    <li>
      <div className="civic-result">
        {avatar}
        <span>
          <span className="civic-tile-name">{person.name}</span>
          {roles.map((role) => (
            <Link key={role.rowId} className="civic-link" to={role.link.to} search={{ q: role.link.q }}>
              <span className="visually-hidden">{person.name}, </span>
              <RoleLine role={role} />
            </Link>
          ))}
        </span>
      </div>
    </li>
  );
}
