import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function CivicHubScreen(): ReactElement {
  return <TitleOnly title="Civic information" note="Coming soon." />;
}
