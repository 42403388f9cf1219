import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function CreatePollScreen(): ReactElement {
  return <TitleOnly title="Create Your Own Poll" note="Coming soon." />;
}
