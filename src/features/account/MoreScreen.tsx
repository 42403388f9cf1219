import type { ReactElement } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { MenuLink, MenuList } from './MenuList';
import './account.css';

const GROUPS: { title: string; items: { to: string; label: string; hint?: string }[] }[] = [
  {
    title: 'Civic information',
    items: [
      { to: '/local', label: 'Civic hub', hint: 'Officials, governors, Michigan' },
      { to: '/voter-resources', label: 'Voter resources', hint: 'Register, vote by mail, find your polling place' },
      { to: '/vote', label: 'Polls', hint: 'Vote or create your own' },
    ],
  },
  {
    title: 'The awards',
    items: [
      { to: '/stories-page', label: '2025 Vanguard Honorees' },
      { to: '/location', label: 'Location', hint: 'Venue map' },
      { to: '/chat', label: 'Chat', hint: 'Ask the chat assistant' },
    ],
  },
  {
    title: 'You and this app',
    items: [
      { to: '/feedback', label: 'Leave Feedback' },
      { to: '/sync', label: 'Waiting to send', hint: 'What this device still has to send' },
      { to: '/account', label: 'Account' },
      { to: '/help', label: 'Help center' },
      { to: '/partners', label: 'Our Partners' },
      { to: '/terms-conditions', label: 'Terms and conditions' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
    ],
  },
];

/** /more and /extra: one menu that reaches every secondary screen. */
export function MoreScreen(): ReactElement {
  return (
    <section className="screen account">
      <PageHeader title="More" />
      <div className="screen-body">
        {GROUPS.map((g, n) => (
          <section key={g.title} aria-labelledby={`more-group-${n}`}>
            <h2 id={`more-group-${n}`}>{g.title}</h2>
            <MenuList>
              {g.items.map((i) => (
                <li key={i.to}>
                  <MenuLink to={i.to} label={i.label} {...(i.hint ? { hint: i.hint } : {})} />
                </li>
              ))}
            </MenuList>
          </section>
        ))}
      </div>
    </section>
  );
}
