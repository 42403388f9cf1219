import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazyScreen';
import { rootRoute } from './__root';
import { uidSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sync',
  validateSearch: uidSearch,
  component: lazyScreen(() => import('../features/outbox/SyncQueueScreen'), 'SyncQueueScreen'),
});
