import { Link } from '@tanstack/react-router';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { BackIcon } from '../../ui/icons';

/**
 * The 55 px back bar of the landing's inner views. Unlike PageHeader it does not go back in history:
 * Event Details and Coming soon live inside the landing route, so "back" means the category menu (spec §4).
 */
export function BackBar({ label, onBack, children }: { label: string; onBack: () => void; children: ReactNode }): ReactElement {
  return (
    <header className="page-header">
      <BackToMenu className="icon-btn" label={label} onBack={onBack}>
        <BackIcon />
      </BackToMenu>
      {children}
    </header>
  );
}

/**
 * A control back to the category menu: a real link to the landing without `?category=` (so it works in the
 * prerendered page before the app has arrived, issue #33), which the app turns into its own back (`onBack`:
 * history back when the menu is the previous entry, focus on the card the visitor came from).
 */
export function BackToMenu({ className, label, onBack, children }: { className: string; label?: string; onBack: () => void; children: ReactNode }): ReactElement {
  const back = (e: MouseEvent<HTMLAnchorElement>): void => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onBack();
  };
  return (
    <Link to="." search={({ category: _open, ...rest }: { category?: unknown }) => rest} className={className} aria-label={label} onClick={back}>
      {children}
    </Link>
  );
}
