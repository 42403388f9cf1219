import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { qSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  validateSearch: qSearch,
  component: lazyScreen(() => import('../features/civic/OfficialProfileScreen'), 'OfficialProfileScreen'),
});
