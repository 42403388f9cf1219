import type { ReactElement } from 'react';

// The controls' icons (back, close): apart from the navigation's (src/app/icons.tsx), which the entry chunk carries.
const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;
export const BackIcon = (): ReactElement => (<svg {...base} className="icon-flip"><path d="M15 18 9 12l6-6" /></svg>);
export const CloseIcon = (): ReactElement => (<svg {...base}><path d="M6 6l12 12M18 6 6 18" /></svg>);
