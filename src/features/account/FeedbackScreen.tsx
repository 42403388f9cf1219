import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Placeholder until its issue lands (see README, "Screens still to build").
export function FeedbackScreen(): ReactElement {
  return <TitleOnly title="Leave Feedback" note="Coming soon." />;
}
