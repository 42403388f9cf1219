// Which language a visit starts in (issue #22). Browser-only (storage, the document): apart from src/lib/i18n.ts,
// which the service worker's outbox script also runs. Free of the language runtime and of any import() (only
// src/lib/locales.ts), so the pre-React ballot, built apart from the app, picks the language the app will start
// in; src/lib/locale.ts loads the runtime.
import { isLocale, LOCALES, STORAGE_KEY, type AnyLocale, type Locale } from './locales';


function saved(): AnyLocale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null; // storage blocked (private mode settings): the browser's language decides each visit
  }
}

/** The browser's first preferred language that the app has, else English. */
export function browserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (LOCALES.includes(base as Locale)) return base as Locale;
  }
  return 'en';
}

/** The query parameter of the landing's language links (`/?lang=es`): they work before the app has arrived. */
export const LANG_PARAM = 'lang';

/**
 * A language chosen by a link (`?lang=`), taken from the address and saved as a click in the app would save it.
 * The parameter is then dropped from the address (before the router reads it): kept, a reload would undo a later
 * choice made in the app.
 */
function linked(): AnyLocale | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(LANG_PARAM);
  if (value === null) return null;
  url.searchParams.delete(LANG_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (!isLocale(value)) return null;
  try {
    localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // not saved: this visit still starts in it
  }
  return value;
}

/**
 * Read when this module is first evaluated: src/main.tsx imports it before the router, whose history keeps the
 * address it finds when it is created.
 */
const fromLink = typeof window === 'undefined' ? null : linked();

/** The language this visit starts in: one a link asked for, else the one chosen before, else the browser's (when the app has it). */
export const startingLocale = (): AnyLocale => fromLink ?? saved() ?? browserLocale();
