import { createRootRoute } from '@tanstack/react-router';
import { ErrorView } from '../app/ErrorView';
import { NotFound } from '../app/NotFound';
import { RootLayout } from '../app/RootLayout';

export const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorView error={error} />,
  notFoundComponent: NotFound,
});
