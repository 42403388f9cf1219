import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { uidSearch } from './searchSchemas';

/** The outbox: what waits to be sent, what was refused and why ("Waiting to send" in the menus). */
export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/outbox',
  validateSearch: uidSearch,
  component: lazyScreen(() => import('../features/outbox/OutboxScreen'), 'OutboxScreen'),
});
