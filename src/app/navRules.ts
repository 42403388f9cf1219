// Bottom-navigation highlight rules (spec §2) and the tab order that decides slide direction.

export type NavItem = 'home' | 'poll-categories' | 'chat' | 'location' | 'profile';

const PROFILE_PATHS = new Set([
  '/my-profile', '/create-profile', '/account', '/privacy-policy', '/notification', '/help', '/feedback',
  '/terms-conditions', '/partners',
]);

/** The hosts' pages (/one-icon?id=h1, h2): reached from Event Details, not from the honorees. */
const HOST_IDS = new Set(['h1', 'h2']);

/**
 * The tab lit for a screen. `id`: the /one-icon page's person — an honoree's page (and the founder's, whose section
 * is on the honorees page) lights Honorees like the honorees page itself (/poll-categories, /stories-page): a
 * visitor reading an honoree is in Honorees (issue #54). A host's page lights nothing, as the spec's rules say.
 */
export function activeNavItem(pathname: string, id?: string): NavItem | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/' || p === '/home') return 'home';
  if (p === '/poll-categories' || p === '/stories-page') return 'poll-categories';
  if (p === '/one-icon' && id !== undefined && id !== '' && !HOST_IDS.has(id)) return 'poll-categories';
  if (p === '/chat') return 'chat';
  if (p === '/location') return 'location';
  if (PROFILE_PATHS.has(p)) return 'profile';
  return null;
}

/** Tab order of the spec's transition rule: home, local, chat, vote, my-profile. */
const TAB_ORDER = ['/home', '/local', '/chat', '/vote', '/my-profile'] as const;

/** Which tab a screen belongs to, for deciding slide direction. */
const SECTION: Record<string, (typeof TAB_ORDER)[number]> = {
  '/': '/home', '/home': '/home', '/one-icon': '/home', '/stories-page': '/home', '/poll-categories': '/home',
  '/local': '/local', '/profile': '/local', '/onegovernor': '/local', '/minister': '/local', '/web': '/local',
  '/cabinet': '/local', '/governors': '/local', '/michigan': '/local', '/court': '/local', '/voter-resources': '/local',
  '/chat': '/chat', '/location': '/chat',
  '/vote': '/vote', '/poll': '/vote', '/create-poll': '/vote', '/responses': '/vote',
};

function tabIndex(pathname: string): number {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TAB_ORDER.indexOf(SECTION[p] ?? '/my-profile');
}

/** Forward (slide in from the right) unless the new screen's tab comes before the old one's. */
export function slideDirection(from: string | null, to: string): 'forward' | 'backward' {
  if (from === null) return 'forward';
  return tabIndex(to) < tabIndex(from) ? 'backward' : 'forward';
}
