// Every official's profile as a page of its own (issue #56): a link someone shares — `/onegovernor?q=Gretchen%20Whitmer`,
// `/profile?q=President%20profile`, `/minister?q=Marco%20Rubio` — shows that person on a first visit before the app's
// JavaScript, from a static host. A static host answers every query of /onegovernor with the same file, so each
// person also has a path (`/people/governor-michigan`), a prerendered page with the person in it. The profile
// route's own page sends a shared link there at once (REDIRECT_SCRIPT, first in its <head>, with the route's names →
// paths as data); the person's page puts the spec's address back in the address bar before the app starts
// (ADDRESS_SCRIPT), so the app, a reload, a bookmark and a share all keep the spec's URL. With the service worker in
// control neither runs: the worker stitches the person into the route's page itself, and answers a `/people/…` path
// with a redirect to the spec's address (sw/sw.ts, the manifest's `aliases`).
//
// Both scripts are constants, allowed by their hash in the Content-Security-Policy (scripts/csp.mjs); what varies
// (the names and paths) is JSON data, which runs nothing. Plain ES2019, no imports.

/** The kinds of the people rows (src/data/loader.ts PACK_KIND), for the path. */
const KIND_OF_PACK = { executive: 'executive', cabinet: 'cabinet', governors: 'governor', michigan: 'michigan', court: 'court' };

/** The person's own path: `/people/<kind>-<id>` (ids are slugs: the pack schemas check them). */
export const personPath = (pack, entry) => `/people/${KIND_OF_PACK[pack]}-${entry.id}`;

/** The file a static host serves for that path (firebase.json cleanUrls, Vite's preview). */
export const personFile = (path) => `${path.slice(1)}.html`;

/**
 * On a profile route's page: when the address is `?q=<a name this route knows>` and nothing else, go to that
 * person's page instead (location.replace: Back does not return to the empty frame). Anything else — an unknown
 * name, more parameters — stays, and the app answers it as before.
 */
export const REDIRECT_SCRIPT =
  '(function(){var d=document.getElementById("people-paths");if(!d)return;var m=JSON.parse(d.textContent||"{}"),' +
  's=new URLSearchParams(location.search),k=[];s.forEach(function(v,n){k.push(n)});var q=s.get("q");' +
  'if(k.length===1&&q!==null&&Object.prototype.hasOwnProperty.call(m,q))location.replace(m[q])})()';

/** On a person's page: the spec's address (`data-address`) back in the address bar, before the app reads it. */
export const ADDRESS_SCRIPT =
  '(function(){var s=document.currentScript,a=s&&s.getAttribute("data-address");if(a&&location.pathname.indexOf("/people/")===0)history.replaceState(history.state,"",a)})()';

const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a <script> element: `<` escaped so no value can close it. */
const inlineJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Where the scripts go: right after the Content-Security-Policy (which must come before any script it governs;
 * and the charset before it stays within the first 1024 bytes), ahead of every stylesheet and preload.
 */
function afterPolicy(html) {
  const csp = html.indexOf('http-equiv="Content-Security-Policy"');
  const at = csp === -1 ? html.indexOf('<meta charset') : csp;
  if (at === -1) throw new Error('prerender: a profile page without its charset or policy');
  return html.indexOf('>', at) + 1;
}

/** `code` as an inline script first thing after the policy. */
export function withScriptFirst(html, code, attrs = '') {
  const at = afterPolicy(html);
  return html.slice(0, at) + `<script${attrs}>${code}</script>` + html.slice(at);
}

/** The route page, with the names → paths data and the redirect first thing after the policy. */
export function withRedirect(html, paths) {
  const at = afterPolicy(html);
  const block = `<script type="application/json" id="people-paths">${inlineJson(paths)}</script><script>${REDIRECT_SCRIPT}</script>`;
  return html.slice(0, at) + block + html.slice(at);
}

/**
 * A person's page: the route's page with the person in its slot, the spec's address restored first thing, and the
 * person's name in the title (what a shared link's preview and a search result show).
 */
export function personPage(routeHtml, [start, end], fragment, { address, name }) {
  const page = routeHtml.slice(0, start) + fragment + routeHtml.slice(end);
  const at = afterPolicy(page);
  const withScript = page.slice(0, at) + `<script data-address="${attr(address)}">${ADDRESS_SCRIPT}</script>` + page.slice(at);
  return withScript.replace(/<title>[^<]*<\/title>/, `<title>${attr(name)} — Town Square</title>`);
}

/** A page's own <meta> policy, allowing these inline scripts as well (the header policy always does: scripts/csp.mjs). */
export function allowInlineScripts(html, hashes) {
  const at = html.indexOf("script-src 'self' ");
  if (at === -1 || html.indexOf('http-equiv="Content-Security-Policy"') === -1) return html;
  const after = at + "script-src 'self' ".length;
  return html.slice(0, after) + hashes.join(' ') + ' ' + html.slice(after);
}
