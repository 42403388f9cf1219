// The doors before the app in Spanish and Arabic (issue #56): the landing and the content pages around the event are
// prerendered in each language too (`/es`, `/ar/one-icon`… — files a static host serves), and a first visit gets
// the one its visitor reads. A static host cannot choose by the visitor's language, so the English page picks,
// first thing in its <head> (LANGUAGE_SCRIPT): the language a link asked for (`?lang=`, the landing's language
// links), else the one chosen before on this device, else the browser's first language the app has — the same
// order as the app (src/lib/visitLocale.ts) — and sends a Spanish or Arabic visitor to that page. The page in that
// language puts the address back (ADDRESS_SCRIPT), with `?lang=` so the app starts in the language on screen and
// keeps it. With the worker in control neither runs: it serves another language the app's shell (sw/sw.ts), and
// redirects a `/es…` path to the address with `?lang=` (the manifest's aliases).
//
// Both scripts are constants, allowed by their hashes (scripts/csp.mjs): in the header policy for every page, in a
// page's <meta> only where the prerender puts them. Plain ES2019, no imports.

/** The other languages the doors exist in (src/lib/locales.ts LOCALES, without English). */
export const PAGE_LANGUAGES = ['es', 'ar'];

/** Where a route's page in `lang` lives: `/es` for `/`, `/ar/one-icon` for `/one-icon`. */
export const localPath = (lang, path) => `/${lang}${path === '/' ? '' : path}`;

/** On an English page that exists in the other languages: go to the visitor's, if it is one of them. */
export const LANGUAGE_SCRIPT =
  '(function(){try{var L=["es","ar"],K=["en","es","ar","pseudo"],ok=function(v){return K.indexOf(v)>=0?v:null},' +
  'l=ok(new URLSearchParams(location.search).get("lang"));' +
  'if(l===null){try{l=ok(localStorage.getItem("town-square.locale"))}catch(e){}}' +
  'if(l===null){var n=navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){var b=String(n[i]).toLowerCase().split("-")[0];if(b==="en"||L.indexOf(b)>=0){l=b;break}}}' +
  'if(L.indexOf(l)<0)return;var p=location.pathname;location.replace("/"+l+(p==="/"?"":p)+location.search+location.hash)}catch(e){}})()';

/** On a page in Spanish or Arabic: the address without the language's prefix, with `?lang=` (the app's link parameter). */
export const ADDRESS_SCRIPT =
  '(function(){var m=/^\\/(es|ar)(\\/.*)?$/.exec(location.pathname);if(!m)return;var s=new URLSearchParams(location.search);s.set("lang",m[1]);' +
  'history.replaceState(history.state,"",(m[2]||"/")+"?"+s.toString()+location.hash)})()';

/** The page's language and direction on <html>. */
export function withLanguage(html, lang) {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const out = html.replace(/<html lang="en" dir="ltr">/, `<html lang="${lang}" dir="${dir}">`);
  if (out === html) throw new Error('prerender: a page without <html lang="en" dir="ltr">');
  return out;
}
