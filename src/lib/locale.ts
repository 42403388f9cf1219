// The language a visit starts in, ready before the first render (issue #22): which one is src/lib/visitLocale.ts
// (re-exported here for the app); this module loads its catalogs.
import type { AnyLocale } from './locales';
import { startingLocale } from './visitLocale';

export { browserLocale, LANG_PARAM, startingLocale } from './visitLocale';

/**
 * Before the first render: the language this visit starts in. English needs nothing loaded; another language
 * loads its catalogs first (lib/i18nSwitch.ts, out of the entry chunk — as is everything only another language needs).
 */
export function initLocale(locale: AnyLocale = startingLocale()): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  return import('./i18nSwitch')
    .then((m) => m.setLocale(locale, false))
    .catch(() => {
      // its catalog could not load (a first visit that lost the network): English rather than nothing
    });
}

