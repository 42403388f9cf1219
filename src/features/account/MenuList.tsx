import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';

// The account screens' list rows: whole-row targets, 52 px tall, with a chevron for "goes somewhere" (it points to
// the reading end: .icon-flip mirrors it right-to-left).
const Chevron = (): ReactElement => (
  <svg className="icon-flip" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="m9 18 6-6-6-6" />
  </svg>
);

export interface MenuLinkItem {
  to: string;
  label: string;
  hint?: string;
  extra?: ReactNode;
}

export function MenuLink({ to, label, hint, extra }: MenuLinkItem): ReactElement {
  return (
    <Link to={to} className="menu-row">
      <span className="menu-row-text">
        <span className="menu-row-label">{label}</span>
        {hint ? <span className="menu-row-hint">{hint}</span> : null}
      </span>
      {extra}
      <Chevron />
    </Link>
  );
}

export function MenuList({ label, children }: { label?: string; children: ReactNode }): ReactElement {
  return (
    <ul className="menu-list" aria-label={label}>
      {children}
    </ul>
  );
}
