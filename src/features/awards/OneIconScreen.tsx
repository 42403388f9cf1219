import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function OneIconScreen(): ReactElement {
  return <TitleOnly title="Honoree" note="Coming soon." />;
}
