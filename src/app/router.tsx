import { createRouter, parseSearchWith, stringifySearchWith, type RouterHistory } from '@tanstack/react-router';
import { ErrorView } from './ErrorView';
import { lazyScreen } from '../ui/lazyScreen';
import { RootLayout } from './RootLayout';
import { routeTree } from '../routes/routeTree';

// The shell around every screen, given to the root route (the tree is the root route with its children) here,
// rather than imported by it (routes/__root.tsx).
routeTree.update({
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorView error={error} />,
  // Rare, so out of the entry chunk; a failed load shows the route's error view.
  notFoundComponent: lazyScreen(() => import('./NotFound'), 'NotFound'),
});

// Plain strings in and out: `?id=20` stays "20" (not the number 20) and `?q=https://…` is never JSON-parsed.
const asString = (value: string): string => value;

/**
 * The app's router. `history`: a build's render in Node (src/app/server.tsx) passes a memory history; the browser
 * passes none (the address bar's). Scroll restoration only in the browser: in a server render TanStack Router writes
 * an inline <script> for it into the page, which the Content-Security-Policy would block.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    parseSearch: parseSearchWith(asString),
    stringifySearch: stringifySearchWith(String),
    defaultErrorComponent: ({ error }) => <ErrorView error={error} />,
    defaultPreload: 'intent',
    scrollRestoration: history === undefined,
    ...(history ? { history } : {}),
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
