import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { uidSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/governors',
  validateSearch: uidSearch,
  component: lazyScreen(() => import('../features/civic/ListsScreens'), 'GovernorsScreen'),
});
