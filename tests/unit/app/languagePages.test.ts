// The doors in Spanish and Arabic before the app (issue #56): the English page's pick of the visitor's language and
// the other language's page putting the address back, run here as the page runs them, over generated visitors.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
// @ts-expect-error — plain ESM helper
import { ADDRESS_SCRIPT, LANGUAGE_SCRIPT, localPath, withLanguage } from '../../../scripts/prerender/languages.mjs';
import { browserLocale } from '../../../src/lib/visitLocale';

interface Visitor { pathname: string; search: string; hash?: string; saved?: string | null; languages?: readonly string[]; storageBlocked?: boolean }

/** Where the English page sends the visitor, if anywhere. */
function pick({ pathname, search, hash = '', saved = null, languages = ['en-US'], storageBlocked = false }: Visitor): string | undefined {
  let to: string | undefined;
  const localStorage = { getItem: (k: string) => { if (storageBlocked) throw new Error('blocked'); return k === 'town-square.locale' ? saved : null; } };
  runInNewContext(LANGUAGE_SCRIPT as string, { location: { pathname, search, hash, replace: (u: string) => { to = u; } }, localStorage, navigator: { languages, language: languages[0] }, URLSearchParams, String });
  return to;
}

describe('the English page of a door that exists in Spanish and Arabic', () => {
  it('sends a link\'s choice, else the saved one, else the browser\'s first language the app has — the app\'s own order', () => {
    expect(pick({ pathname: '/', search: '?lang=es' })).toBe('/es?lang=es');
    expect(pick({ pathname: '/', search: '', saved: 'ar' })).toBe('/ar');
    expect(pick({ pathname: '/one-icon', search: '?id=h1', languages: ['es-MX', 'en'] })).toBe('/es/one-icon?id=h1');
    expect(pick({ pathname: '/', search: '', languages: ['fr-FR', 'ar-EG'] })).toBe('/ar');
    expect(pick({ pathname: '/', search: '?category=fashion', hash: '#x', languages: ['ar'] })).toBe('/ar?category=fashion#x');
    // English stays: by choice (saved, linked) or by the browser; and so does anything the app does not have.
    expect(pick({ pathname: '/', search: '?lang=en', saved: 'es' })).toBeUndefined();
    expect(pick({ pathname: '/', search: '', saved: 'en', languages: ['es'] })).toBeUndefined();
    expect(pick({ pathname: '/', search: '', languages: ['en-GB', 'es'] })).toBeUndefined();
    expect(pick({ pathname: '/', search: '?lang=pseudo' })).toBeUndefined();
    expect(pick({ pathname: '/', search: '?lang=//evil.example' })).toBeUndefined();
    // A value the app does not know is no choice, in the address or in storage: the browser's language decides.
    expect(pick({ pathname: '/', search: '?lang=xx', languages: ['es'] })).toBe('/es?lang=xx');
    expect(pick({ pathname: '/', search: '', saved: 'xx', languages: ['ar'] })).toBe('/ar');
    // Storage blocked: the browser's language decides, as in the app.
    expect(pick({ pathname: '/', search: '', storageBlocked: true, languages: ['es'] })).toBe('/es');
  });

  it('agrees with the app on every generated visitor, and only ever sends to /es or /ar of the same page', () => {
    const tag = fc.constantFrom('en', 'en-US', 'es', 'es-MX', 'ar', 'ar-EG', 'fr', 'de-DE', 'pt-BR', 'ES', 'Ar');
    const known = (v: string | null): string | null => (v === 'en' || v === 'es' || v === 'ar' || v === 'pseudo' ? v : null);
    fc.assert(fc.property(fc.array(tag, { minLength: 1, maxLength: 4 }), fc.option(fc.constantFrom('en', 'es', 'ar', 'pseudo', 'xx')), fc.option(fc.constantFrom('en', 'es', 'ar', 'pseudo', 'xx', '')), fc.constantFrom('/', '/home', '/one-icon'), (languages, saved, linked, pathname) => {
      const search = linked === null ? '' : `?lang=${linked}`;
      const to = pick({ pathname, search, saved, languages });
      // src/lib/visitLocale.ts: a link's language, else the saved one, else the browser's.
      const app = known(linked) ?? known(saved) ?? browserLocale(languages);
      if (app === 'es' || app === 'ar') expect(to).toBe(localPath(app, pathname) + search);
      else expect(to).toBeUndefined();
    }));
  });
});

describe('a door\'s page in Spanish or Arabic', () => {
  const restore = (pathname: string, search = '', hash = '') => {
    let now: string | undefined;
    runInNewContext(ADDRESS_SCRIPT as string, { location: { pathname, search, hash }, history: { state: null, replaceState: (_s: unknown, _t: string, u: string) => { now = u; } }, URLSearchParams });
    return now;
  };
  it('puts the address back, with the language for the app to start in', () => {
    expect(restore('/es')).toBe('/?lang=es');
    expect(restore('/ar/one-icon', '?id=h1', '#top')).toBe('/one-icon?id=h1&lang=ar#top');
    expect(restore('/es', '?lang=es')).toBe('/?lang=es');
    expect(restore('/escape')).toBeUndefined();
    expect(restore('/one-icon')).toBeUndefined();
  });
  it('says its language and direction on <html>', () => {
    expect(withLanguage('<html lang="en" dir="ltr"><head>', 'ar')).toBe('<html lang="ar" dir="rtl"><head>');
    expect(withLanguage('<html lang="en" dir="ltr"><head>', 'es')).toBe('<html lang="es" dir="ltr"><head>');
    expect(localPath('es', '/')).toBe('/es');
  });
});
