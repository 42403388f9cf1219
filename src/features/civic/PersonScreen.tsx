// Person detail (spec §2 "Person detail screens"): /onegovernor?q= and /minister?q=. The name comes from
// the query by the spec's character rule (personName); the person from IndexedDB, so it opens offline.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import type { PersonKind, PersonRow } from '../../db';
import { personName } from '../../lib/queryText';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { detailFields, electionOf, findGovernor, findPerson, KIND_LABEL, provenanceOf, rawPersonQuery, roleOf, str } from './civicData';
import { ActingPill, Loading, NewTabHint, NotFoundPanel, PacksError, ProvenanceLine, TermEnded, usePacks, usePeople, useQ, useTenure } from './components';

const GOVERNOR_KINDS: readonly PersonKind[] = ['governor'];
const MINISTER_KINDS: readonly PersonKind[] = ['cabinet', 'michigan', 'court'];

export function GovernorScreen(): ReactElement {
  return <PersonScreen kinds={GOVERNOR_KINDS} find={findGovernor} fallbackTitle="Governor" />;
}

export function MinisterScreen(): ReactElement {
  return <PersonScreen kinds={MINISTER_KINDS} find={findPerson} fallbackTitle="Official" />;
}

function PersonScreen({ kinds, find, fallbackTitle }: {
  kinds: readonly PersonKind[];
  find: (rows: readonly PersonRow[], name: string) => PersonRow | undefined;
  fallbackTitle: string;
}): ReactElement {
  const name = personName(rawPersonQuery(useQ()));
  const status = usePacks();
  const rows = usePeople(kinds);
  const person = rows ? find(rows, name) : undefined;

  let title = fallbackTitle;
  let body: ReactNode;
  if (person) {
    // A cabinet title can be 50 characters; the bar names the group, the office is listed below.
    title = person.kind === 'governor' ? roleOf(person) : KIND_LABEL[person.kind];
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
      <NotFoundPanel title="Not found">
        <p>
          {name ? <>We have no {fallbackTitle.toLowerCase()} named “{name}”.</> : <>No name was given.</>}{' '}
          Try the search on the civic information page.
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

function PersonDetail({ person }: { person: PersonRow }): ReactElement {
  const e = person.entry;
  const about = str(e, 'about');
  const stateName = str(e, 'stateName') ?? (person.kind === 'governor' ? undefined : person.kind === 'cabinet' ? 'United States' : 'Michigan');
  const website = str(e, 'redirectLink');
  const campaignUrl = str(e, 'campaignUrl');
  const election = electionOf(e);
  const fields = detailFields(e);
  const tenure = useTenure(e);
  return (
    <article className="civic-person stack">
      <div className="civic-person-head">
        <Avatar name={person.name} src={str(e, 'imageUrl')} size={120} />
        <div>
          <h2 className="civic-person-name">{person.name}</h2>
          {stateName ? <p className="civic-person-state">{stateName}</p> : null}
          {election ? <p className="small muted">{election.year} election</p> : null}
          <ActingPill tenure={tenure} />
          {/* Said up front, before anyone relies on the facts; the reason is in the note at the end. */}
          {provenanceOf(e).unverified ? <p className="civic-head-pill"><span className="pill civic-pill-unverified">Unverified</span></p> : null}
        </div>
      </div>
      {/* Full width, before the biography: the first thing read about someone no longer in office. */}
      <TermEnded tenure={tenure} />
      {about ? <p className="civic-about">{about}</p> : null}
      {fields.length > 0 ? (
        <dl className="civic-fields">
          {fields.map((f) => (
            <div key={f.key} className="civic-field">
              <dt>{f.label}</dt>
              <dd>
                {f.lines.map((line, i) => (
                  <span key={i} className="civic-field-line">{renderLine(line)}</span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {campaignUrl ? (
        <aside className="card civic-promo" aria-label={`${person.name}’s campaign`}>
          <p className="civic-promo-title">Learn about {person.name}’s campaign</p>
          <p className="small muted">The campaign’s own site, shown inside Town Square.</p>
          <Link className="btn" to="/web" search={{ q: campaignUrl }} aria-label={`Know More about ${person.name}`}>Know More</Link>
        </aside>
      ) : null}
      {website ? (
        <p>
          <a className="btn btn-ghost" href={website} target="_blank" rel="noopener noreferrer">
            Official website<NewTabHint />
          </a>
        </p>
      ) : null}
      <ProvenanceLine provenance={provenanceOf(e)} stale={tenure.stale} />
    </article>
  );
}

/** Phone numbers in a contact block become tap-to-call links; everything else is text. */
function renderLine(line: string): ReactNode {
  const phone = /^Phone:\s*(.+)$/.exec(line);
  if (phone?.[1]) {
    return (
      <>
        Phone: <a className="civic-link" href={`tel:${phone[1].replace(/[^\d+]/g, '')}`}>{phone[1]}</a>
      </>
    );
  }
  return line;
}
