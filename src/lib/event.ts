// The event the app serves, its venue and its ticket link (spec §2, §9): shared by Event Details, Location, the
// info pages and the chat assistant.
export const EVENT_TITLE = 'Detroit Fashion Choice Awards';
/** The spec's English; screens show it through `t('common.event.date')` (src/lib/t.ts), which is this in English. */
export const EVENT_DATE = '6th April, 7.00 PM';

/**
 * The night as a moment, for the weekday, the year and the calendar file (issue #54). The spec gives the day and the
 * time only ("6th April, 7.00 PM"): the year is the next 6 April after this build (2027), Detroit time (EDT, UTC-4
 * in April). The end is not announced; the calendar entry takes the evening as three hours. Organisers: set these.
 */
export const EVENT_START = new Date('2027-04-06T19:00:00-04:00');
export const EVENT_END = new Date('2027-04-06T22:00:00-04:00');
/** The venue's time zone: the day and time are shown as they are in Detroit, wherever the phone is set. */
export const EVENT_TIME_ZONE = 'America/Detroit';
/** When these details were last set (the calendar file's DTSTAMP). */
export const EVENT_SET_ON = new Date('2026-12-04T00:00:00Z');

/** The venue (spec §2 Location); keep the map fallback in src/features/venue/config.ts in step. */
export const VENUE = {
  name: 'Fox Theatre',
  street: '2211 Woodward Avenue',
  city: 'Detroit, MI 48201',
} as const;

/** Used when VITE_TICKETS_URL is not set: Detroit fashion events on a public ticketing site. */
export const DEFAULT_TICKETS_URL = 'https://www.eventbrite.com/d/mi--detroit/fashion/';

/** VITE_TICKETS_URL when it is an https address; anything else (unset, http, javascript:) uses the default. */
export function ticketsUrl(env: Record<string, unknown> = import.meta.env as Record<string, unknown>): string {
  const raw = typeof env.VITE_TICKETS_URL === 'string' ? env.VITE_TICKETS_URL.trim() : '';
  try {
    if (raw && new URL(raw).protocol === 'https:') return raw;
  } catch {
    // malformed: fall through
  }
  return DEFAULT_TICKETS_URL;
}
