import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function GovernorScreen(): ReactElement {
  return <TitleOnly title="Governor" note="Coming soon." />;
}

export function MinisterScreen(): ReactElement {
  return <TitleOnly title="Official" note="Coming soon." />;
}
