import { describe, expect, it } from 'vitest';
import type { Story } from '../../../src/db';
import { FOUNDER, HOSTS, resolveIcon, storyLinks } from '../../../src/features/awards/people';

const stories: Story[] = [
  { id: 'story-1', name: 'Ada One', bio: 'Bio one', smallImg: '/s1.svg', bigImg: '/b1.svg', tiktok: 'https://t.example/1', insta: 'https://i.example/1' },
  { id: 'story-2', name: 'Bo Two', bio: 'Bio two', smallImg: '/s2.svg', bigImg: '' },
];

describe('/one-icon?id= resolution (spec §2)', () => {
  it('the founder by name, with three social links', () => {
    const p = resolveIcon(FOUNDER.name, stories);
    expect(p?.name).toBe(FOUNDER.name);
    expect(p?.links).toHaveLength(3);
  });

  it('hosts h1 and h2', () => {
    expect(resolveIcon('h1', stories)).toBe(HOSTS[0]);
    expect(resolveIcon('h2', stories)).toBe(HOSTS[1]);
    expect(HOSTS.map((h) => h.id)).toEqual(['h1', 'h2']);
  });

  it('any other id is looked up among the stories: big image, name, bio, links that exist', () => {
    const p = resolveIcon('story-1', stories);
    expect(p).toMatchObject({ id: 'story-1', name: 'Ada One', image: '/b1.svg', bio: 'Bio one' });
    // The spec's order, not the document's.
    expect(p?.links.map((l) => l.network)).toEqual(['insta', 'tiktok']);
  });

  it('falls back to the small image when there is no big one', () => {
    expect(resolveIcon('story-2', stories)?.image).toBe('/s2.svg');
    expect(resolveIcon('story-2', stories)?.links).toEqual([]);
  });

  it('no match, or no id, gives null (header only)', () => {
    expect(resolveIcon('nobody', stories)).toBeNull();
    expect(resolveIcon(undefined, stories)).toBeNull();
    expect(resolveIcon('  ', stories)).toBeNull();
    expect(resolveIcon('h3', [])).toBeNull();
  });

  it('storyLinks keeps insta, twitter, facebook, youtube, tiktok order and skips empty ones', () => {
    const links = storyLinks({ id: 'x', name: 'X', bio: '', smallImg: '', bigImg: '', youtube: 'https://y.example', twitter: 'https://tw.example', facebook: '' });
    expect(links).toEqual([
      { network: 'twitter', url: 'https://tw.example' },
      { network: 'youtube', url: 'https://y.example' },
    ]);
  });
});
