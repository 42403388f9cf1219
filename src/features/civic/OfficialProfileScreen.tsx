// Official profile (spec §2): /profile?q=President%20profile. The back-bar title and the lookup key come
// from the query by the spec's character rules (profileTitle, profileKey); the entry from IndexedDB.
import { useState, type ReactElement, type ReactNode } from 'react';
import type { PersonRowOf } from '../../db';
import { profileKey, profileTitle } from '../../lib/queryText';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { rawProfileQuery } from './civicData';
import { ActingPill, Data, InEnglish, LocalText, Loading, NotFoundPanel, PacksError, ElectionHeld, ProvenanceLine, TermEnded, usePacks, usePeople, useQ, useTenure, useTranslated } from './components';
import { executiveSummary, officeName, stateName } from './labels';
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
  const entry = rows?.find((r) => r.entry.key === key);

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

function Profile({ row }: { row: PersonRowOf<'executive'> }): ReactElement {
  useT();
  const e = row.entry;
  // The biography in the visitor's language where it is written (issue #57), else the pack's English, marked.
  const { ready, fields: local } = useTranslated(row);
  // The fourth section is optional (its heading and text come together).
  const sections = [
    { n: '2', heading: e.lgd2h, text: e.lgd2, localHeading: local?.lgd2h, localText: local?.lgd2 },
    { n: '3', heading: e.lgd3h, text: e.lgd3, localHeading: local?.lgd3h, localText: local?.lgd3 },
    { n: '4', heading: e.lgd4h, text: e.lgd4, localHeading: local?.lgd4h, localText: local?.lgd4 },
  ].filter((s): s is typeof s & { heading: string; text: string } => s.heading !== undefined && s.text !== undefined);
  const tenure = useTenure(e);
  // The summary line is written in one shape by the data: said in the visitor's language (issue #57).
  const summary = executiveSummary(e.smallDesc);
  return (
    <article className="civic-profile">
      {/* Avatar takes a pixel size; civic.css widens this one to the spec's 100vw − 40 px. */}
      <Avatar name={row.name} src={e.imageUrl} size={320} round={false} className="civic-hero" placeholder="portrait" />
      <h2 className="civic-profile-name">{row.name}</h2>
      <p className="civic-profile-title"><ActingPill tenure={tenure} /><Data value={officeName(e.title, e.gender)} /></p>
      <TermEnded tenure={tenure} />
      <ElectionHeld tenure={tenure} />
      <p className="civic-profile-small" {...(summary.en ? { lang: 'en', dir: 'ltr' } : {})}>{summary.text}</p>
      {/* Until this language's texts answer (milliseconds), nothing rather than a flash of English. */}
      {ready ? (
        <>
          {local?.lgd1 === undefined ? <InEnglish what="bio" block /> : null}
          <LocalText className="civic-profile-bio" en={e.lgd1} local={local?.lgd1} />
          {e.randomImg2 ? <SecondImage src={e.randomImg2} name={row.name} /> : null}
          {sections.map((s) => {
            const translated = s.localHeading !== undefined && s.localText !== undefined;
            return (
              <section key={s.n} className="civic-profile-section" aria-labelledby={`lgd${s.n}h`} {...(translated ? {} : { lang: 'en', dir: 'ltr' })}>
                <h3 id={`lgd${s.n}h`}>{translated ? s.localHeading : s.heading}</h3>
                <p>{translated ? s.localText : s.text}</p>
              </section>
            );
          })}
          {e.end && e.endDesc ? (
            <figure className="civic-quote">
              {/* A quotation stays in the speaker's own words; who said it, and when, is said in the visitor's language. */}
              <blockquote lang="en" dir="ltr">
                <p>“{e.end}”</p>
              </blockquote>
              <figcaption {...(local?.endDesc === undefined ? { lang: 'en', dir: 'ltr' } : {})}>— {local?.endDesc ?? e.endDesc}</figcaption>
            </figure>
          ) : null}
        </>
      ) : null}
      <ProvenanceLine provenance={e} outOfDate={tenure.outOfDate !== undefined} />
    </article>
  );
}

/** The optional second picture: 240 px high; if it fails to load it simply disappears (no broken icon). */
function SecondImage({ src, name }: { src: string; name: string }): ReactElement | null {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img className="civic-second-image" src={src} alt={`${name}`} height={240} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
