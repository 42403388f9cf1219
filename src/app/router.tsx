import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
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

export const router = createRouter({
  routeTree,
  parseSearch: parseSearchWith(asString),
  stringifySearch: stringifySearchWith(String),
  defaultErrorComponent: ({ error }) => <ErrorView error={error} />,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
