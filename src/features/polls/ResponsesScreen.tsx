import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function ResponsesScreen(): ReactElement {
  return <TitleOnly title="Poll responses" note="Coming soon." />;
}
