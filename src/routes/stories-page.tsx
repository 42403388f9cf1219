import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { uidSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stories-page',
  validateSearch: uidSearch,
  component: lazyScreen(() => import('../features/awards/StoriesScreen'), 'StoriesScreen'),
});
