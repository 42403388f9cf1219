/** The slice of the Web Locks API the flusher needs. */
export interface LockLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Cross-tab (and service-worker) exclusive lock where the browser has Web Locks. */
export function webLocks(): LockLike | null {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return null;
  return { request: <T,>(name: string, cb: () => Promise<T>) => locks.request(name, { mode: 'exclusive' }, cb) as Promise<T> };
}

/** Single-context fallback (old browsers, unit tests): a promise chain per lock name. */
export function memoryLocks(): LockLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, cb: () => Promise<T>): Promise<T> {
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.then(cb, cb);
      tails.set(name, run.catch(() => undefined));
      return run;
    },
  };
}
