// Official profile (spec §2): /profile?q=President%20profile. The back-bar title and the lookup key come
// from the query by the spec's character rules (profileTitle, profileKey); the entry from IndexedDB.
import { useState, type ReactElement, type ReactNode } from 'react';
import type { PersonRow } from '../../db';
import { profileKey, profileTitle } from '../../lib/queryText';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { provenanceOf, rawProfileQuery, str } from './civicData';
import { ActingPill, Data, InEnglish, Loading, NotFoundPanel, PacksError, ProvenanceLine, TermEnded, usePacks, usePeople, useQ, useTenure } from './components';
import { officeName, stateName } from './labels';
import { tNodes, useT } from './t';

const EXECUTIVE = ['executive'] as const;

/**
 * The bar's title is the query itself (spec). The three profiles' keys are English words, so when the title is
 * exactly one of them it is said in the current language; any other title stays as typed.
 */
function localTitle(title: string, t: ReturnType<typeof useT>): string {
  if (title === 'President profile') return t('civic.pf.pres');
  if (title === 'Vice President profile') return t('civic.pf.vp');
  if (title === 'Alabama') return stateName(title).text;
  return title;
}

export function OfficialProfileScreen(): ReactElement {
  const t = useT();
  const raw = rawProfileQuery(useQ());
  const title = localTitle(profileTitle(raw), t);
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
      <NotFoundPanel title={t('civic.pf.none')}>
        <p>
          {key ? tNodes('civic.pf.noSuch', { key: <bdi>{key}</bdi> }) : t('civic.pf.noKey')} {t('civic.pf.exist')}
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
  useT();
  const e = row.entry;
  const sections = (['2', '3', '4'] as const)
    .map((n) => ({ n, heading: str(e, `lgd${n}h`), text: str(e, `lgd${n}`) }))
    .filter((s): s is { n: '2' | '3' | '4'; heading: string; text: string } => s.heading !== undefined && s.text !== undefined);
  const quote = str(e, 'end');
  const attribution = str(e, 'endDesc');
  const second = str(e, 'randomImg2');
  const title = str(e, 'title');
  const tenure = useTenure(e);
  return (
    <article className="civic-profile">
      {/* Avatar takes a pixel size; civic.css widens this one to the spec's 100vw − 40 px. */}
      <Avatar name={row.name} src={str(e, 'imageUrl')} size={320} round={false} className="civic-hero" placeholder="portrait" />
      <h2 className="civic-profile-name">{row.name}</h2>
      <p className="civic-profile-title"><ActingPill tenure={tenure} />{title ? <Data value={officeName(title)} /> : null}</p>
      <TermEnded tenure={tenure} />
      {/* The summary, biography, sections and quote are the pack's English. */}
      <InEnglish what="bio" block />
      <p className="civic-profile-small" lang="en" dir="ltr">{str(e, 'smallDesc')}</p>
      <p className="civic-profile-bio" lang="en" dir="ltr">{str(e, 'lgd1')}</p>
      {second ? <SecondImage src={second} name={row.name} /> : null}
      {sections.map((s) => (
        <section key={s.n} className="civic-profile-section" aria-labelledby={`lgd${s.n}h`} lang="en" dir="ltr">
          <h3 id={`lgd${s.n}h`}>{s.heading}</h3>
          <p>{s.text}</p>
        </section>
      ))}
      {quote && attribution ? (
        <figure className="civic-quote" lang="en" dir="ltr">
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
