// Corrections without a release (issue #34): civic packs published as data in Firestore `civic-packs`
// (scripts/data-publish.mjs) reach the device at its next online moment, with no new build.
//
// civic-packs/index = {versions: {cabinet: 7, …}}: one small document, read whenever a civic screen starts or the
// connection returns. A pack whose published version is newer than the device's is fetched
// (civic-packs/{name} = {version, asOf, checksum, pack: the pack's JSON text}), its checksum and then its schema
// checked — the same validation as the built-in packs (src/data/loader.ts loadPack) — and swapped into IndexedDB
// in one transaction. Anything that fails is refused and the last good copy stays; offline, the device shows the
// last good copy with its review date. Public REST reads only, no Firebase SDK (src/remote/publicRest.ts).
import { db } from '../../db';
import { loadPack, PACK_NAMES, type PackName } from '../../data/loader';
import { fetchPublishedPack } from '../../remote';
import { isOnline, observed } from '../../session';

export type PublishedOutcome = 'loaded' | 'current' | 'invalid' | 'failed';
export interface PublishedReport {
  name: PackName;
  outcome: PublishedOutcome;
  error?: string;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** One published pack, checked (version, checksum, then the pack's schema) and applied; never throws. */
async function takePack(name: PackName, version: number): Promise<PublishedReport> {
  try {
    const doc = await observed(fetchPublishedPack(name));
    if (!doc) return { name, outcome: 'failed', error: 'listed in the index but not published' };
    const { pack, checksum } = doc;
    if (doc.version !== version || typeof pack !== 'string' || typeof checksum !== 'string') return { name, outcome: 'invalid', error: 'malformed published document' };
    if ((await sha256Hex(pack)) !== checksum) return { name, outcome: 'invalid', error: 'checksum does not match' };
    const report = await loadPack(db, name, JSON.parse(pack) as unknown);
    if (report.outcome === 'invalid') return { name, outcome: 'invalid', ...(report.error === undefined ? {} : { error: report.error }) };
    return { name, outcome: report.outcome === 'loaded' ? 'loaded' : 'current' };
  } catch (err) {
    return { name, outcome: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
}

let running: Promise<PublishedReport[]> | null = null;

/** Checks the published versions and takes every newer, valid pack. Offline: nothing (the last good copy stays). */
export function refreshPublishedPacks(): Promise<PublishedReport[]> {
  if (!isOnline()) return Promise.resolve([]);
  running ??= (async () => {
    try {
      const index = await observed(fetchPublishedPack('index'));
      const versions = (index?.versions ?? {}) as Record<string, unknown>;
      const wanted: { name: PackName; version: number }[] = [];
      for (const name of PACK_NAMES) {
        const version = versions[name];
        if (typeof version !== 'number' || !Number.isInteger(version)) continue;
        const stored = await db.packs.get(name);
        if (!stored || stored.version < version) wanted.push({ name, version });
      }
      const reports = await Promise.all(wanted.map(({ name, version }) => takePack(name, version)));
      for (const r of reports) if (r.outcome === 'invalid') console.warn(`Published civic pack "${r.name}" refused; keeping the last good copy.`, r.error);
      return reports;
    } catch (err) {
      console.warn('Published civic packs could not be checked; showing the last good copies', err);
      return [];
    } finally {
      running = null;
    }
  })();
  return running;
}
