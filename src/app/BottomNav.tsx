import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ChatIcon, GridIcon, HomeIcon, PinIcon, UserIcon } from './icons';
import { activeNavItem, type NavItem } from './navRules';

const ITEMS: { item: NavItem; to: string; label: string; Icon: () => ReactElement }[] = [
  { item: 'home', to: '/', label: 'Home', Icon: HomeIcon },
  { item: 'poll-categories', to: '/poll-categories', label: 'Honorees', Icon: GridIcon },
  { item: 'chat', to: '/chat', label: 'Chat', Icon: ChatIcon },
  { item: 'location', to: '/location', label: 'Location', Icon: PinIcon },
  { item: 'profile', to: '/my-profile', label: 'Profile', Icon: UserIcon },
];

export function BottomNav(): ReactElement {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = activeNavItem(pathname);
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {ITEMS.map(({ item, to, label, Icon }) => (
          <li key={item}>
            <Link to={to} className={active === item ? 'nav-link active' : 'nav-link'} aria-current={active === item ? 'page' : undefined}>
              <Icon />
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
