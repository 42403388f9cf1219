import { describe, expect, it } from 'vitest';
import { DEFAULT_TICKETS_URL, EVENT_DATE, EVENT_HONOREE_COUNT, EVENT_TITLE, ticketsUrl } from '../../../src/features/awards/config';
import { DEFAULT_MAP_EMBED_URL, VENUE, chatUrl, frameUrl, mapEmbedUrl } from '../../../src/features/venue/config';

describe('event constants (spec §2, §9)', () => {
  it('uses the exact texts', () => {
    expect(EVENT_TITLE).toBe('Detroit Fashion Choice Awards');
    expect(EVENT_DATE).toBe('6th April, 7.00 PM');
    expect(EVENT_HONOREE_COUNT).toBe(4);
  });
});

describe('tickets link', () => {
  it('uses VITE_TICKETS_URL when it is https', () => {
    expect(ticketsUrl({ VITE_TICKETS_URL: 'https://tickets.example/dfca' })).toBe('https://tickets.example/dfca');
  });
  it('falls back for unset, insecure or hostile values', () => {
    expect(ticketsUrl({})).toBe(DEFAULT_TICKETS_URL);
    expect(ticketsUrl({ VITE_TICKETS_URL: 'http://tickets.example' })).toBe(DEFAULT_TICKETS_URL);
    expect(ticketsUrl({ VITE_TICKETS_URL: 'javascript:alert(1)' })).toBe(DEFAULT_TICKETS_URL);
    expect(ticketsUrl({ VITE_TICKETS_URL: 'not a url' })).toBe(DEFAULT_TICKETS_URL);
    expect(DEFAULT_TICKETS_URL.startsWith('https://')).toBe(true);
  });
});

describe('venue frames', () => {
  it('only https addresses may be framed', () => {
    expect(frameUrl('https://chat.example/bot')).toBe('https://chat.example/bot');
    expect(frameUrl('http://chat.example/bot')).toBeNull();
    expect(frameUrl('javascript:alert(1)')).toBeNull();
    expect(frameUrl('')).toBeNull();
    expect(frameUrl(undefined)).toBeNull();
  });
  it('the map falls back to a Google Maps embed of the theatre', () => {
    expect(mapEmbedUrl({})).toBe(DEFAULT_MAP_EMBED_URL);
    expect(DEFAULT_MAP_EMBED_URL).toMatch(/^https:\/\/www\.google\.com\/maps\?q=.*&output=embed$/);
    expect(decodeURIComponent(DEFAULT_MAP_EMBED_URL)).toContain(VENUE.name);
    expect(mapEmbedUrl({ VITE_MAP_EMBED_URL: 'https://www.google.com/maps/embed?pb=abc' })).toBe('https://www.google.com/maps/embed?pb=abc');
  });
  it('no chat URL means "not configured"', () => {
    expect(chatUrl({})).toBeNull();
    expect(chatUrl({ VITE_CHAT_URL: 'https://bot.example/' })).toBe('https://bot.example/');
  });
});
