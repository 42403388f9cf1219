import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { ballotSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/poll',
  validateSearch: ballotSearch,
  component: lazyScreen(() => import('../features/polls/PollScreen'), 'PollScreen'),
});
