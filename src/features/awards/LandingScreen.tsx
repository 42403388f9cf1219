import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function LandingScreen(): ReactElement {
  return <TitleOnly title="Detroit Fashion Choice Awards" note="Coming soon." />;
}
