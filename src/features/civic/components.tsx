// Pieces every civic screen shares: pack readiness, provenance, person cards and the
// "not found" panel.
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { db, type PersonKind, type PersonRow, type PersonRowOf } from '../../db';
import { useLiveQuery } from '../../db/live';
import { ensurePacks, PACK_NAMES, PACK_KIND, type PackName } from '../../data/loader';
import { loadPackTexts, translatedFields, type PackTexts, type TranslatedField } from '../../data/localTexts';
import { onReconnect } from '../../session';
import { refreshPublishedPacks } from './published';
import { useLocale } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { byPackOrder, formatDate, linkFor, partyOf, roleShown, type Provenance } from './civicData';
import { publisherOf } from './publishers';
import { partyName, stateName, type Shown } from './labels';
import type { UnverifiedReason } from '../../data/schemas';
import { tenureOf, todayIso, type Incumbent, type SeatElection, type Tenure, type TenureFacts } from './tenure';
import { tNodes, useT, type CivicId } from './t';
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
        // Then any correction published since this build (after the built-in packs, which never replace a newer one).
        void refreshPublishedPacks();
      })
      .catch(() => {
        if (live) setStatus('error');
      });
    // And whenever the connection returns while a civic screen is open: the screen's live queries show it.
    const stop = onReconnect(() => void refreshPublishedPacks());
    return () => {
      live = false;
      stop();
    };
  }, []);
  return status;
}

/** Live rows of some kinds in their packs' order; undefined while the first read is in flight. */
export function usePeople<K extends PersonKind>(kinds: readonly K[]): PersonRowOf<K>[] | undefined {
  const key = kinds.join(',');
  return useLiveQuery(async () => {
    // The `kind` index returns rows of these kinds and no other.
    const rows = (await db.people.where('kind').anyOf(key.split(',')).toArray()) as PersonRowOf<K>[];
    return rows.sort(byPackOrder);
  }, [key]);
}

const PACK_OF_KIND = Object.fromEntries(PACK_NAMES.map((p) => [PACK_KIND[p], p])) as Readonly<Record<PersonKind, PackName>>;

/** An entry's texts in the visitor's language (issue #57): `ready` once known; `fields` absent where only English exists. */
export interface Translated {
  ready: boolean;
  fields?: Partial<Record<TranslatedField, string>>;
}

/**
 * The translated biography fields of a person, loaded with their pack's file for this language. Until the file
 * answers (a local chunk: milliseconds) `ready` is false, so a screen does not flash the English first.
 */
export function useTranslated(row: PersonRow): Translated {
  const locale = useLocale();
  const pack = PACK_OF_KIND[row.kind];
  const [texts, setTexts] = useState<{ key: string; texts: PackTexts } | undefined>(undefined);
  // English, and the pseudo-locale of the catalog tests, read the pack as it is.
  const lang = locale === 'es' || locale === 'ar' ? locale : null;
  const key = `${lang}/${pack}`;
  useEffect(() => {
    if (lang === null) return;
    let live = true;
    loadPackTexts(lang, pack)
      .catch(() => ({}))
      .then((loaded) => {
        if (live) setTexts({ key, texts: loaded });
      });
    return () => {
      live = false;
    };
  }, [lang, pack, key]);
  if (lang === null) return { ready: true };
  if (texts?.key !== key) return { ready: false };
  const fields = translatedFields(pack, texts.texts, row.entry as unknown as Record<string, unknown> & { id: string });
  return fields ? { ready: true, fields } : { ready: true };
}

/** A text in the visitor's language where one is written, else its English, marked so readers and layout know. */
export function LocalText({ en, local, className }: { en: string; local: string | undefined; className?: string }): ReactElement {
  return local !== undefined ? <p className={className}>{local}</p> : <p className={className} lang="en" dir="ltr">{en}</p>;
}

/** The `q` search value as the router parsed it (already percent-decoded). */
export function useQ(): string {
  const search = useSearch({ strict: false });
  return typeof search.q === 'string' ? search.q : '';
}

export function Loading({ label }: { label?: string }): ReactElement {
  const t = useT();
  return <div className="spinner" role="progressbar" aria-label={label ?? t('civic.loading')} />;
}

/** A string from the packs: translated, or — where no translation is known — its English, marked as such. */
export function Data({ value }: { value: Shown }): ReactNode {
  return value.en ? <bdi lang="en">{value.text}</bdi> : value.text;
}

/**
 * Said before a block the packs hold only in English (a biography, a note), in the other languages only.
 * The block itself carries lang="en" dir="ltr".
 */
export function InEnglish({ what, block = false }: { what: 'bio' | 'note'; block?: boolean }): ReactElement | null {
  const t = useT();
  const locale = useLocale();
  if (locale === 'en') return null;
  const text = what === 'bio' ? t('civic.en.bio') : t('civic.en.note');
  return block ? <p className="civic-in-english">{text}</p> : <span className="civic-in-english">{text}</span>;
}

/** A visible way out of a dead end: one step back, or the civic hub. */
export function NotFoundPanel({ title, children }: { title: string; children?: ReactNode }): ReactElement {
  const t = useT();
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
        <button type="button" className="btn" onClick={back}>{t('civic.goBack')}</button>
        <Link className="btn btn-ghost" to="/local">{t('civic.hub.title')}</Link>
      </div>
    </div>
  );
}

export function PacksError(): ReactElement {
  const t = useT();
  return (
    <p className="alert error" role="alert">
      {t('civic.packsError')}
    </p>
  );
}

/** Link text for a new-tab link, so a screen reader hears that it leaves the app. */
export function NewTabHint(): ReactElement {
  const t = useT();
  return <span className="visually-hidden">{` ${t('civic.newTab')}`}</span>;
}

/** The tenure of an entry on the device's calendar date (read at render: a screen opened on a later day recomputes it). */
export function useTenure(entry: TenureFacts): Tenure {
  return tenureOf(entry, todayIso());
}

/** "Acting" beside an office held in an acting capacity. */
export function ActingPill({ tenure }: { tenure: Tenure }): ReactElement | null {
  const t = useT();
  return tenure.acting && !tenure.ended ? <span className="pill civic-pill-acting">{t('civic.acting')}</span> : null;
}

/** The words after a term's end, by what the seat's election meant for the office-holder. */
const ENDED_ID = {
  'term-limited': 'civic.end.limited',
  running: 'civic.end.running',
  'not-running': 'civic.end.notRunning',
  unknown: 'civic.end.unknown',
} as const satisfies Record<Incumbent, CivicId>;

/**
 * Said instead of presenting the person as serving once the term's end date has come: the pack cannot know
 * who took over until it is refreshed, and a visitor should not read a former office-holder as current. Where
 * the pack names the seat's election, the words say what it meant: term-limited, re-election on the ballot,
 * not running again, or unknown (which may be the same person again).
 */
export function TermEnded({ tenure }: { tenure: Tenure }): ReactElement | null {
  const t = useT();
  if (!tenure.ended || !tenure.termEnd) return null;
  const date = formatDate(tenure.termEnd);
  const election = tenure.election?.held ? tenure.election : undefined;
  return (
    <div className="civic-ended">
      <p>{election ? t(ENDED_ID[election.incumbent], { date, election: formatDate(election.date) }) : t('civic.termEnded', { date })}</p>
      {election ? <Nominees election={election} /> : null}
      {election?.resultsUrl ? <ResultsLink url={election.resultsUrl} /> : null}
    </div>
  );
}

function ResultsLink({ url }: { url: string }): ReactElement {
  const t = useT();
  return (
    <a className="civic-link" href={url} target="_blank" rel="noopener noreferrer">
      {t('civic.race.results')}<NewTabHint />
    </a>
  );
}

/**
 * While a term runs on after the seat's election was held: "Election held Nov 3, 2026 — results not yet in Town
 * Square", what it means for the office-holder, and the official results link.
 */
export function ElectionHeld({ tenure }: { tenure: Tenure }): ReactElement | null {
  const t = useT();
  const election = tenure.election;
  if (!election?.held || tenure.ended) return null;
  const end = tenure.termEnd ? formatDate(tenure.termEnd) : undefined;
  const what =
    election.incumbent === 'running' ? t('civic.elec.running')
      : election.incumbent === 'term-limited' && end ? t('civic.elec.limited', { end })
        : election.incumbent === 'not-running' && end ? t('civic.elec.notRunning', { end })
          : undefined;
  return (
    <div className="civic-election">
      <p><strong>{t('civic.elec.held', { date: formatDate(election.date) })}</strong>{what ? ` ${what}` : null}</p>
      <Nominees election={election} />
      {election.resultsUrl ? <ResultsLink url={election.resultsUrl} /> : null}
    </div>
  );
}

/**
 * The ballot for the seat: every nominee the pack lists, marked by nominating party, with the page that lists
 * them. Nominees, not office-holders: the results are not in Town Square.
 */
function Nominees({ election }: { election: SeatElection }): ReactElement | null {
  const t = useT();
  if (!election.nominees || !election.nomineesSource) return null;
  return (
    <div className="civic-nominees">
      <p className="civic-nominees-title">{t('civic.elec.nominees', { count: election.nominees.length })}</p>
      <ul>
        {election.nominees.map((n) => (
          <li key={n.name}><bdi>{n.name}</bdi>{' — '}{tNodes('civic.pty.nominee', { party: <Data value={partyName(n.party)} /> })}</li>
        ))}
      </ul>
      <p className="small">
        {tNodes('civic.source', {
          link: (
            <a className="civic-link" href={election.nomineesSource} target="_blank" rel="noopener noreferrer">
              <bdi>{publisherOf(election.nomineesSource)}</bdi>
              <NewTabHint />
            </a>
          ),
        })}
      </p>
    </div>
  );
}

const UNVERIFIED_ID = { 'sources-disagree': 'civic.unv.disagree', 'no-source-since-change': 'civic.unv.noNewer', 'source-lists-none': 'civic.unv.notListed' } as const satisfies Record<UnverifiedReason, CivicId>;

/**
 * "Source: Open States · checked Aug 5, 2026", plus "may be out of date" only when the data says why (the term
 * ended, or the seat's election was held after the check), and a visible Unverified label with its reason and note.
 */
export function ProvenanceLine({ provenance, outOfDate, className = '' }: { provenance: Provenance; outOfDate: boolean; className?: string }): ReactElement {
  const t = useT();
  const { source, verifiedOn, unverified, unverifiedWhy, note } = provenance;
  // The pack's note is English: marked so, and said to be, in the other languages.
  const noteText = note ? <span className="en-block" lang="en" dir="ltr">{note}</span> : null;
  return (
    <div className={`civic-provenance small ${className}`}>
      <p className="civic-source">
        <span>
          {tNodes('civic.source', {
            link: (
              <a className="civic-link" href={source} target="_blank" rel="noopener noreferrer">
                <bdi>{publisherOf(source)}</bdi>
                <NewTabHint />
              </a>
            ),
          })}
        </span>
        <span className="civic-verified">{t('civic.checked', { date: formatDate(verifiedOn) })}</span>
        {outOfDate ? <span className="civic-stale">{t('civic.stale')}</span> : null}
      </p>
      {unverified ? (
        <p className="civic-unverified">
          <span className="pill civic-pill-unverified">{t('civic.unverified')}</span>
          {unverifiedWhy ? <> <span className="civic-unverified-why">{t(UNVERIFIED_ID[unverifiedWhy])}.</span></> : null}
          {note ? <> <InEnglish what="note" />{noteText}</> : null}
        </p>
      ) : note ? (
        <p className="civic-note"><InEnglish what="note" />{noteText}</p>
      ) : null}
    </div>
  );
}

/**
 * A person in a list. The name is the link (a clean accessible name); CSS stretches its hit area over the
 * whole card, and the source link is lifted above it so both stay usable.
 */
export function PersonCard({ row, heading = 'h2', extra }: { row: PersonRow; heading?: 'h2' | 'h3'; extra?: ReactNode }): ReactElement {
  useT();
  const target = linkFor(row);
  const Heading = heading;
  const state = row.kind === 'governor' ? row.entry.stateName : undefined;
  const partyText = partyOf(row);
  const party = partyText ? partyName(partyText) : undefined;
  // Governors' state is the eyebrow and every court card is a candidate: their role line would only repeat.
  const role = row.kind === 'governor' || row.kind === 'court' ? undefined : roleShown(row);
  const tenure = useTenure(row.entry);
  return (
    <li className="card civic-card">
      <div className="civic-card-main">
        {/* The name follows as a heading; a screen reader need not hear it twice. */}
        <span aria-hidden="true"><Avatar name={row.name} src={row.entry.imageUrl} size={56} /></span>
        <div className="civic-card-text">
          {state ? <p className="civic-eyebrow"><Data value={stateName(state)} /></p> : null}
          <Heading className="civic-card-name">
            <Link className="civic-card-link" to={target.to} search={{ q: target.q }}>{row.name}</Link>
          </Heading>
          {role && !tenure.ended ? <p className="civic-card-role"><ActingPill tenure={tenure} /> <Data value={role} /></p> : null}
          {!role ? <ActingPill tenure={tenure} /> : null}
          <TermEnded tenure={tenure} />
          <ElectionHeld tenure={tenure} />
          {party ? (
            <p className="civic-card-role">
              {row.kind === 'court' ? tNodes('civic.pty.nominee', { party: <Data value={party} /> }) : <Data value={party} />}
            </p>
          ) : null}
        </div>
      </div>
      {extra}
      <ProvenanceLine provenance={row.entry} outOfDate={tenure.outOfDate !== undefined} />
    </li>
  );
}
