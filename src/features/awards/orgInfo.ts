// Organisation info (spec §3, §7): the honoree stories of org-info/detroitchoiceawards and org-info/20.
// Stale-while-revalidate: screens render the Dexie copy at once (useLiveQuery), a background read from
// Firestore refreshes it, and a bundled copy covers the very first launch when there is no network.
import { useEffect, useMemo } from 'react';
import { db, type OrgInfoRow, type Story, type TownSquareDB } from '../../db';
import { useLiveQuery } from '../../db/live';
import { isOnline, observed, useOnline } from '../../session';
// Reads only, through src/remote's lazy loaders for org-info (a read module: eslint.config.js READ_MODULES); writes go through src/sync.
import { fetchOrganisation, fetchOrgInfoDoc } from '../../remote';
import bundled from './orgInfo.bundled.json';

export const ORG_INFO_IDS = ['detroitchoiceawards', '20'] as const;
export const ORGANISATION_ID = 20;
/** A screen opened again within this window does not hit the network again. */
export const REFRESH_AFTER_MS = 60_000;

const SOCIAL = ['insta', 'twitter', 'facebook', 'youtube', 'tiktok'] as const;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Only http(s) links reach an href: a `javascript:` URL in a document must never become a link. */
export function safeHttpUrl(v: unknown): string {
  const s = text(v);
  if (!/^https?:\/\//i.test(s)) return '';
  try {
    new URL(s); // throws on a malformed address
    return s;
  } catch {
    return '';
  }
}

/** Images may also be paths on this site (the demo portraits under /demo/). */
export function safeImageUrl(v: unknown): string {
  const s = text(v);
  if (s.startsWith('/') && !s.startsWith('//')) return s;
  return safeHttpUrl(s);
}

/** A story's Spanish and Arabic (issue #57): a language needs its story; its award line is kept when short. */
function storyTexts(raw: unknown): Story['i18n'] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: NonNullable<Story['i18n']> = {};
  for (const lang of ['es', 'ar'] as const) {
    const t = (raw as Record<string, unknown>)[lang] as Record<string, unknown> | undefined;
    const bio = text(t?.bio);
    if (!bio) continue;
    const award = text(t?.award);
    out[lang] = award && award.length <= 120 ? { award, bio } : { bio };
  }
  return Object.keys(out).length ? out : undefined;
}

/** Validates a document's `stories`: entries without an id or a name are dropped, duplicates keep the first. */
export function parseStories(raw: unknown): Story[] {
  const list = (raw as { stories?: unknown } | null)?.stories;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const out: Story[] = [];
  for (const item of list as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const id = typeof r.id === 'number' ? String(r.id) : text(r.id);
    const name = text(r.name);
    if (!id || !name || seen.has(id)) continue;
    seen.add(id);
    const story: Story = { id, name, bio: text(r.bio), smallImg: safeImageUrl(r.smallImg), bigImg: safeImageUrl(r.bigImg) };
    // What they are honoured for: a short line, or nothing (a longer text is not an award's name).
    const award = text(r.award);
    if (award && award.length <= 120) story.award = award;
    const i18n = storyTexts(r.i18n);
    if (i18n) story.i18n = i18n;
    for (const network of SOCIAL) {
      const url = safeHttpUrl(r[network]);
      if (url) story[network] = url;
    }
    out.push(story);
  }
  return out;
}

/** Stories of both documents, detroitchoiceawards first, each honoree once. */
export function mergeStories(rows: readonly (Pick<OrgInfoRow, 'id' | 'stories'> | undefined)[]): Story[] {
  const byId = new Map(rows.filter((r): r is Pick<OrgInfoRow, 'id' | 'stories'> => r !== undefined).map((r) => [r.id, r]));
  const seen = new Set<string>();
  const out: Story[] = [];
  for (const id of ORG_INFO_IDS) {
    for (const s of byId.get(id)?.stories ?? []) {
      if (seen.has(s.id)) continue;
      seen.add(s.id);
      out.push(s);
    }
  }
  return out;
}

const bundledDocs = bundled as Record<string, unknown>;
/** The copy shipped with the app (demo content), for a first launch with no network and nothing stored. */
export const BUNDLED_STORIES: readonly Story[] = mergeStories(ORG_INFO_IDS.map((id) => ({ id, stories: parseStories(bundledDocs[id]) })));

/** What screens show: the stored copy when there is one, else the bundled copy. */
export function storiesFrom(rows: readonly (OrgInfoRow | undefined)[]): readonly Story[] {
  return rows.some((r) => r !== undefined) ? mergeStories(rows) : BUNDLED_STORIES;
}

export type FetchOrgDoc = (id: string) => Promise<Record<string, unknown> | null>;

/** Public documents, read over plain REST: no Firebase SDK to download for the honorees. */
const fetchFromFirestore: FetchOrgDoc = (id) => observed(fetchOrgInfoDoc(id));

export interface RefreshResult {
  updated: string[];
  /** The server has no such document: the stored copy is left as it is. */
  missing: string[];
  failed: { id: string; error: unknown }[];
}

/** Reads both documents and stores what arrived in one transaction; a failure keeps the stored copy. */
export async function refreshOrgInfo(fetchDoc: FetchOrgDoc = fetchFromFirestore, database: TownSquareDB = db, now: number = Date.now()): Promise<RefreshResult> {
  const results = await Promise.allSettled(ORG_INFO_IDS.map((id) => fetchDoc(id)));
  const result: RefreshResult = { updated: [], missing: [], failed: [] };
  const rows: OrgInfoRow[] = [];
  results.forEach((r, i) => {
    const id = ORG_INFO_IDS[i]!;
    if (r.status === 'rejected') result.failed.push({ id, error: r.reason });
    else if (r.value === null) result.missing.push(id);
    else {
      rows.push({ id, stories: parseStories(r.value), fetchedAt: now });
      result.updated.push(id);
    }
  });
  if (rows.length > 0) await database.orgInfo.bulkPut(rows);
  return result;
}

let lastRefreshAt = -Infinity;
let inFlight: Promise<void> | null = null;

/** Fire-and-forget refresh for screens; skipped offline and when one ran moments ago. */
export function refreshInBackground(now: number = Date.now()): void {
  if (!isOnline()) return;
  if (inFlight || now - lastRefreshAt < REFRESH_AFTER_MS) return;
  lastRefreshAt = now;
  inFlight = refreshOrgInfo()
    .then((r) => {
      for (const f of r.failed) console.warn(`Organisation info ${f.id} could not be refreshed; showing the saved copy.`, f.error);
    })
    .catch((err: unknown) => console.warn('Organisation info could not be saved on this device.', err))
    .finally(() => {
      inFlight = null;
    });
}

let organisationLogged = false;
/** Spec §7: GET organisations/20 is only logged; no API or a failure must never touch a screen. */
export function logOrganisationOnce(): void {
  if (organisationLogged) return;
  organisationLogged = true;
  void fetchOrganisation(ORGANISATION_ID).catch((err: unknown) => console.warn('Organisation 20 unavailable', err));
}

/** Honoree stories for a screen: undefined only for the instant IndexedDB takes to answer. */
export function useStories(): readonly Story[] | undefined {
  const online = useOnline();
  const rows = useLiveQuery(() => db.orgInfo.bulkGet([...ORG_INFO_IDS]), []);
  useEffect(() => {
    if (online) refreshInBackground();
  }, [online]);
  return useMemo(() => (rows === undefined ? undefined : storiesFrom(rows)), [rows]);
}
