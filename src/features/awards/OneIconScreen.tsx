import { useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { PageHeader } from '../../ui/PageHeader';
import { honoreesYear } from './content';
import { EnglishNote } from './EnglishNote';
import { SocialIcon } from './icons';
import { useStories } from './orgInfo';
import { SOCIAL_LABEL, resolveIcon, type Person } from './people';
import { tNodes, useT } from './t';
import './awards.css';
import { isolate } from '../../lib/intl';

/** The role line's message for the founder and the hosts (their `role` is English data, see people.ts). */
const ROLE_LABEL = { Founder: 'awards.role.founder', Host: 'awards.role.host' } as const satisfies Record<NonNullable<Person['role']>, string>;

/** /one-icon?id= (spec §2): founder, host or honoree; with no match only the header shows. */
export function OneIconScreen(): ReactElement {
  const t = useT();
  const { id } = useSearch({ from: '/one-icon' });
  const stories = useStories();
  // Founder and hosts are local, so they render at once; honorees wait for the stored stories.
  const person = resolveIcon(id, stories ?? []);

  if (!person && stories === undefined) {
    return (
      <section className="screen awards">
        <PageHeader title={t('awards.icon.title')} />
        <div className="spinner" role="progressbar" aria-label={t('awards.loading')} />
      </section>
    );
  }
  if (!person) {
    return (
      <section className="screen awards">
        <PageHeader title={t('awards.icon.title')} />
      </section>
    );
  }
  const demo = person.role !== undefined; // founder and hosts are the locally defined demo people
  return (
    <section className="screen awards">
      <PageHeader title={person.name} />
      <div className="screen-body icon-detail">
        <Avatar name={person.name} src={person.image} size={280} round={false} className="icon-portrait" />
        <p className="icon-role">{person.role ? t(ROLE_LABEL[person.role]) : t('awards.icon.honoree', { year: honoreesYear() })}</p>
        {/* What they are honoured for (issue #54): the organisers' words, in English like the rest of the story. */}
        {person.award ? <p className="icon-award" data-testid="icon-award">{tNodes('awards.icon.award', { award: <bdi lang="en">{person.award}</bdi> })}</p> : null}
        {person.links.length > 0 ? (
          <ul className="social-links" aria-label={t('awards.icon.social', { name: isolate(person.name) })}>
            {person.links.map((l) => (
              <li key={l.network}>
                <a href={l.url} target="_blank" rel="noopener noreferrer" className="social-link">
                  <SocialIcon network={l.network} />
                  <span>{SOCIAL_LABEL[l.network]}</span>
                  <span className="visually-hidden"> {t('awards.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {/* Biographies and honoree stories are content: English in every language, announced by a note. */}
        {person.bio ? (
          <>
            <EnglishNote bio />
            <p className="icon-bio" lang="en" dir="ltr">{person.bio}</p>
          </>
        ) : null}
        {/* An honoree's story ends with the way to vote for them. */}
        {person.role === undefined ? <AwardBallotLinks /> : null}
        {demo ? <p className="demo-note">{t('awards.demo')}</p> : null}
      </div>
    </section>
  );
}
