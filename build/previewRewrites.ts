import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `vite preview` serves like firebase.json: /local → local.html (cleanUrls), / → index.html, and every other
 * path → app.html, the shell with nothing prerendered (Vite's own fallback would send the landing's HTML).
 */
export function previewRewrites(): Plugin {
  return {
    name: 'town-square-preview-rewrites',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const accept = req.headers.accept ?? '';
        const isPage = req.method === 'GET' && (accept.includes('text/html') || accept === '' || accept.includes('*/*'));
        if (isPage && url.pathname !== '/' && !/\.[^/]+$/.test(url.pathname) && !existsSync(join(outDir, `${url.pathname}.html`)) && existsSync(join(outDir, 'app.html'))) {
          req.url = `/app.html${url.search}`;
        }
        next();
      });
    },
  };
}
