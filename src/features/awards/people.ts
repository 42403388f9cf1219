// Who /one-icon?id= shows (spec §2): the founder (by name), the hosts h1 and h2, or an honoree story.
import type { Story } from '../../db';

export const SOCIAL_NETWORKS = ['insta', 'twitter', 'facebook', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_LABEL: Record<SocialNetwork, string> = {
  insta: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

export interface Person {
  id: string;
  name: string;
  /** "Founder", "Host" — absent for honorees. English data: the screen shows it through its message (OneIconScreen). */
  role?: 'Founder' | 'Host';
  image: string;
  /** An honoree's award or category, in the organisers' words (English; translated in the story's i18n). */
  award?: string;
  /** One or two sentences for Event Details; the full text is `bio`. */
  summary?: string;
  bio: string;
  links: SocialLink[];
}

// DEMO DATA: the founder and both hosts are fictional people invented for this demo (screens that show
// them carry a "Demo content" footer). Replace them with the real people before a real event.
export const FOUNDER: Person = {
  id: 'Celeste Amari-Vaughn',
  name: 'Celeste Amari-Vaughn',
  role: 'Founder',
  image: '/awards/founder.svg',
  summary:
    'Celeste Amari-Vaughn started the Detroit Fashion Choice Awards in her living room with twelve designers, a borrowed rack and a folding runway.',
  bio:
    'Celeste Amari-Vaughn started the Detroit Fashion Choice Awards in her living room with twelve designers, a borrowed rack and a folding runway. A former costume buyer for regional theatre, she spent years watching brilliant local makers go unseen and decided the city needed its own night to celebrate them. Today she runs the awards with a volunteer committee, mentors first-time designers through a free spring workshop series, and still insists on ironing every honoree sash herself. (Fictional person — demo content.)',
  links: [
    { network: 'insta', url: 'https://www.instagram.com/example' },
    { network: 'twitter', url: 'https://twitter.com/example' },
    { network: 'facebook', url: 'https://www.facebook.com/example' },
  ],
};

export const HOSTS: readonly Person[] = [
  {
    id: 'h1',
    name: 'Jordan Okafor-Lane',
    role: 'Host',
    image: '/awards/host-1.svg',
    bio:
      'Jordan Okafor-Lane is a radio personality whose Saturday-morning show spotlights Detroit makers, from sneaker customisers to bridal tailors. Jordan has hosted the awards since its second year and is known for learning every nominee’s name by heart. (Fictional person — demo content.)',
    links: [],
  },
  {
    id: 'h2',
    name: 'Mireille Duchamp-Wells',
    role: 'Host',
    image: '/awards/host-2.svg',
    bio:
      'Mireille Duchamp-Wells is a runway coach and choreographer who has trained models for shows in Detroit, Chicago and Toronto. She brings a dancer’s timing to the stage and keeps the ceremony moving. (Fictional person — demo content.)',
    links: [],
  },
];

/** The story's social links that exist, in the spec's order (insta, twitter, facebook, youtube, tiktok). */
export function storyLinks(story: Story): SocialLink[] {
  const links: SocialLink[] = [];
  for (const network of SOCIAL_NETWORKS) {
    const url = story[network];
    if (typeof url === 'string' && url.length > 0) links.push({ network, url });
  }
  return links;
}

function storyPerson(story: Story): Person {
  return { id: story.id, name: story.name, image: story.bigImg || story.smallImg, bio: story.bio, links: storyLinks(story), ...(story.award ? { award: story.award } : {}) };
}

/** Founder by name, then h1/h2, then an honoree story by id; null when nothing matches (header only). */
export function resolveIcon(id: string | undefined, stories: readonly Story[]): Person | null {
  const key = id?.trim();
  if (!key) return null;
  if (key === FOUNDER.id) return FOUNDER;
  const host = HOSTS.find((h) => h.id === key);
  if (host) return host;
  const story = stories.find((s) => s.id === key);
  return story ? storyPerson(story) : null;
}
