import type { Plugin } from 'vite';
// @ts-expect-error — plain ESM helper shared with firebase.json's test
import { buildCsp, connectHostsFor, frameHostsFor } from '../scripts/csp.mjs';

/** Writes the Content-Security-Policy into index.html for the hosts this build talks to. */
export function cspMeta(env: Record<string, string>): Plugin {
  return {
    name: 'town-square-csp',
    apply: 'build',
    transformIndexHtml(html) {
      const policy = (buildCsp as (o: object) => string)({ connect: connectHostsFor(env), frames: frameHostsFor(env), meta: true });
      return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}
