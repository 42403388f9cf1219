import { describe, expect, it } from 'vitest';
import { activeNavItem, slideDirection } from '../../../src/app/navRules';

describe('bottom navigation highlight (spec §2)', () => {
  it('highlights home for / and /home', () => {
    expect(activeNavItem('/')).toBe('home');
    expect(activeNavItem('/home')).toBe('home');
  });
  it('highlights profile for every profile-family path', () => {
    for (const p of ['/my-profile', '/create-profile', '/account', '/privacy-policy', '/notification', '/help', '/feedback', '/terms-conditions', '/partners']) {
      expect(activeNavItem(p), p).toBe('profile');
    }
  });
  it('highlights the other three items on their own paths only', () => {
    expect(activeNavItem('/poll-categories')).toBe('poll-categories');
    // Issue #54: an honoree's page (and the founder's, on the honorees page) is in Honorees; a host's is not.
    expect(activeNavItem('/stories-page')).toBe('poll-categories');
    expect(activeNavItem('/one-icon', 'story-3')).toBe('poll-categories');
    expect(activeNavItem('/one-icon', 'Celeste Amari-Vaughn')).toBe('poll-categories');
    expect(activeNavItem('/one-icon', 'h1')).toBeNull();
    expect(activeNavItem('/one-icon', 'h2')).toBeNull();
    expect(activeNavItem('/one-icon')).toBeNull();
    expect(activeNavItem('/chat')).toBe('chat');
    expect(activeNavItem('/location')).toBe('location');
    expect(activeNavItem('/vote')).toBeNull();
    expect(activeNavItem('/local')).toBeNull();
  });
});

describe('page transition direction (tab order home, local, chat, vote, my-profile)', () => {
  it('slides forward to a later tab and backward to an earlier one', () => {
    expect(slideDirection('/', '/local')).toBe('forward');
    expect(slideDirection('/vote', '/chat')).toBe('backward');
    expect(slideDirection('/my-profile', '/')).toBe('backward');
    expect(slideDirection('/local', '/my-profile')).toBe('forward');
  });
  it('treats screens inside a tab as that tab', () => {
    expect(slideDirection('/poll', '/home')).toBe('backward');
    expect(slideDirection('/home', '/onegovernor')).toBe('forward');
  });
});
