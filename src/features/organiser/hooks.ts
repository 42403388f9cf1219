// The organiser screen's live state: the client (loaded once), who is signed in, and the server's snapshots of the
// polls and of a poll's tally — each keeping its last server-confirmed time, so a dropped connection shows the last
// results "as of" then rather than nothing.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { loadClient, organiserOnDevice, type AwardPollRecord, type CommunityPollRecord, type OrganiserClient, type OrganiserSession, type RefusalRow, type RemoteError, type ReportRow, type TallyRow } from './client';

let loading: Promise<OrganiserClient> | null = null;
/** The client, loaded once; a failed load (offline before its chunk was cached) is tried again on the next call. */
export function getClient(): Promise<OrganiserClient> {
  return (loading ??= loadClient().catch((e: unknown) => {
    loading = null;
    throw e;
  }));
}

export type Auth =
  | { phase: 'loading' }
  | { phase: 'out' }
  | { phase: 'in'; session: OrganiserSession; client: OrganiserClient }
  /** The client could not load (no connection on a first visit): nothing to sign in with yet. */
  | { phase: 'unreachable' };

export function useOrganiserAuth(): { auth: Auth; signIn: (email: string, password: string) => Promise<void>; signOut: () => Promise<void>; retry: () => void } {
  // The build's render (import.meta.env.SSR) has nobody signed in: it draws the sign-in form, the page a first
  // visit gets. In the browser nothing is assumed until this device says whether an organiser is stored.
  const [auth, setAuth] = useState<Auth>(import.meta.env.SSR ? { phase: 'out' } : { phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // Nobody signed in here (known without Firebase): the form at once; the client loads meanwhile.
    void organiserOnDevice().then((stored) => {
      if (live && !stored) setAuth((a) => (a.phase === 'loading' ? { phase: 'out' } : a));
    });
    getClient()
      .then(async (client) => {
        const session = await client.current();
        if (live) setAuth(session ? { phase: 'in', session, client } : { phase: 'out' });
      })
      .catch(() => live && setAuth({ phase: 'unreachable' }));
    return () => {
      live = false;
    };
  }, [attempt]);
  const signIn = useCallback(async (email: string, password: string) => {
    const client = await getClient();
    const session = await client.signIn(email, password);
    setAuth({ phase: 'in', session, client });
  }, []);
  const signOut = useCallback(async () => {
    const client = await getClient();
    await client.signOut();
    setAuth({ phase: 'out' });
  }, []);
  const retry = useCallback(() => {
    setAuth({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { auth, signIn, signOut, retry };
}

export interface Live<T> {
  /** null until the first snapshot (from the server or this device's cache). */
  data: T | null;
  /** When the server last confirmed a snapshot (ms), kept while later ones come from the cache or fail. */
  confirmedAt: number | null;
  /** The latest snapshot came from the cache, or the listener failed: what shows may be out of date. */
  stale: boolean;
  error: RemoteError | null;
}

/**
 * The last server-confirmed time of each watched thing, across screens: present mode opened from the list starts
 * with the list's (its own listener's first answer may come from the cache, and the Wi-Fi may drop before the next).
 */
const confirmed = new Map<string, number>();

function useWatch<T>(subscribe: ((on: (data: T, asOf: number | null) => void, onError: (e: RemoteError) => void) => () => void) | null, key: string): Live<T> {
  const [state, setState] = useState<Live<T>>({ data: null, confirmedAt: confirmed.get(key) ?? null, stale: false, error: null });
  useEffect(() => {
    if (!subscribe) return;
    setState({ data: null, confirmedAt: confirmed.get(key) ?? null, stale: false, error: null });
    return subscribe(
      (data, asOf) => {
        if (asOf !== null) confirmed.set(key, asOf);
        setState((s) => ({ data, confirmedAt: asOf ?? s.confirmedAt, stale: asOf === null, error: null }));
      },
      // A failed listener keeps what it had (the last tally stays on the projector).
      (error) => setState((s) => ({ ...s, stale: true, error })),
    );
    // `key` names what is watched; the subscribe function is rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

export function usePolls(client: OrganiserClient | null): Live<AwardPollRecord[]> {
  return useWatch(client ? (on, err) => client.watchPolls(on, err) : null, client ? 'polls' : '');
}

export function useTally(client: OrganiserClient | null, pollId: string | null): Live<TallyRow[]> {
  return useWatch(client && pollId ? (on, err) => client.watchTally(pollId, on, err) : null, client && pollId ? `tally:${pollId}` : '');
}

/** The refusals the phones reported for a poll (issue #52), live. */
export function useRefusals(client: OrganiserClient | null, pollId: string | null): Live<RefusalRow[]> {
  return useWatch(client && pollId ? (on, err) => client.watchRefusals(pollId, on, err) : null, client && pollId ? `refusals:${pollId}` : '');
}

/** Every community poll with whether it is hidden (issue #53), live; only while `client` is given. */
export function useCommunityPolls(client: OrganiserClient | null): Live<CommunityPollRecord[]> {
  return useWatch(client ? (on, err) => client.watchCommunityPolls(on, err) : null, client ? 'user-polls' : '');
}

/** Every report of a community poll, live. */
export function useReports(client: OrganiserClient | null): Live<ReportRow[]> {
  return useWatch(client ? (on, err) => client.watchReports(on, err) : null, client ? 'poll-reports' : '');
}

/** How many voting codes are good for a poll (its own and the night's); asked again when `again` changes. */
export function useCodeCount(client: OrganiserClient | null, pollId: string, again: number): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!client) return;
    let live = true;
    client.countCodes(pollId).then((n) => live && setCount(n), () => undefined); // offline: the last count stays
    return () => {
      live = false;
    };
  }, [client, pollId, again]);
  return count;
}

const WIDE = '(min-width: 1024px)';
const wideQuery = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

/** A laptop-sized window (≥ 1024 px): the console puts the polls and the selected poll's tally side by side. */
export function useWide(): boolean {
  return useSyncExternalStore(
    (on) => {
      const q = wideQuery();
      q?.addEventListener('change', on);
      return () => q?.removeEventListener('change', on);
    },
    () => wideQuery()?.matches ?? false,
    () => false,
  );
}
