import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { uidSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/create-poll',
  validateSearch: uidSearch,
  component: lazyScreen(() => import('../features/polls/CreatePollScreen'), 'CreatePollScreen'),
});
