import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function VoterResourcesScreen(): ReactElement {
  return <TitleOnly title="Voter resources" note="Coming soon." />;
}
