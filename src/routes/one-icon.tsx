import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazyScreen';
import { rootRoute } from './__root';
import { idSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/one-icon',
  validateSearch: idSearch,
  component: lazyScreen(() => import('../features/awards/OneIconScreen'), 'OneIconScreen'),
});
