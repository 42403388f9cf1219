import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function StoriesScreen(): ReactElement {
  return <TitleOnly title="2025 Vanguard Honorees" note="Coming soon." />;
}
