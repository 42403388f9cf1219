// src/db/live.ts in a build's render in Node (issue #32, docs/prerender-in-node.md): inside PrerenderQueries the
// first render already holds the query's answer, from the same Dexie query on the app's own pack loader's rows;
// without it the first render is undefined, which is what the app shows until IndexedDB answers.
import { Dexie } from 'dexie';
import { createElement, StrictMode, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it } from 'vitest';
import { db, DB_NAME } from '../../../src/db';
import { PrerenderQueries, useLiveQuery, type QueryAnswers } from '../../../src/db/live';
import { ensurePacks } from '../../../src/data/loader';

afterEach(async () => {
  db.close();
  await Dexie.delete(DB_NAME);
});

/** What the build's server entry provides: one promise per query key, kept so React's `use` gets it again. */
function answers(): QueryAnswers & { keys: string[] } {
  const cache = new Map<string, Promise<unknown>>();
  return {
    read<T>(key: string, querier: () => Promise<T> | T): Promise<T> {
      if (!cache.has(key)) cache.set(key, Promise.resolve().then(querier));
      return cache.get(key) as Promise<T>;
    },
    get keys() {
      return [...cache.keys()];
    },
  };
}

const governors = () => db.people.where('kind').equals('governor').toArray();

function Governors(): ReactElement {
  const rows = useLiveQuery(governors, []);
  return createElement('p', null, rows === undefined ? 'loading' : `${rows.length} governors, first ${rows[0]?.name ?? 'none'}`);
}

async function render(tree: ReactElement): Promise<string> {
  const { prelude } = await prerender(createElement(StrictMode, null, tree));
  return new Response(prelude).text();
}

describe('useLiveQuery in a server render', () => {
  it('answers in the first render inside PrerenderQueries, from the rows the pack loader wrote', async () => {
    await ensurePacks();
    const rows = await governors();
    expect(rows.length).toBeGreaterThan(0);
    const a = answers();
    const html = await render(createElement(PrerenderQueries, { value: a }, createElement(Governors)));
    expect(html).toBe(`<p>${rows.length} governors, first ${rows[0]?.name}</p>`);
    expect(a.keys).toHaveLength(1);
  });

  it('renders undefined first without it, as the app does before IndexedDB answers', async () => {
    await ensurePacks();
    expect(await render(createElement(Governors))).toBe('<p>loading</p>');
  });
});
