import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function WebViewerScreen(): ReactElement {
  return <TitleOnly title="Web viewer" note="Coming soon." />;
}
