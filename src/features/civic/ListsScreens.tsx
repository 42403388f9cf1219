import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function CabinetScreen(): ReactElement {
  return <TitleOnly title="The Cabinet" note="Coming soon." />;
}

export function GovernorsScreen(): ReactElement {
  return <TitleOnly title="Governors" note="Coming soon." />;
}

export function MichiganScreen(): ReactElement {
  return <TitleOnly title="Michigan officials" note="Coming soon." />;
}

export function CourtScreen(): ReactElement {
  return <TitleOnly title="Michigan Supreme Court candidates" note="Coming soon." />;
}
