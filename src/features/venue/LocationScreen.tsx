import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function LocationScreen(): ReactElement {
  return <TitleOnly title="Location" note="Coming soon." />;
}
