import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './__root';
import { uidSearch } from './searchSchemas';

/** The outbox's address until 2026-11: links saved or shared before then still open it. */
export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sync',
  validateSearch: uidSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/outbox', search, replace: true });
  },
});
