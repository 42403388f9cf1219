import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ChatIcon, GridIcon, HomeIcon, PinIcon, UserIcon } from './icons';
import { activeNavItem, type NavItem } from './navRules';
import { useT } from './t';

const ITEMS: { item: NavItem; to: string; label: 'app.nav.home' | 'app.nav.honorees' | 'app.nav.chat' | 'app.nav.location' | 'app.nav.profile'; Icon: () => ReactElement }[] = [
  { item: 'home', to: '/', label: 'app.nav.home', Icon: HomeIcon },
  { item: 'poll-categories', to: '/poll-categories', label: 'app.nav.honorees', Icon: GridIcon },
  { item: 'chat', to: '/chat', label: 'app.nav.chat', Icon: ChatIcon },
  { item: 'location', to: '/location', label: 'app.nav.location', Icon: PinIcon },
  { item: 'profile', to: '/my-profile', label: 'app.nav.profile', Icon: UserIcon },
];

export function BottomNav(): ReactElement {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const id = useRouterState({ select: (s) => (s.location.search as { id?: unknown }).id });
  const active = activeNavItem(pathname, typeof id === 'string' ? id : undefined);
  const t = useT();
  return (
    <nav className="bottom-nav" aria-label={t('app.nav.label')}>
      <ul>
        {ITEMS.map(({ item, to, label, Icon }) => (
          <li key={item}>
            <Link to={to} className={active === item ? 'nav-link active' : 'nav-link'} aria-current={active === item ? 'page' : undefined}>
              <Icon />
              <span>{t(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
