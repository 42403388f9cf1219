// The venue (spec §2 Location, Chat) and the addresses of the two embedded frames, set per deployment.

/** Used when VITE_MAP_EMBED_URL is not set; keep it in step with the map fallback below. */
export const VENUE = {
  name: 'Fox Theatre',
  street: '2211 Woodward Avenue',
  city: 'Detroit, MI 48201',
} as const;

/** Google Maps' key-less embed of the venue; https://www.google.com is allowed by the CSP's frame-src. */
export const DEFAULT_MAP_EMBED_URL = `https://www.google.com/maps?q=${encodeURIComponent(`${VENUE.name}, ${VENUE.street}, ${VENUE.city}`)}&output=embed`;

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
