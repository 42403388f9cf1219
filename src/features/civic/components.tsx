// Pieces every civic screen shares: pack readiness, provenance, person cards and the
// "not found" panel.
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { db, type PersonKind, type PersonRow } from '../../db';
import { useLiveQuery } from '../../db/live';
import { ensurePacks } from '../../data/loader';
import { Avatar } from '../../ui/Avatar';
import { byPackOrder, formatDate, hostOf, linkFor, provenanceOf, roleOf, str, type Provenance } from './civicData';
import { tenureOf, todayIso, type Tenure } from './tenure';
import './civic.css';

export type PackStatus = 'loading' | 'ready' | 'error';

/**
 * Starts the pack load (once per session; later calls share it) and says when it has settled. Screens
 * render from IndexedDB at once; this only tells "still loading" apart from "really not there".
 */
export function usePacks(): PackStatus {
  const [status, setStatus] = useState<PackStatus>('loading');
  useEffect(() => {
    let live = true;
    ensurePacks()
      .then((reports) => {
        if (live) setStatus(reports.some((r) => r.outcome === 'failed') ? 'error' : 'ready');
      })
      .catch(() => {
        if (live) setStatus('error');
      });
    return () => {
      live = false;
    };
  }, []);
  return status;
}

/** Live rows of some kinds in their packs' order; undefined while the first read is in flight. */
export function usePeople(kinds: readonly PersonKind[]): PersonRow[] | undefined {
  const key = kinds.join(',');
  return useLiveQuery(async () => {
    const rows = await db.people.where('kind').anyOf(key.split(',')).toArray();
    return rows.sort(byPackOrder);
  }, [key]);
}

/** The `q` search value as the router parsed it (already percent-decoded). */
export function useQ(): string {
  const search = useSearch({ strict: false });
  return typeof search.q === 'string' ? search.q : '';
}

export function Loading({ label = 'Loading' }: { label?: string }): ReactElement {
  return <div className="spinner" role="progressbar" aria-label={label} />;
}

/** A visible way out of a dead end: one step back, or the civic hub. */
export function NotFoundPanel({ title, children }: { title: string; children?: ReactNode }): ReactElement {
  const router = useRouter();
  const back = () => {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: '/local' });
  };
  return (
    <div className="civic-notfound" role="alert">
      <h2>{title}</h2>
      {children}
      <div className="civic-actions">
        <button type="button" className="btn" onClick={back}>Go back</button>
        <Link className="btn btn-ghost" to="/local">Civic information</Link>
      </div>
    </div>
  );
}

export function PacksError(): ReactElement {
  return (
    <p className="alert error" role="alert">
      The officials’ data could not be loaded on this device yet. Connect to the internet once and open this page again.
    </p>
  );
}

/** Link text for a new-tab link, so a screen reader hears that it leaves the app. */
export function NewTabHint(): ReactElement {
  return <span className="visually-hidden"> (opens in a new tab)</span>;
}

/** The tenure of an entry on the device's calendar date (read at render: a screen opened on a later day recomputes it). */
export function useTenure(entry: Readonly<Record<string, unknown>>): Tenure {
  return tenureOf(entry, todayIso());
}

/** "Acting" beside an office held in an acting capacity. */
export function ActingPill({ tenure }: { tenure: Tenure }): ReactElement | null {
  return tenure.acting && !tenure.ended ? <span className="pill civic-pill-acting">Acting</span> : null;
}

/**
 * Said instead of presenting the person as serving once the term's end date has come: the pack cannot know
 * who took over until it is refreshed, and a visitor should not read a former office-holder as current.
 */
export function TermEnded({ tenure }: { tenure: Tenure }): ReactElement | null {
  if (!tenure.ended || !tenure.termEnd) return null;
  return <p className="civic-ended">Term ended {formatDate(tenure.termEnd)} — successor not yet in Town Square</p>;
}

/** "Source: example.gov · checked Aug 5, 2026" (+ "may be out of date" after 90 days), plus a visible Unverified label with its note. */
export function ProvenanceLine({ provenance, stale, className = '' }: { provenance: Provenance; stale: boolean; className?: string }): ReactElement {
  const { source, verifiedOn, unverified, note } = provenance;
  return (
    <div className={`civic-provenance small ${className}`}>
      <p className="civic-source">
        {source ? (
          <span>
            Source:{' '}
            <a className="civic-link" href={source} target="_blank" rel="noopener noreferrer">
              {hostOf(source)}
              <NewTabHint />
            </a>
          </span>
        ) : null}
        {verifiedOn ? <span className="civic-verified">checked {formatDate(verifiedOn)}</span> : null}
        {stale ? <span className="civic-stale">may be out of date</span> : null}
      </p>
      {unverified ? (
        <p className="civic-unverified">
          <span className="pill civic-pill-unverified">Unverified</span>
          {note ? <span> {note}</span> : null}
        </p>
      ) : note ? (
        <p className="civic-note">{note}</p>
      ) : null}
    </div>
  );
}

/**
 * A person in a list. The name is the link (a clean accessible name); CSS stretches its hit area over the
 * whole card, and the source link is lifted above it so both stay usable.
 */
export function PersonCard({ row, heading = 'h2', extra }: { row: PersonRow; heading?: 'h2' | 'h3'; extra?: ReactNode }): ReactElement {
  const target = linkFor(row);
  const Heading = heading;
  const stateName = row.kind === 'governor' ? str(row.entry, 'stateName') : undefined;
  const party = str(row.entry, 'party') ?? str(row.entry, 'Party');
  // Governors' state is the eyebrow and every court card is a candidate: their role line would only repeat.
  const role = row.kind === 'governor' || row.kind === 'court' ? undefined : roleOf(row);
  const tenure = useTenure(row.entry);
  return (
    <li className="card civic-card">
      <div className="civic-card-main">
        {/* The name follows as a heading; a screen reader need not hear it twice. */}
        <span aria-hidden="true"><Avatar name={row.name} src={str(row.entry, 'imageUrl')} size={56} /></span>
        <div className="civic-card-text">
          {stateName ? <p className="civic-eyebrow">{stateName}</p> : null}
          <Heading className="civic-card-name">
            <Link className="civic-card-link" to={target.to} search={{ q: target.q }}>{row.name}</Link>
          </Heading>
          {role && !tenure.ended ? <p className="civic-card-role"><ActingPill tenure={tenure} /> {role}</p> : null}
          {!role ? <ActingPill tenure={tenure} /> : null}
          <TermEnded tenure={tenure} />
          {party ? <p className="civic-card-role">{row.kind === 'court' ? `${party} nominee` : party}</p> : null}
        </div>
      </div>
      {extra}
      <ProvenanceLine provenance={provenanceOf(row.entry)} stale={tenure.stale} />
    </li>
  );
}
