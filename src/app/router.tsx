import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { ErrorView } from './ErrorView';
import { routeTree } from '../routes/routeTree';

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
