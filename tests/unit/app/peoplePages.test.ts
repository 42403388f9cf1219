// Every official's own page (issue #56): the redirect a profile route's page runs for a shared link, the address
// a person's page puts back, and what the worker does with a person's path. The two scripts run here as the page
// runs them (plain functions of `location` and `document`), over generated addresses.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
// @ts-expect-error — plain ESM helper
import { ADDRESS_SCRIPT, personFile, personPage, personPath, REDIRECT_SCRIPT, withRedirect } from '../../../scripts/prerender/people.mjs';
import { aliasOf, type PageManifest } from '../../../sw/pageManifest';

const PATHS: Record<string, string> = { 'Gretchen Whitmer': '/people/governor-michigan', 'Kay Ivey': '/people/governor-alabama' };

/** Runs the redirect on a page at `search`: where it sends the visitor, if anywhere. */
function redirectFrom(search: string, paths: Record<string, string> | null = PATHS): string | undefined {
  let target: string | undefined;
  const document = { getElementById: (id: string) => (id === 'people-paths' && paths ? { textContent: JSON.stringify(paths) } : null) };
  const location = { search, replace: (to: string) => { target = to; } };
  runInNewContext(REDIRECT_SCRIPT as string, { document, location, URLSearchParams });
  return target;
}

describe('a shared link on a profile route\'s page', () => {
  it('goes to the person\'s own page when the address is exactly ?q=<a name the route knows>', () => {
    expect(redirectFrom('?q=Gretchen%20Whitmer')).toBe('/people/governor-michigan');
    expect(redirectFrom('?q=Gretchen+Whitmer')).toBe('/people/governor-michigan');
    expect(redirectFrom('?q=Kay%20Ivey')).toBe('/people/governor-alabama');
  });

  it('stays for anything else: an unknown name, another parameter, no query, no data on the page', () => {
    for (const search of ['', '?q=', '?q=gretchen%20whitmer', '?q=Nobody', '?q=Gretchen%20Whitmer&uid=7', '?id=Gretchen%20Whitmer', '?q=toString', '?q=__proto__', '?q=constructor']) {
      expect(redirectFrom(search), search).toBeUndefined();
    }
    expect(redirectFrom('?q=Gretchen%20Whitmer', null)).toBeUndefined();
  });

  it('never sends anyone anywhere but a page the build wrote, whatever the address holds (generated addresses)', () => {
    const targets = new Set(Object.values(PATHS));
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom('q', 'uid', 'id', 'Q', '__proto__'), fc.oneof(fc.constantFrom(...Object.keys(PATHS), 'javascript:alert(1)', '//evil.example', '/people/x'), fc.string())), { maxLength: 3 }), (pairs) => {
      const search = `?${new URLSearchParams(pairs).toString()}`;
      const to = redirectFrom(search);
      if (to !== undefined) {
        expect(targets.has(to)).toBe(true);
        expect(pairs).toHaveLength(1);
      }
    }));
  });
});

/** Runs the person page's script at `pathname` with its data-address: the address it leaves in the bar. */
function addressAfter(pathname: string, address: string | null): string {
  let now = pathname;
  const script = { getAttribute: (n: string) => (n === 'data-address' ? address : null) };
  const history = { state: null, replaceState: (_s: unknown, _t: string, to: string) => { now = to; } };
  runInNewContext(ADDRESS_SCRIPT as string, { document: { currentScript: script }, location: { pathname }, history });
  return now;
}

describe('a person\'s own page', () => {
  it('puts the spec\'s address back before the app reads it, and only on a person\'s path', () => {
    expect(addressAfter('/people/governor-michigan', '/onegovernor?q=Gretchen%20Whitmer')).toBe('/onegovernor?q=Gretchen%20Whitmer');
    expect(addressAfter('/onegovernor', '/onegovernor?q=Gretchen%20Whitmer')).toBe('/onegovernor');
    expect(addressAfter('/people/governor-michigan', null)).toBe('/people/governor-michigan');
  });

  it('is the route\'s page with the person in its slot, the script first after the policy, the name in the title (escaped)', () => {
    const route = '<!doctype html><html><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="x"><title>Town Square — Detroit</title></head><body><!--prerender--><!--/prerender--></body></html>';
    const start = route.indexOf('<!--prerender-->') + '<!--prerender-->'.length;
    const page = personPage(route, [start, start], '<h2>A & "B"</h2>', { address: '/onegovernor?q=A%20%26%20%22B%22', name: 'A & "B" <x>' }) as string;
    expect(page).toContain('<meta http-equiv="Content-Security-Policy" content="x"><script data-address="/onegovernor?q=A%20%26%20%22B%22">');
    expect(page).toContain('<title>A &amp; &quot;B&quot; &lt;x> — Town Square</title>');
    expect(page).toContain('<!--prerender--><h2>A & "B"</h2><!--/prerender-->');
    // The route's page gets the names as data (a name cannot close the element) and the redirect, before the title.
    const sent = withRedirect(route, { '</script><script>alert(1)</script>': '/people/x' }) as string;
    expect(sent).not.toContain('</script><script>alert(1)');
    expect(sent.indexOf('id="people-paths"')).toBeLessThan(sent.indexOf('<title>'));
    expect(personPath('governors', { id: 'michigan' })).toBe('/people/governor-michigan');
    expect(personFile('/people/governor-michigan')).toBe('people/governor-michigan.html');
  });

  it('with the worker in control, a person\'s path is redirected to the spec\'s address; any other path is not', () => {
    const manifest: PageManifest = { version: 1, pages: {}, shell: '/prerender/app.html', people: '/prerender/people.json', aliases: { '/people/governor-michigan': '/onegovernor?q=Gretchen%20Whitmer' } };
    expect(aliasOf(manifest, '/people/governor-michigan')).toBe('/onegovernor?q=Gretchen%20Whitmer');
    expect(aliasOf(manifest, '/people/toString')).toBeUndefined();
    expect(aliasOf({ ...manifest, aliases: undefined } as unknown as PageManifest, '/people/governor-michigan')).toBeUndefined();
  });
});
