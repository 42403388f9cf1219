// Public Firestore collections read over the REST API with plain fetch — no Firebase SDK.
// The polls lists, the award ballots, a user poll, the vote counts and the organisation info: reading them
// needs no Firebase code at all (~38 kB gz and its start-up work less on the screens people open at the venue).
// Why: a list is the largest paint of its screen. Through the SDK it could be asked for only after ~40 kB of
// Firebase code had arrived and run; a plain GET needs nothing, and the prerendered pages preload exactly these
// URLs (scripts/prerender-node.mjs writes <link rel="preload" as="fetch">), so on a first visit the data downloads
// while the page's script does. Only for collections the rules let anyone read (polls, user-polls, org-info,
// user-poll-votes); everything that needs an identity stays on the SDK (firestoreLite.ts).
import type { RemoteConfig } from './config';
import { guard, RemoteError } from './errors';
import { documentsBase } from './restBase';

/** One page is the whole list at a venue; more pages are followed (those are not preloaded). */
export const PUBLIC_PAGE_SIZE = 300;
const READ_DEADLINE_MS = 15_000;

export type RestValue = {
  stringValue?: string;
  integerValue?: string;
  doubleValue?: number;
  booleanValue?: boolean;
  nullValue?: null;
  timestampValue?: string;
  mapValue?: { fields?: Record<string, RestValue> };
  arrayValue?: { values?: RestValue[] };
  referenceValue?: string;
  bytesValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
};

export interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
}

/** Firestore's typed JSON → plain values (timestamps as milliseconds, 64-bit integers as numbers). */
function decodeValue(value: RestValue): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('booleanValue' in value) return value.booleanValue;
  if ('nullValue' in value) return null;
  if ('timestampValue' in value) return Date.parse(value.timestampValue ?? '');
  if ('mapValue' in value) return decodeFields(value.mapValue?.fields);
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(decodeValue);
  if ('referenceValue' in value) return value.referenceValue;
  if ('bytesValue' in value) return value.bytesValue;
  if ('geoPointValue' in value) return { latitude: value.geoPointValue?.latitude ?? 0, longitude: value.geoPointValue?.longitude ?? 0 };
  return undefined;
}

export function decodeFields(fields: Record<string, RestValue> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[k] = decodeValue(v);
  return out;
}

export { documentsBase } from './restBase';

/**
 * The first page's URL — the one the prerendered pages preload, so it must not vary between calls.
 * prettyPrint=false: Google's REST APIs indent their JSON unless told not to (googleapis/google-cloud-node#7453
 * measured up to half the bytes); the emulator ignores it.
 */
export function publicListUrl(cfg: RemoteConfig, collection: string, pageToken?: string): string {
  const token = pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : '';
  return `${documentsBase(cfg)}/${collection}?pageSize=${PUBLIC_PAGE_SIZE}&prettyPrint=false&key=${encodeURIComponent(cfg.firebase.apiKey)}${token}`;
}

/** A failed REST call as the error codes the rest of the app understands (src/remote/errors.ts). */
async function httpError(res: Response, what: string): Promise<RemoteError> {
  const body = (await res.json().catch(() => null)) as { error?: { status?: string; message?: string } } | null;
  const status = body?.error?.status ?? '';
  const code = status === 'PERMISSION_DENIED' ? 'permission-denied' : res.status >= 500 || res.status === 429 ? 'unavailable' : 'unknown';
  return new RemoteError(code, `${what}: HTTP ${res.status} ${body?.error?.message ?? ''}`.trim());
}

/** Every document of a publicly readable collection, decoded, with its id. */
export async function listPublicCollection(cfg: RemoteConfig, collection: string, fetcher: typeof fetch = fetch): Promise<(Record<string, unknown> & { id: string })[]> {
  const what = `Loading ${collection}`;
  return guard(what, READ_DEADLINE_MS, async () => {
    const docs: (Record<string, unknown> & { id: string })[] = [];
    let pageToken: string | undefined;
    do {
      // Same mode and credentials as <link rel="preload" as="fetch" crossorigin>, so the preload is used.
      const res = await fetcher(publicListUrl(cfg, collection, pageToken), { credentials: 'same-origin' });
      if (!res.ok) throw await httpError(res, what);
      const page = (await res.json()) as { documents?: RestDocument[]; nextPageToken?: string };
      for (const d of page.documents ?? []) docs.push({ ...decodeFields(d.fields), id: d.name.slice(d.name.lastIndexOf('/') + 1) });
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    return docs;
  });
}

/**
 * Only the first page of a public list, at `url` (publicListUrl's, as the page preloads it), with no deadline or
 * error mapping around it: for the award ballot's island, which must be as small as possible (docs/benchmarks.md
 * section 7), carries no configuration (its bytes are pinned in the Content-Security-Policy: docs/architecture.md, "Islands")
 * and whose failure just leaves the page to the app. `complete`: there is no further page (the island hands the
 * list to the app only then).
 */
export async function firstPublicPage(url: string): Promise<{ docs: (Record<string, unknown> & { id: string })[]; complete: boolean }> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const page = (await res.json()) as { documents?: RestDocument[]; nextPageToken?: string };
  return { docs: (page.documents ?? []).map((d) => ({ ...decodeFields(d.fields), id: d.name.slice(d.name.lastIndexOf('/') + 1) })), complete: !page.nextPageToken };
}

export type PublicUserPoll = Record<string, unknown> & { pollId: string; uploadedOnMs: number | null; hiddenAtMs: number | null; closedAtMs: number | null; removedAtMs: number | null };

/** The user polls list: each document with its id as pollId and its upload time in milliseconds (or null). */
export async function listPublicUserPolls(cfg: RemoteConfig, fetcher: typeof fetch = fetch): Promise<PublicUserPoll[]> {
  return (await listPublicCollection(cfg, 'user-polls', fetcher)).map(asPublicUserPoll);
}

/**
 * How many documents of a publicly readable collection have `field == value`: one count aggregation — a
 * number over the wire, never the documents. (user-poll-votes: one public tally row per answer.)
 */
export async function countPublic(cfg: RemoteConfig, collection: string, field: string, value: string, fetcher: typeof fetch = fetch): Promise<number> {
  const what = `Counting ${collection}`;
  return guard(what, READ_DEADLINE_MS, async () => {
    const res = await fetcher(`${documentsBase(cfg)}:runAggregationQuery?key=${encodeURIComponent(cfg.firebase.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: collection }], where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } } },
          aggregations: [{ alias: 'n', count: {} }],
        },
      }),
    });
    if (!res.ok) throw await httpError(res, what);
    // A stream of partial results as a JSON array; the count is in the one that carries a result.
    const parts = (await res.json()) as { result?: { aggregateFields?: Record<string, RestValue> } }[];
    const n = parts.map((p) => p.result?.aggregateFields?.['n']).find((f) => f !== undefined);
    const count = n === undefined ? NaN : Number(decodeValue(n));
    if (!Number.isFinite(count) || count < 0) throw new RemoteError('unknown', `${what}: no count in the answer`);
    return count;
  });
}

/**
 * The `select`ed fields of every document of a publicly readable collection with `field == value`: one runQuery
 * (a stream of results in one answer), only those fields over the wire. (user-poll-votes: a community poll's
 * answers, without who gave them, for its results.)
 */
export async function queryPublic(cfg: RemoteConfig, collection: string, field: string, value: string, select: readonly string[], fetcher: typeof fetch = fetch): Promise<Record<string, unknown>[]> {
  const what = `Loading ${collection}`;
  return guard(what, READ_DEADLINE_MS, async () => {
    const res = await fetcher(`${documentsBase(cfg)}:runQuery?prettyPrint=false&key=${encodeURIComponent(cfg.firebase.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        structuredQuery: {
          from: [{ collectionId: collection }],
          where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } },
          select: { fields: select.map((fieldPath) => ({ fieldPath })) },
        },
      }),
    });
    if (!res.ok) throw await httpError(res, what);
    // One entry per document (and a last one with only readTime when there are none).
    const parts = (await res.json()) as { document?: RestDocument }[];
    if (!Array.isArray(parts)) throw new RemoteError('unknown', `${what}: not a list of results`);
    return parts.flatMap((p) => (p.document ? [decodeFields(p.document.fields)] : []));
  });
}

/**
 * One document of a publicly readable collection, decoded, with its id; null when there is none. Asked with
 * `:batchGet`, which answers a missing document with 200 and `missing` — a plain GET's 404 is logged by the
 * browser as an error, and a document that does not exist (yet) is a normal state here, not an error.
 */
export async function getPublicDocument(cfg: RemoteConfig, collection: string, id: string, fetcher: typeof fetch = fetch): Promise<(Record<string, unknown> & { id: string }) | null> {
  const what = `Loading ${collection}/${id}`;
  // Not a document id Firestore allows (an address typed or crafted by hand): there is no such document.
  if (id.includes('/') || id === '.' || id === '..' || /^__.*__$/.test(id)) return null;
  return guard(what, READ_DEADLINE_MS, async () => {
    const base = documentsBase(cfg);
    const res = await fetcher(`${base}:batchGet?prettyPrint=false&key=${encodeURIComponent(cfg.firebase.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documents: [`${base.slice(base.indexOf('projects/'))}/${collection}/${id}`] }),
    });
    if (!res.ok) throw await httpError(res, what);
    const [answer] = (await res.json()) as { found?: RestDocument; missing?: string }[];
    if (!answer?.found) return null;
    return { ...decodeFields(answer.found.fields), id };
  });
}

/**
 * A user poll as the list and the ballot read it: its id as pollId, its upload time in ms (or null), when the
 * organisers hid it (issue #53) and when its owner closed or removed it (issue #54), in ms, or null.
 */
export function asPublicUserPoll({ id, ...data }: Record<string, unknown> & { id: string }): PublicUserPoll {
  const ms = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return { ...data, pollId: id, uploadedOnMs: ms(data['uploadedOn']), hiddenAtMs: ms(data['hiddenAt']), closedAtMs: ms(data['closedAt']), removedAtMs: ms(data['removedAt']) };
}

// The prerendered pages run small scripts before the app (the /vote preview, the award ballot:
// src/features/polls/preview.ts, ballotIsland.ts). They are separate bundles, so they hand their first request
// to the app through a global keyed by a registered symbol: a list is fetched once per page load, not once per
// script. Taken once, only for the same URL and only while fresh — later refreshes fetch anew.
const HANDOFF = Symbol.for('town-square.initial-lists');
const HANDOFF_FRESH_MS = 60_000;
type Handoff = { url: string; at: number; list: Promise<unknown> };
type HandoffHost = { [HANDOFF]?: Record<string, Handoff> };

/** `url`: the list's first page as publicListUrl writes it (the app takes the list only for the same URL). */
export function shareInitialList<T>(url: string, collection: string, list: Promise<T>): void {
  // Nobody may be waiting yet: a failure is the app's to report when it takes the list, not an unhandled rejection.
  list.catch(() => undefined);
  const host = globalThis as HandoffHost;
  (host[HANDOFF] ??= {})[collection] = { url, at: Date.now(), list };
}

export function takeInitialList<T>(cfg: RemoteConfig, collection: string): Promise<T> | undefined {
  const shared = (globalThis as HandoffHost)[HANDOFF];
  const entry = shared?.[collection];
  if (shared) delete shared[collection];
  if (!entry || entry.url !== publicListUrl(cfg, collection) || Date.now() - entry.at > HANDOFF_FRESH_MS) return undefined;
  return entry.list as Promise<T>;
}
