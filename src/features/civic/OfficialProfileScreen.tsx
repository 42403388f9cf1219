// Official profile (spec §2): /profile?q=President%20profile. The back-bar title and the lookup key come
// from the query by the spec's character rules (profileTitle, profileKey); the entry from IndexedDB.
import { useState, type ReactElement, type ReactNode } from 'react';
import type { PersonRow } from '../../db';
import { profileKey, profileTitle } from '../../lib/queryText';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { provenanceOf, rawProfileQuery, str } from './civicData';
import { ActingPill, Loading, NotFoundPanel, PacksError, ProvenanceLine, TermEnded, usePacks, usePeople, useQ, useTenure } from './components';

const EXECUTIVE = ['executive'] as const;

export function OfficialProfileScreen(): ReactElement {
  const raw = rawProfileQuery(useQ());
  const title = profileTitle(raw);
  const key = profileKey(raw);
  const status = usePacks();
  const rows = usePeople(EXECUTIVE);
  const entry = rows?.find((r) => str(r.entry, 'key') === key);

  let body: ReactNode;
  if (entry) body = <Profile row={entry} />;
  else if (rows === undefined || status === 'loading') body = <Loading />;
  else if (status === 'error' && rows.length === 0) body = <PacksError />;
  else {
    body = (
      <NotFoundPanel title="Profile not found">
        <p>
          {key ? <>There is no profile called “{key}”.</> : <>No profile was named.</>} Profiles exist for the President, the
          Vice President and Alabama.
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

function Profile({ row }: { row: PersonRow }): ReactElement {
  const e = row.entry;
  const sections = (['2', '3', '4'] as const)
    .map((n) => ({ n, heading: str(e, `lgd${n}h`), text: str(e, `lgd${n}`) }))
    .filter((s): s is { n: '2' | '3' | '4'; heading: string; text: string } => s.heading !== undefined && s.text !== undefined);
  const quote = str(e, 'end');
  const attribution = str(e, 'endDesc');
  const second = str(e, 'randomImg2');
  const tenure = useTenure(e);
  return (
    <article className="civic-profile">
      {/* Avatar takes a pixel size; civic.css widens this one to the spec's 100vw − 40 px. */}
      <Avatar name={row.name} src={str(e, 'imageUrl')} size={320} round={false} className="civic-hero" placeholder="portrait" />
      <h2 className="civic-profile-name">{row.name}</h2>
      <p className="civic-profile-title"><ActingPill tenure={tenure} />{str(e, 'title')}</p>
      <TermEnded tenure={tenure} />
      <p className="civic-profile-small">{str(e, 'smallDesc')}</p>
      <p className="civic-profile-bio">{str(e, 'lgd1')}</p>
      {second ? <SecondImage src={second} name={row.name} /> : null}
      {sections.map((s) => (
        <section key={s.n} className="civic-profile-section" aria-labelledby={`lgd${s.n}h`}>
          <h3 id={`lgd${s.n}h`}>{s.heading}</h3>
          <p>{s.text}</p>
        </section>
      ))}
      {quote && attribution ? (
        <figure className="civic-quote">
          <blockquote>
            <p>“{quote}”</p>
          </blockquote>
          <figcaption>— {attribution}</figcaption>
        </figure>
      ) : null}
      <ProvenanceLine provenance={provenanceOf(e)} stale={tenure.stale} />
    </article>
  );
}

/** The optional second picture: 240 px high; if it fails to load it simply disappears (no broken icon). */
function SecondImage({ src, name }: { src: string; name: string }): ReactElement | null {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img className="civic-second-image" src={src} alt={`${name}`} height={240} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
