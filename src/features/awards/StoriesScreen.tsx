import type { ReactElement } from 'react';
import { HonoreesPage } from './HonoreesPage';

/** /stories-page (spec §2). */
export function StoriesScreen(): ReactElement {
  return <HonoreesPage />;
}
