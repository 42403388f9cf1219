// The spec derives titles and lookup keys from the raw query string by character position (§2, §9).
// `search` is `location.search`, i.e. it starts with '?' when present.

export const TITLE_THRESHOLD = 50;
export const TITLE_CUT = 45;

const decodeSpaces = (s: string): string => s.replace(/%20/g, ' ');

/** Back-bar title: the query string after its first two characters ('?q'... without '?' → 'q='). */
export function profileTitle(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const raw = query.slice(2);
  if (raw.length > TITLE_THRESHOLD) return `${decodeSpaces(raw.slice(0, TITLE_CUT))}...`;
  return decodeSpaces(raw);
}

/** Profile key: characters 3 to 45 of the query string ('?q=' skipped), %20 as spaces. */
export function profileKey(search: string): string {
  return decodeSpaces(search.slice(3, 45));
}

/** Person name: characters 3 to 100 of the query string, spaces decoded. */
export function personName(search: string): string {
  const raw = search.slice(3, 100);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return decodeSpaces(raw); // a malformed escape must not break the screen
  }
}
