import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { voteSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vote',
  validateSearch: voteSearch,
  component: lazyScreen(() => import('../features/polls/PollsListScreen'), 'PollsListScreen'),
});
