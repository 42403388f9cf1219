import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { rootRoute } from './__root';
import { idSearch } from './searchSchemas';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/responses',
  validateSearch: idSearch,
  component: lazyScreen(() => import('../features/polls/ResponsesScreen'), 'ResponsesScreen'),
});
