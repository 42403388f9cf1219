import type { ReactElement, ReactNode } from 'react';
import { BackIcon } from '../../ui/icons';

/**
 * The 55 px back bar of the landing's inner views. Unlike PageHeader it does not go back in history:
 * Event Details and Coming soon live inside the landing route, so "back" means the category menu (spec §4).
 */
export function BackBar({ label, onBack, children }: { label: string; onBack: () => void; children: ReactNode }): ReactElement {
  return (
    <header className="page-header">
      <button type="button" className="icon-btn" onClick={onBack} aria-label={label}>
        <BackIcon />
      </button>
      {children}
    </header>
  );
}
