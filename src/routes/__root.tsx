import { createRootRoute } from '@tanstack/react-router';
import { ErrorView } from '../app/ErrorView';
import { lazyScreen } from '../app/lazyScreen';
import { RootLayout } from '../app/RootLayout';

export const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorView error={error} />,
  // Rare, so out of the entry chunk; a failed load shows the route's error view.
  notFoundComponent: lazyScreen(() => import('../app/NotFound'), 'NotFound'),
});
