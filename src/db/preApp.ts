// The prerendered ballot's way into the app's database, before the app (and Dexie, ~30 kB) has arrived: raw
// IndexedDB on the same database, tables and row shapes Dexie uses (schema.ts), so a vote cast before the app
// is in the outbox at once — "every write goes to IndexedDB first" holds for it too — and the app finds it like
// any other queued write. Used only by src/features/polls/ballotIsland.ts; tests/unit/db/preApp.test.ts keeps
// LATEST_STORES equal to what Dexie creates.
import type { BallotDraft, LocalVote, OutboxRow } from './types';
import { DB_NAME, IDB_VERSION } from './names';

/**
 * The latest schema as Dexie creates it for a new database (schema.ts, every version block applied), in Dexie's
 * own notation: the primary key first (`++` auto-increment), then the indexes (`&` unique). A first visit has no
 * database yet; created here exactly like this, Dexie opens it later as its own (nothing to upgrade or patch).
 */
export const LATEST_STORES: Record<string, string> = {
  outbox: '++seq,&key,state,nextAttemptAt,kind',
  polls: 'id',
  votes: 'docId,pollId',
  ballotDrafts: 'pollId',
  userPolls: 'pollId,uploaderId',
  userPollResponses: 'responseId,pollId',
  pollCounts: 'pollId',
  orgInfo: 'id',
  people: 'id,kind,name',
  packs: 'name',
  drafts: 'id',
  feedback: 'pushKey',
  receipts: '++id,sentAt',
};

/** The tables the ballot touches. */
const BALLOT_TABLES = ['votes', 'ballotDrafts', 'outbox'] as const;

const done = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

/**
 * The app's database, or null when this script should leave it alone:
 *   - none yet (a first visit): created with the latest schema, as Dexie would;
 *   - at the version this page was built for: opened;
 *   - older (the visitor's last visit was an earlier release): not touched — the upgrade is the app's (Dexie's
 *     upgrade functions), so the open is aborted and null returned;
 *   - newer (a later release already ran here; this page is an old copy): opened at that version, used only if
 *     the ballot's tables are still there.
 */
export function openBeforeApp(factory: IDBFactory = indexedDB): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = factory.open(DB_NAME, IDB_VERSION);
    } catch {
      resolve(null);
      return;
    }
    req.onupgradeneeded = (e) => {
      const tx = req.transaction;
      if (!tx) return;
      if (e.oldVersion > 0) {
        tx.abort(); // an older release's database: migrated by the app, never here
        return;
      }
      for (const [name, spec] of Object.entries(LATEST_STORES)) {
        const [key = '', ...indexes] = spec.split(',');
        const store = req.result.createObjectStore(name, { keyPath: key.replace('++', ''), autoIncrement: key.startsWith('++') });
        for (const index of indexes) store.createIndex(index.replace('&', ''), index.replace('&', ''), { unique: index.startsWith('&') });
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onblocked = () => resolve(null); // another tab holds an older version open: leave it to the app
    req.onerror = (e) => {
      e.preventDefault();
      if (req.error?.name !== 'VersionError') {
        resolve(null);
        return;
      }
      // Newer than this page: open it as it is.
      const newer = factory.open(DB_NAME);
      newer.onsuccess = () => {
        const idb = newer.result;
        if (BALLOT_TABLES.every((t) => idb.objectStoreNames.contains(t))) resolve(idb);
        else {
          idb.close();
          resolve(null);
        }
      };
      newer.onerror = () => resolve(null);
    };
  });
}

/** Runs `work` in one read-write transaction over the ballot's tables; resolves with its result once committed. */
async function inBallotTables<T>(work: (tx: IDBTransaction) => Promise<T>, factory?: IDBFactory): Promise<{ ok: true; value: T } | { ok: false }> {
  const idb = await openBeforeApp(factory);
  if (!idb) return { ok: false };
  try {
    const tx = idb.transaction([...BALLOT_TABLES], 'readwrite');
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('aborted'));
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB error'));
    });
    const value = await work(tx);
    await committed;
    return { ok: true, value };
  } catch {
    return { ok: false };
  } finally {
    idb.close(); // never hold the database open against the app's own connection or an upgrade
  }
}

export type PreAppVoteOutcome = 'stored' | 'already' | 'unavailable';

/**
 * Stores a vote cast before the app has arrived, as castAwardVote does (features/polls/data.ts): the voter's
 * record, the ballot's draft gone, and the outbox row, in one transaction. 'already': this e-mail's vote for the
 * poll is on this device (nothing written); 'unavailable': the database could not be used (nothing written).
 */
export async function storeVoteBeforeApp(vote: LocalVote, row: OutboxRow, factory?: IDBFactory): Promise<PreAppVoteOutcome> {
  const result = await inBallotTables(async (tx) => {
    const votes = tx.objectStore('votes');
    if ((await done(votes.get(vote.docId))) !== undefined) return 'already' as const; // nothing written
    votes.add(vote);
    tx.objectStore('ballotDrafts').delete(vote.pollId);
    const outbox = tx.objectStore('outbox');
    // The same key twice is one row (the outbox's unique key; enqueueRow does the same check).
    if ((await done(outbox.index('key').getKey(row.key))) === undefined) outbox.add(row);
    return 'stored' as const;
  }, factory);
  if (result.ok) return result.value;
  return 'unavailable';
}

/**
 * The ballot's draft (what the visitor chose so far, on this device), or null. Whether this phone already voted here
 * is not asked: the check (the app's YourVote and awardModel mayCastAnother) would not fit the ballot's page, which
 * must arrive in the first round trip (scripts/check-size.mjs) — so a phone that voted sees this ballot's e-mail step
 * until the app takes over and shows what it voted.
 */
export async function readDraftBeforeApp(pollId: string, factory?: IDBFactory): Promise<BallotDraft | null> {
  const result = await inBallotTables(async (tx) => ((await done(tx.objectStore('ballotDrafts').get(pollId))) as BallotDraft | undefined) ?? null, factory);
  return result.ok ? result.value : null;
}

/** Saves the ballot's draft, as the app's ballot does at every change (features/polls/data.ts saveBallotDraft). */
export async function saveDraftBeforeApp(draft: BallotDraft, factory?: IDBFactory): Promise<boolean> {
  const result = await inBallotTables(async (tx) => {
    tx.objectStore('ballotDrafts').put(draft);
    return true;
  }, factory);
  return result.ok;
}
