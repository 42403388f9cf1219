import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { presentSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/organiser',
  validateSearch: presentSearch,
  component: lazyScreen(() => import('../features/organiser/OrganiserScreen'), 'OrganiserScreen'),
});
