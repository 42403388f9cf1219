// The build's server entry (issue #32, docs/prerender-in-node.md): every prerendered page is React's own render of
// the app in Node, read by scripts/prerender-node.mjs from this module's SSR build (vite.config.ts builds it in the
// same `vite build` as the app). Never part of the browser's bundle.
// IndexedDB: Dexie (src/db) takes it from globalThis when its module is evaluated, and the SSR build evaluates
// src/db's chunk before this module's own imports, so whoever imports this module installs fake-indexeddb first
// (`import 'fake-indexeddb/auto'`: scripts/prerender-node.mjs, the tests). The app's pack loader then fills it.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryHistory, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PrerenderQueries, type QueryAnswers } from '../db/live';
import { ensurePacks } from '../data/loader';
import { publicListUrlOf } from '../remote';
import { activateForRender } from '../lib/i18nSwitch';
import { LOCALES, type AnyLocale } from '../lib/locales';
import { BallotParts, ballotPartsId } from '../features/polls/BallotParts';
import { ListParts, listPartsId } from '../features/polls/ListParts';
import { createAppRouter } from './router';
import { loadEventTexts } from '../features/awards/localContent';

/**
 * The build's data, as a first visit's device holds it once the packs are in: the app's own loader, into
 * fake-indexeddb. Tables the build never fills (polls, votes, drafts, outbox) answer empty, as on a first visit.
 */
export async function loadData(): Promise<void> {
  const reports = await ensurePacks();
  const bad = reports.filter((r) => r.outcome === 'invalid' || r.outcome === 'failed');
  if (bad.length > 0) throw new Error(`prerender: packs not loaded: ${bad.map((r) => `${r.name} ${r.outcome}${r.error ? ` (${r.error})` : ''}`).join(', ')}`);
}

/**
 * The URL of a public list (polls, user-polls) as the screen asks for it: a page whose screen reads it while it
 * renders preloads it (scripts/prerender/routes.mjs `data`). In Node nothing is requested, so it is named here.
 */
export function publicDataUrl(collection: string): Promise<string> {
  return publicListUrlOf(collection);
}

/** One promise per live query of a render (src/db/live.ts), so React's `use` finds the same one when it retries. */
function answers(): QueryAnswers {
  const cache = new Map<string, Promise<unknown>>();
  return {
    read<T>(key: string, querier: () => Promise<T> | T): Promise<T> {
      let answer = cache.get(key) as Promise<T> | undefined;
      if (!answer) {
        answer = Promise.resolve().then(querier);
        cache.set(key, answer);
      }
      return answer;
    },
  };
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/**
 * The markup of #root for `url` (a path with its query), as React renders it on a first visit. Throws on any
 * render error: React's `prerender` would log it and write the nearest boundary's fallback into the page.
 */
export async function render(url: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  // Runs each match's loaders and the lazy screens' preload (src/ui/lazyScreen.tsx): the screen's module is
  // there at the first render, so no Suspense fallback ends up in the page.
  await router.load();
  return markupOf(url, <RouterProvider router={router} />);
}

/**
 * The language the following renders are in (issue #56: the doors in Spanish and Arabic). With its catalogs, the
 * event's own words in it, so the page holds what the app shows at its first render in that language.
 */
export async function renderIn(locale: AnyLocale): Promise<void> {
  await activateForRender(locale);
  if (locale === 'es' || locale === 'ar') await loadEventTexts(locale);
}

/**
 * Markup a script of a page draws with before the app arrives (the award ballot's parts, the /vote lists'): the
 * app's own components, rendered with the catalog of `locale` under the router of `path` (their links). Pages are
 * rendered in English; the language goes back to English afterwards.
 */
async function renderParts(what: string, path: string, locale: AnyLocale, parts: ReactElement): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await activateForRender(locale);
  try {
    return await markupOf(`${what} (${locale})`, <RouterContextProvider router={router}>{parts}</RouterContextProvider>);
  } finally {
    await activateForRender('en');
  }
}

/** The pre-React ballot's parts in one language (src/features/polls/BallotParts.tsx). */
export const renderBallotParts = (locale: AnyLocale): Promise<string> => renderParts("the ballot's parts", '/poll', locale, <BallotParts />);

/** The /vote preview's parts (src/features/polls/ListParts.tsx). */
export const renderListParts = (locale: AnyLocale): Promise<string> => renderParts("the polls lists' parts", '/vote', locale, <ListParts />);

/** A page's templates: inert until cloned (a template's content is not part of the page). */
export interface PageTemplates {
  html: string;
  /** The English parts as plain markup, for the page's critical CSS. */
  english: string;
}

async function templatesOf(locales: readonly AnyLocale[], render: (locale: AnyLocale) => Promise<string>, id: (locale: string) => string): Promise<PageTemplates> {
  let html = '';
  let english = '';
  for (const locale of locales) {
    const parts = await render(locale);
    if (locale === 'en') english = parts;
    html += `<template id="${id(locale)}" lang="${locale}">${parts}</template>`;
  }
  return { html, english };
}

/**
 * The /poll page's templates for the pre-React ballot: one per language, the island takes its visitor's
 * (src/features/polls/ballotIsland.ts).
 */
export const ballotTemplates = (): Promise<PageTemplates> => templatesOf(LOCALES, renderBallotParts, ballotPartsId);

/** The /vote page's template for its preview (src/features/polls/preview.ts): English, as the page is. */
export const listTemplates = (): Promise<PageTemplates> => templatesOf(['en'], renderListParts, listPartsId);

async function markupOf(what: string, app: ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <PrerenderQueries value={answers()}>
      <StrictMode>{app}</StrictMode>
    </PrerenderQueries>,
    {
      // A finished boundary bigger than this is written out of order (a hidden copy and a script to move it).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const html = await text(prelude);
  if (errors.length > 0) {
    const first = errors[0];
    throw new Error(`prerender: ${what} threw while rendering (${errors.length} error${errors.length > 1 ? 's' : ''}): ${first instanceof Error ? (first.stack ?? first.message) : String(first)}`);
  }
  return html;
}
