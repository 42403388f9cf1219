import { useEffect, useState } from 'react';
import { useOnline } from '../../session';
import { cacheIdFor, watchLiveDoc, type LiveState } from './liveDoc';

/**
 * A live document as screen state. `parse` must be a stable (module-level) function. A null path (an
 * impossible uid) is simply "missing". Offline while still loading reads as "needs a connection".
 */
export function useLiveDoc<T>(path: string | null, parse: (raw: unknown) => T): LiveState<T> {
  const [state, setState] = useState<LiveState<T>>({ status: 'loading' });
  const online = useOnline();
  useEffect(() => {
    if (!path) return undefined;
    return watchLiveDoc({ path, parse, cacheId: cacheIdFor(path) }, setState);
  }, [path, parse]);
  if (!path) return { status: 'missing' };
  if (state.status === 'loading' && !online) return { status: 'unreachable' };
  return state;
}
