import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { InstallOffer } from './InstallOffer';
import { MenuLink, MenuList } from './MenuList';
import { useT, type t as translate } from './t';
import './account.css';

type Id = Parameters<typeof translate>[0];

/** Message ids, translated at render (so the menu follows a language switch). */
const GROUPS: { title: Id; items: { to: string; label: Id; hint?: Id }[] }[] = [
  {
    title: 'account.more.civic',
    items: [
      { to: '/local', label: 'account.more.civicHub', hint: 'account.more.civicHubHint' },
      { to: '/voter-resources', label: 'account.more.voterResources', hint: 'account.more.voterResourcesHint' },
    ],
  },
  {
    // Polls are the awards' ballots and the community's own polls, not civic information (issue #35).
    title: 'account.more.awards',
    items: [
      { to: '/vote', label: 'account.more.polls', hint: 'account.more.pollsHint' },
      { to: '/stories-page', label: 'account.more.honorees' },
      { to: '/location', label: 'account.more.location', hint: 'account.more.locationHint' },
      { to: '/chat', label: 'account.more.chat', hint: 'account.more.chatHint' },
    ],
  },
  {
    title: 'account.more.you',
    items: [
      { to: '/feedback', label: 'account.menu.feedback' },
      { to: '/outbox', label: 'account.menu.sync', hint: 'account.more.syncHint' },
      { to: '/account', label: 'account.menu.account' },
      { to: '/help', label: 'account.menu.help' },
      { to: '/partners', label: 'account.menu.partners' },
      { to: '/terms-conditions', label: 'account.menu.terms' },
      { to: '/privacy-policy', label: 'account.menu.privacy' },
    ],
  },
];

/** /more and /extra: one menu that reaches every secondary screen. */
export function MoreScreen(): ReactElement {
  const t = useT();
  return (
    <section className="screen account">
      <PageHeader title={t('account.menu.more')} />
      <div className="screen-body">
        <InstallOffer where="more" />
        {GROUPS.map((g, n) => (
          <section key={g.title} aria-labelledby={`more-group-${n}`}>
            <h2 id={`more-group-${n}`}>{t(g.title)}</h2>
            <MenuList>
              {g.items.map((i) => (
                <li key={i.to}>
                  <MenuLink to={i.to} label={t(i.label)} {...(i.hint ? { hint: t(i.hint) } : {})} />
                </li>
              ))}
            </MenuList>
          </section>
        ))}
        {/* Small on purpose: a handful of people use it on event night; attendees should not be drawn to it. */}
        <p className="more-organisers">
          <Link to="/organiser">{t('account.more.organisers')}</Link>
        </p>
      </div>
    </section>
  );
}
