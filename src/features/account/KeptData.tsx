import { useEffect, useState, type ReactElement } from 'react';
import { useT } from './t';

/** What the browser says about this site's storage: kept until the visitor clears it, may be cleared, or unknown. */
export type Kept = 'kept' | 'may-clear' | 'unknown';

/** Asks the browser (StorageManager.persisted); 'unknown' where it cannot say. */
export async function keptState(storage: Pick<StorageManager, 'persisted'> | undefined = globalThis.navigator?.storage): Promise<Kept> {
  try {
    if (!storage?.persisted) return 'unknown';
    return (await storage.persisted()) ? 'kept' : 'may-clear';
  } catch {
    return 'unknown';
  }
}

/**
 * Settings: whether this device may clear Town Square's data when it runs short of space, and what that would
 * mean for items waiting to send (they live only here until sent). The app asks for kept storage itself, at the
 * first queued item and at install (src/sync/triggers.ts, src/main.tsx).
 */
export function KeptData({ waiting }: { waiting: number }): ReactElement {
  const t = useT();
  // The browser answers asynchronously (a round trip to its storage service: more than a second on a loaded
  // phone), so the first render has no answer unless an earlier visit to Settings got one. Until then the card
  // says it is asking — never a heading over nothing (a loaded e2e run read an empty card there).
  const [kept, setKept] = useState<Kept | null>(lastAnswer);
  useEffect(() => {
    let live = true;
    void keptState().then((k) => {
      lastAnswer = k;
      if (live) setKept(k);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="card kept-data" aria-labelledby="kept-data" aria-busy={kept === null} data-testid="kept-data" data-kept={kept ?? 'asking'}>
      <h2 id="kept-data">{t('account.kept.title')}</h2>
      {kept ? (
        <p>
          {kept === 'kept' ? t('account.kept.kept') : kept === 'may-clear' ? t('account.kept.mayClear') : t('account.kept.unknown')}{' '}
          {kept === 'kept' ? null : t('account.kept.waiting', { count: waiting })}
        </p>
      ) : (
        <p className="muted">{t('account.kept.asking')}</p>
      )}
    </section>
  );
}

/**
 * The browser's latest answer in this page, shown at once on a later visit to Settings (and asked again then:
 * a grant at install changes it).
 */
let lastAnswer: Kept | null = null;
