// Live queries for screens. A module of its own, not re-exported by ./index: dexie-react-hooks declares no
// `sideEffects`, so a re-export kept it in the entry chunk even where nothing called it (~0.5 kB gz).
import { createContext, use, useContext } from 'react';
import { useLiveQuery as useDexieLiveQuery } from 'dexie-react-hooks';

/**
 * A build's render of a page in Node (issue #32, scripts/prerender-node/): the answer of each live query before
 * the first render, from the same Dexie query run on the build's copy of the data (fake-indexeddb filled by the
 * app's own pack loader). `read` returns one promise per key, so React's `use` gets the same one when it retries.
 * Never provided in the app, where the first render shows undefined (a loading state) until IndexedDB answers.
 */
export interface QueryAnswers {
  read<T>(key: string, querier: () => Promise<T> | T): Promise<T>;
}
export const PrerenderQueries = createContext<QueryAnswers | null>(null);

/** dexie-react-hooks' useLiveQuery, answered at once in a build's render (PrerenderQueries). */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps: unknown[] = []): T | undefined {
  const answers = useContext(PrerenderQueries);
  const live = useDexieLiveQuery(querier, deps);
  // The query's own source and its inputs name it: the same call site with the same deps is the same query.
  return answers ? use(answers.read(`${querier.toString()}|${JSON.stringify(deps)}`, querier)) : live;
}
