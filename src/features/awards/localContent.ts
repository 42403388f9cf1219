// The event's own words in Spanish and Arabic (issue #57): the mission, the vision, the honorees' introduction, and
// the founder's and hosts' stories (demo content of content.ts and people.ts, translated in
// localContent/<lang>.json, one chunk a language, fetched only by a visitor reading that language). The honorees'
// stories carry their translations in their own documents (org-info, Story.i18n). Where a text has no translation
// the screen shows the English, marked lang="en" with the short note, as before.
import { useEffect, useState } from 'react';
import type { Story } from '../../db';
import { useLocale } from '../../lib/i18n';
import type { AnyLocale } from '../../lib/locales';
import type { Person } from './people';

export interface EventTexts {
  mission?: string;
  vision?: string;
  honoreesIntro?: string;
  /** By person id (people.ts): the founder's and hosts' summary and story. */
  people: Readonly<Record<string, { summary?: string; bio?: string }>>;
}

const FILES = import.meta.glob<unknown>('./localContent/*.json', { import: 'default' });
const cache = new Map<string, Promise<EventTexts>>();
/** The languages whose texts have arrived: a screen drawn after that has them at its first render (the build's too). */
const loaded = new Map<string, EventTexts>();

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Only well-formed texts are kept (a missing or malformed one shows the English). */
export function parseEventTexts(raw: unknown): EventTexts {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const people: Record<string, { summary?: string; bio?: string }> = {};
  const rawPeople = r.people && typeof r.people === 'object' ? (r.people as Record<string, unknown>) : {};
  for (const [id, p] of Object.entries(rawPeople)) {
    const q = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
    const summary = str(q.summary);
    const bio = str(q.bio);
    people[id] = { ...(summary ? { summary } : {}), ...(bio ? { bio } : {}) };
  }
  const mission = str(r.mission);
  const vision = str(r.vision);
  const honoreesIntro = str(r.honoreesIntro);
  return { ...(mission ? { mission } : {}), ...(vision ? { vision } : {}), ...(honoreesIntro ? { honoreesIntro } : {}), people };
}

/** A language's texts (the build's prerender awaits them before it renders that language's pages). */
export function loadEventTexts(lang: 'es' | 'ar'): Promise<EventTexts> {
  const known = cache.get(lang);
  if (known) return known;
  const file = FILES[`./localContent/${lang}.json`];
  const promise = (file ? file() : Promise.resolve(null)).then(parseEventTexts).then((texts) => {
    loaded.set(lang, texts);
    return texts;
  });
  // Offline before the chunk was ever cached: English now, another try next time.
  promise.catch(() => cache.delete(lang));
  cache.set(lang, promise);
  return promise;
}

const textLanguage = (locale: AnyLocale): 'es' | 'ar' | null => (locale === 'es' || locale === 'ar' ? locale : null);

/**
 * The event's texts in the visitor's language: `ready` once known (in English at once); until then a screen holds
 * those paragraphs back rather than flash the English (a local chunk: milliseconds).
 */
export function useEventTexts(): { ready: boolean; texts?: EventTexts; lang: 'es' | 'ar' | null } {
  const lang = textLanguage(useLocale());
  const [state, setLoaded] = useState<{ lang: string; texts: EventTexts } | null>(null);
  useEffect(() => {
    if (lang === null || loaded.has(lang)) return;
    let live = true;
    loadEventTexts(lang)
      .catch((): EventTexts => ({ people: {} }))
      .then((texts) => {
        if (live) setLoaded({ lang, texts });
      });
    return () => {
      live = false;
    };
  }, [lang]);
  if (lang === null) return { ready: true, lang };
  const known = loaded.get(lang);
  if (known) return { ready: true, texts: known, lang };
  return state?.lang === lang ? { ready: true, texts: state.texts, lang } : { ready: false, lang };
}

/** A text to show: the visitor's language where written, else the English (`en: true`, to be marked lang="en"). */
export interface LocalShown {
  text: string;
  en: boolean;
}

export const shown = (english: string, local: string | undefined, lang: 'es' | 'ar' | null): LocalShown =>
  lang !== null && local === undefined ? { text: english, en: true } : { text: local ?? english, en: false };

/** A person's story and award line in the visitor's language: the founder and hosts from the event texts, honorees from their story. */
export function personTexts(person: Person, lang: 'es' | 'ar' | null, texts: EventTexts | undefined, story: Story | undefined): { bio: LocalShown; award?: LocalShown; summary?: LocalShown } {
  const local = lang === null ? undefined : person.role !== undefined ? texts?.people[person.id] : story?.i18n?.[lang];
  const award = local && 'award' in local ? (local as { award?: string }).award : undefined;
  return {
    bio: shown(person.bio, local?.bio, lang),
    ...(person.award ? { award: shown(person.award, award, lang) } : {}),
    ...(person.summary ? { summary: shown(person.summary, (local as { summary?: string } | undefined)?.summary, lang) } : {}),
  };
}
