import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { landingSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: landingSearch,
  component: lazyScreen(() => import('../features/awards/LandingScreen'), 'LandingScreen'),
});
