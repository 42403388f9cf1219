// The event the app serves, its venue and its ticket link (spec §2, §9): shared by Event Details, Location, the
// info pages and the chat assistant.
export const EVENT_TITLE = 'Detroit Fashion Choice Awards';
/** The spec's English; screens show it through `t('common.event.date')` (src/lib/t.ts), which is this in English. */
export const EVENT_DATE = '6th April, 7.00 PM';

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
