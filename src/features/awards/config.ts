// Event constants (spec §2, §9) and the ticketing link, configurable per deployment.

export { EVENT_DATE, EVENT_TITLE } from '../../lib/event';
/** Honoree avatars shown on Event Details (spec §9). */
export const EVENT_HONOREE_COUNT = 4;

/** Used when VITE_TICKETS_URL is not set: Detroit fashion events on a public ticketing site. */
export const DEFAULT_TICKETS_URL = 'https://www.eventbrite.com/d/mi--detroit/fashion/';

type Env = Record<string, unknown>;

/** VITE_TICKETS_URL when it is an https address; anything else (unset, http, javascript:) uses the default. */
export function ticketsUrl(env: Env = import.meta.env as Env): string {
  const raw = typeof env.VITE_TICKETS_URL === 'string' ? env.VITE_TICKETS_URL.trim() : '';
  try {
    if (raw && new URL(raw).protocol === 'https:') return raw;
  } catch {
    // malformed: fall through
  }
  return DEFAULT_TICKETS_URL;
}
