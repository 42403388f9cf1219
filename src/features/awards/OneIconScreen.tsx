import { useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { AwardBallotLinks } from '../polls';
import { PageHeader } from '../../ui/PageHeader';
import { SocialIcon } from './icons';
import { useStories } from './orgInfo';
import { SOCIAL_LABEL, resolveIcon } from './people';
import './awards.css';

/** /one-icon?id= (spec §2): founder, host or honoree; with no match only the header shows. */
export function OneIconScreen(): ReactElement {
  const { id } = useSearch({ from: '/one-icon' });
  const stories = useStories();
  // Founder and hosts are local, so they render at once; honorees wait for the stored stories.
  const person = resolveIcon(id, stories ?? []);

  if (!person && stories === undefined) {
    return (
      <section className="screen awards">
        <PageHeader title="Honoree" />
        <div className="spinner" role="progressbar" aria-label="Loading" />
      </section>
    );
  }
  if (!person) {
    return (
      <section className="screen awards">
        <PageHeader title="Honoree" />
      </section>
    );
  }
  const demo = person.role !== undefined; // founder and hosts are the locally defined demo people
  return (
    <section className="screen awards">
      <PageHeader title={person.name} />
      <div className="screen-body icon-detail">
        <Avatar name={person.name} src={person.image} size={280} round={false} className="icon-portrait" />
        <p className="icon-role">{person.role ?? '2025 Vanguard Honoree'}</p>
        {person.links.length > 0 ? (
          <ul className="social-links" aria-label={`${person.name} on social media`}>
            {person.links.map((l) => (
              <li key={l.network}>
                <a href={l.url} target="_blank" rel="noopener noreferrer" className="social-link">
                  <SocialIcon network={l.network} />
                  <span>{SOCIAL_LABEL[l.network]}</span>
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {person.bio ? <p className="icon-bio">{person.bio}</p> : null}
        {/* An honoree's story ends with the way to vote for them. */}
        {person.role === undefined ? <AwardBallotLinks /> : null}
        {demo ? <p className="demo-note">Demo content</p> : null}
      </div>
    </section>
  );
}
