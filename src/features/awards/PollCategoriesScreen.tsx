import type { ReactElement } from 'react';
import { HonoreesPage } from './HonoreesPage';

/** /poll-categories (the bottom nav's "Honorees"): the stories page in a full-height scrolling container. */
export function PollCategoriesScreen(): ReactElement {
  return <HonoreesPage scrolling />;
}
