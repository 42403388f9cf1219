import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function ChatScreen(): ReactElement {
  return <TitleOnly title="Chat" note="Coming soon." />;
}
