// The JS a prerendered page loads up front, read from its HTML, for the size check (scripts/check-size.mjs) and the
// bench (scripts/bench/measure.mjs). A full page names it in <script src> and <link rel="modulepreload"> (the
// screen's own chunks between <!--preloads--> markers); a deferred page (the landing, /vote, the ballot: routes.mjs
// `deferred`) names it on src/boot.ts's tag instead, which asks for it after the first paint: the entry in
// data-app-entry, then data-app-preload (the entry's imports, then the screen's chunks).

const PRELOADS = /<!--preloads-->([\s\S]*?)<!--\/preloads-->/;
const jsIn = (text) => [...text.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const listed = (value) => (value ?? '').split(/\s+/).filter(Boolean).map((href) => href.replace(/^\//, ''));

/**
 * `entry`: the scripts the page or its boot tag load as the app's entry (the boot script, the entry); `preloads`:
 * everything else it asks for up front (the screen's chunks, and on a deferred page the entry's imports too:
 * callers take the entry's static imports out); `stages`: the framework chunks the boot tag has evaluated one task
 * each (data-app-stages). Files relative to the build folder ('assets/…').
 */
export function pageScripts(html) {
  const outside = html.replace(PRELOADS, '');
  const boot = /<script\b[^>]*\bdata-app-entry="([^"]+)"[^>]*>/.exec(outside);
  const attribute = (name) => (boot ? new RegExp(`\\b${name}="([^"]*)"`).exec(boot[0])?.[1] : undefined);
  const preload = attribute('data-app-preload');
  const entry = [...new Set([...jsIn(outside), ...listed(boot?.[1])])];
  const preloads = [...new Set([...jsIn(PRELOADS.exec(html)?.[1] ?? ''), ...listed(preload)])].filter((f) => !entry.includes(f));
  return { entry, preloads, stages: listed(attribute('data-app-stages')) };
}
