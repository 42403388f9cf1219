import { useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { PageHeader } from '../../ui/PageHeader';
import { honoreesYear } from './content';
import { EnglishNote } from './EnglishNote';
import { SocialIcon } from './icons';
import { useStories } from './orgInfo';
import { personTexts, useEventTexts } from './localContent';
import type { Story } from '../../db';
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
  return <IconDetail person={person} stories={stories} demo={demo} />;
}

function IconDetail({ person, stories, demo }: { person: Person; stories: readonly Story[] | undefined; demo: boolean }): ReactElement {
  const t = useT();
  // Their story in the visitor's language where the organisers wrote it (issue #57), else the English, marked.
  const event = useEventTexts();
  const local = personTexts(person, event.lang, event.texts, stories?.find((s) => s.id === person.id));
  return (
    <section className="screen awards">
      <PageHeader title={person.name} />
      <div className="screen-body icon-detail">
        <Avatar name={person.name} src={person.image} size={280} round={false} className="icon-portrait" />
        <p className="icon-role">{person.role ? t(ROLE_LABEL[person.role]) : t('awards.icon.honoree', { year: honoreesYear() })}</p>
        {/* What they are honoured for (issue #54): the organisers' words, in the visitor's language where given. */}
        {local.award && event.ready ? <p className="icon-award" data-testid="icon-award">{tNodes('awards.icon.award', { award: <bdi lang={local.award.en ? 'en' : undefined}>{local.award.text}</bdi> })}</p> : null}
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
        {/* Biographies and honoree stories are content: translated where the organisers gave a translation; English,
            announced by a note, where not. Held back the instant this language's texts take to load (no flash). */}
        {person.bio && event.ready ? (
          <>
            {local.bio.en ? <EnglishNote bio /> : null}
            <p className="icon-bio" {...(local.bio.en ? { lang: 'en', dir: 'ltr' } : {})}>{local.bio.text}</p>
          </>
        ) : null}
        {/* An honoree's story ends with the way to vote for them. */}
        {person.role === undefined ? <AwardBallotLinks /> : null}
        {demo ? <p className="demo-note">{t('awards.demo')}</p> : null}
      </div>
    </section>
  );
}
