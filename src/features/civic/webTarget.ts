// Decides what /web?q= may show. The query comes from the address bar, so it is untrusted: only https
// pages on hosts we link to ourselves are framed; anything else gets words, never a frame.
import { BALLOT_HOST, REGISTER_GUIDE_URL, VOTER_RESOURCE_HOSTS } from './voterResources';

export interface Candidate {
  name: string;
  campaignUrl: string;
}

export type WebTarget =
  /** Frame it. `title` is the spec's header title: 'Ballot', 'Register' or ''. */
  | { kind: 'frame'; url: string; host: string; title: string }
  /**
   * Do not frame, and offer no link either: "Open in browser" is only for hosts we vouch for (issue #18 —
   * `https://www.michigan.gov@evil.example/` offered a tap to evil.example under an official-looking address).
   * `host` is where an https address really goes (IDNs in their punycode form), for the visitor to read.
   */
  | { kind: 'blocked'; reason: 'empty' | 'scheme' | 'host' | 'unknown'; host?: string };

/** The spec's header rule: 'Ballot' for the ballot site, 'Register' for the registration guide, else blank. */
export function webTitle(url: string): string {
  if (url.includes(BALLOT_HOST)) return 'Ballot';
  if (stripSlash(url) === stripSlash(REGISTER_GUIDE_URL)) return 'Register';
  return '';
}

const stripSlash = (s: string): string => s.replace(/\/+$/, '');

const normalizeName = (s: string): string =>
  s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Hosts the viewer may frame: the voter-resource sites plus the campaign sites of known candidates. */
export function allowedHosts(candidates: readonly Candidate[]): Set<string> {
  const hosts = new Set(VOTER_RESOURCE_HOSTS);
  for (const c of candidates) {
    const url = parseUrl(c.campaignUrl);
    if (url?.protocol === 'https:') hosts.add(url.hostname);
  }
  return hosts;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** An absolute URL has a scheme; a name like "Kyra Harris Bolden" does not (and `new URL` rejects it). */
const looksLikeUrl = (text: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(text);

export function resolveWebTarget(q: string | undefined, candidates: readonly Candidate[]): WebTarget {
  const text = (q ?? '').trim();
  if (text === '') return { kind: 'blocked', reason: 'empty' };
  if (!looksLikeUrl(text)) {
    // Not an address: maybe a candidate's name, whose campaign site we know.
    const wanted = normalizeName(text);
    const match = candidates.find((c) => normalizeName(c.name) === wanted);
    return match ? resolveWebTarget(match.campaignUrl, candidates) : { kind: 'blocked', reason: 'unknown' };
  }
  const url = parseUrl(text);
  // javascript:, data:, blob:, file:, http: … never reach a frame or a link.
  if (url?.protocol !== 'https:') return { kind: 'blocked', reason: 'scheme' };
  // Credentials or an odd port are not how any of our sources are reached; treat as unknown.
  const allowed = allowedHosts(candidates);
  if (!allowed.has(url.hostname) || url.username !== '' || url.password !== '' || url.port !== '') {
    return { kind: 'blocked', reason: 'host', host: url.hostname };
  }
  return { kind: 'frame', url: url.href, host: url.hostname, title: webTitle(url.href) };
}
