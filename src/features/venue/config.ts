// The venue (spec §2 Location, Chat) and the addresses of the two embedded frames, set per deployment.

import { VENUE } from '../../lib/event';

export { VENUE };

/** Google Maps' key-less embed of the venue; https://www.google.com is allowed by the CSP's frame-src. */
export const DEFAULT_MAP_EMBED_URL = `https://www.google.com/maps?q=${encodeURIComponent(`${VENUE.name}, ${VENUE.street}, ${VENUE.city}`)}&output=embed`;

const VENUE_QUERY = `${VENUE.name}, ${VENUE.street}, ${VENUE.city}`;

/** Ways to the venue that work without the embedded map: any browser, a maps app, turn-by-turn directions. */
export const VENUE_LINKS = {
  maps: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(VENUE_QUERY)}`,
  directions: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(VENUE_QUERY)}`,
  /** Android hands geo: links to the maps app the visitor chose. */
  geo: `geo:0,0?q=${encodeURIComponent(VENUE_QUERY)}`,
} as const;

type Env = Record<string, unknown>;

/** An https address for a frame, or null. http is refused: it would be blocked as mixed content anyway. */
export function frameUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function mapEmbedUrl(env: Env = import.meta.env as Env): string {
  return frameUrl(env.VITE_MAP_EMBED_URL) ?? DEFAULT_MAP_EMBED_URL;
}

/** null when no chatbot is configured: the screen says so instead of showing an empty frame. */
export function chatUrl(env: Env = import.meta.env as Env): string | null {
  return frameUrl(env.VITE_CHAT_URL);
}
