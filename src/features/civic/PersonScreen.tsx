// Person detail (spec §2 "Person detail screens"): /onegovernor?q= and /minister?q=. The name comes from
// the query by the spec's character rule (personName); the person from IndexedDB, so it opens offline.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import type { PersonKind, PersonRowOf } from '../../db';
import { personName } from '../../lib/queryText';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { detailFields, findGovernor, findPerson, KIND_ID, rawPersonQuery, roleShown } from './civicData';
import { ActingPill, Data, InEnglish, LocalText, Loading, NewTabHint, NotFoundPanel, PacksError, ElectionHeld, ProvenanceLine, TermEnded, usePacks, usePeople, useQ, useTenure, useTranslated } from './components';
import { formatYear, stateName } from './labels';
import { t as translate, tNodes, useT } from './t';
import { isolate } from '../../lib/intl';

/** The kinds a person detail screen shows (executive profiles have their own screen). */
type DetailKind = Exclude<PersonKind, 'executive'>;

const GOVERNOR_KINDS = ['governor'] as const;
const MINISTER_KINDS = ['cabinet', 'michigan', 'court'] as const;

export function GovernorScreen(): ReactElement {
  return <PersonScreen kinds={GOVERNOR_KINDS} find={findGovernor} governor />;
}

export function MinisterScreen(): ReactElement {
  return <PersonScreen kinds={MINISTER_KINDS} find={findPerson} governor={false} />;
}

function PersonScreen<K extends DetailKind>({ kinds, find, governor }: {
  kinds: readonly K[];
  find: (rows: readonly PersonRowOf<K>[], name: string) => PersonRowOf<DetailKind> | undefined;
  /** The governors' screen (else the cabinet, Michigan and court one): its title while nobody is found. */
  governor: boolean;
}): ReactElement {
  const t = useT();
  const name = personName(rawPersonQuery(useQ()));
  const status = usePacks();
  const rows = usePeople(kinds);
  const person = rows ? find(rows, name) : undefined;

  let title = governor ? t('civic.kind.gov', { gender: 'other' }) : t('civic.p.official');
  let body: ReactNode;
  if (person) {
    // A cabinet title can be 50 characters; the bar names the group, the office is listed below.
    title = person.kind === 'governor' ? roleShown(person).text : t(KIND_ID[person.kind], { gender: person.entry.gender });
    body = <PersonDetail person={person} />;
  } else if (rows === undefined || (status === 'loading' && rows.length === 0)) {
    body = <Loading />;
  } else if (status === 'error' && rows.length === 0) {
    body = <PacksError />;
  } else if (status === 'loading') {
    // Rows exist but not this name: a pack update may be landing right now; wait for it to settle.
    body = <Loading />;
  } else {
    body = (
      <NotFoundPanel title={t('civic.p.none')}>
        <p>
          {name ? tNodes(governor ? 'civic.p.noGov' : 'civic.p.noOff', { name: <bdi>{name}</bdi> }) : t('civic.p.noName')}{' '}
          {t('civic.p.try')}
        </p>
      </NotFoundPanel>
    );
  }
  return (
    <section className="screen civic">
      <PageHeader title={title} />
      <div className="screen-body">{body}</div>
    </section>
  );
}

function PersonDetail({ person }: { person: PersonRowOf<DetailKind> }): ReactElement {
  const t = useT();
  const e = person.entry;
  const state = person.kind === 'governor' ? person.entry.stateName : person.kind === 'cabinet' ? 'United States' : 'Michigan';
  const website = person.kind === 'court' ? undefined : person.entry.redirectLink;
  const campaignUrl = person.kind === 'court' ? person.entry.campaignUrl : undefined;
  const election = person.kind === 'court' ? person.entry.election : undefined;
  // The biography and the free-text fields in the visitor's language where written (issue #57), else English, marked.
  const { ready, fields: local } = useTranslated(person);
  const fields = detailFields(e, local);
  const tenure = useTenure(e);
  return (
    <article className="civic-person stack">
      <div className="civic-person-head">
        <Avatar name={person.name} src={e.imageUrl} size={120} />
        <div>
          <h2 className="civic-person-name">{person.name}</h2>
          <p className="civic-person-state"><Data value={stateName(state)} /></p>
          {election ? <p className="small muted">{t('civic.p.election', { year: formatYear(election.year) })}</p> : null}
          <ActingPill tenure={tenure} />
          {/* Said up front, before anyone relies on the facts; the reason is in the note at the end. */}
          {e.unverified ? <p className="civic-head-pill"><span className="pill civic-pill-unverified">{t('civic.unverified')}</span></p> : null}
        </div>
      </div>
      {/* Full width, before the biography: the first thing read about someone no longer in office. */}
      <TermEnded tenure={tenure} />
      <ElectionHeld tenure={tenure} />
      {ready ? (
        <>
          {local?.about === undefined ? <InEnglish what="bio" block /> : null}
          <LocalText className="civic-about" en={e.about} local={local?.about} />
        </>
      ) : null}
      {ready && fields.length > 0 ? (
        <dl className="civic-fields">
          {fields.map((f) => (
            <div key={f.key} className="civic-field">
              <dt>{f.label}</dt>
              <dd {...(f.en ? { lang: 'en', dir: 'ltr' } : {})}>
                {f.lines.map((line, i) => (
                  <span key={i} className="civic-field-line">{renderLine(line)}</span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {campaignUrl ? (
        <aside className="card civic-promo" aria-label={t('civic.promo.aria', { name: isolate(person.name) })}>
          <p className="civic-promo-title">{tNodes('civic.promo.title', { name: <bdi>{person.name}</bdi> })}</p>
          <p className="small muted">{t('civic.promo.body')}</p>
          <Link className="btn" to="/web" search={{ q: campaignUrl }} aria-label={t('civic.promo.moreAria', { name: isolate(person.name) })}>
            {t('civic.promo.more')}
          </Link>
        </aside>
      ) : null}
      {website ? (
        <p>
          <a className="btn btn-ghost" href={website} target="_blank" rel="noopener noreferrer">
            {t('civic.p.site')}<NewTabHint />
          </a>
        </p>
      ) : null}
      <ProvenanceLine provenance={e} outOfDate={tenure.outOfDate !== undefined} />
    </article>
  );
}

/** Phone numbers in a contact block ("Phone: 334-242-7100", its label translated) become tap-to-call links; everything else is text. */
function renderLine(line: string): ReactNode {
  const label = `${translate('civic.f.phone')}: `;
  const number = line.startsWith(label) ? line.slice(label.length).replace(/[\u2068\u2069]/g, '').trim() : '';
  if (number) {
    return (
      <>
        {label}<a className="civic-link" href={`tel:${number.replace(/[^\d+]/g, '')}`} dir="ltr">{number}</a>
      </>
    );
  }
  return line;
}
