import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeText, fold, icsFile, icsHref } from '../../../src/lib/ics';
import { EVENT_START, EVENT_TIME_ZONE } from '../../../src/lib/event';

const event = {
  uid: 'x@town-square',
  start: new Date('2027-04-06T19:00:00-04:00'),
  end: new Date('2027-04-06T22:00:00-04:00'),
  stamp: new Date('2026-12-04T00:00:00Z'),
  title: 'Detroit Fashion Choice Awards',
  location: 'Fox Theatre, 2211 Woodward Avenue, Detroit, MI 48201',
};

describe('the calendar file (RFC 5545)', () => {
  it('holds one event at the right UTC times, its text escaped, every line ended by CRLF', () => {
    const file = icsFile(event);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.split('\r\n').slice(0, -1).every((l) => !l.includes('\n'))).toBe(true);
    const lines = file.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20270406T230000Z');
    expect(lines).toContain('DTEND:20270407T020000Z');
    expect(lines).toContain('DTSTAMP:20261204T000000Z');
    expect(lines).toContain('LOCATION:Fox Theatre\\, 2211 Woodward Avenue\\, Detroit\\, MI 48201');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('escapes what a text value must escape', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds any line to ≤ 75 octets without splitting a character, and unfolds to the same line', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
      const folded = fold(`SUMMARY:${text}`);
      for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${text}`);
    }));
  });

  it('is a data: address of the same file', () => {
    expect(decodeURIComponent(icsHref(event).replace(/^data:text\/calendar;charset=utf-8,/, ''))).toBe(icsFile(event));
  });

  it('the night is on a Tuesday at 7 PM in Detroit, the spec\'s "6th April, 7.00 PM"', () => {
    const parts = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: EVENT_TIME_ZONE }).format(EVENT_START);
    expect(parts).toBe('Tuesday, April 6 at 7:00 PM');
  });
});
