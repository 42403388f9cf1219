// One calendar event as an iCalendar file (RFC 5545), made on the device: "Add to calendar" on Event Details works
// offline and before the app (the page carries it as a data: link), with no server to ask.

export interface CalendarEvent {
  /** Stable across builds, so adding it twice updates the one entry in the calendar instead of making two. */
  uid: string;
  start: Date;
  end: Date;
  /** When these details were set (DTSTAMP): a constant, so the file is the same every time it is made. */
  stamp: Date;
  title: string;
  location: string;
  url?: string;
}

/** A UTC time as iCalendar writes it: 20270406T230000Z. */
const utc = (d: Date): string => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A text value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export const escapeText = (s: string): string => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space before each continuation (§3.1), never inside a character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function icsFile(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Town Square//Event Details//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.title)}`,
    `LOCATION:${escapeText(e.location)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The file as a link's address: a data: URL (a download, never a navigation). */
export const icsHref = (e: CalendarEvent): string => `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(e))}`;
