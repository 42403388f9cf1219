// Icons used only by the awards screens (same drawing rules as src/app/icons.tsx: decorative, 24 px).
import type { ReactElement } from 'react';
import type { SocialNetwork } from './people';

const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

// The chevrons point (previous, next, "go on"): mirrored right-to-left by their class (src/app/styles.css).
export const ChevronLeft = (): ReactElement => (<svg {...base} className="icon-flip"><path d="M15 18 9 12l6-6" /></svg>);
export const ChevronRight = (): ReactElement => (<svg {...base} className="icon-flip"><path d="m9 18 6-6-6-6" /></svg>);
export const PauseIcon = (): ReactElement => (<svg {...base}><path d="M9 5v14M15 5v14" /></svg>);
export const PlayIcon = (): ReactElement => (<svg {...base}><path d="M7 4.5v15l12-7.5Z" /></svg>);
export const CalendarIcon = (): ReactElement => (<svg {...base}><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" /></svg>);
export const ExternalIcon = (): ReactElement => (<svg {...base} width={18} height={18}><path d="M14 4h6v6M20 4l-9 9M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" /></svg>);

const SOCIAL_PATHS: Record<SocialNetwork, ReactElement> = {
  insta: (<><rect x="3" y="3" width="18" height="18" rx="5" /><circle cx="12" cy="12" r="4" /><circle cx="17.5" cy="6.5" r=".8" fill="currentColor" /></>),
  twitter: (<path d="M4 4l16 16M20 4 4 20" />),
  facebook: (<path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8Z" />),
  youtube: (<><rect x="2.5" y="5.5" width="19" height="13" rx="4" /><path d="m10 9 5 3-5 3Z" fill="currentColor" /></>),
  tiktok: (<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 4.5" />),
};

export function SocialIcon({ network }: { network: SocialNetwork }): ReactElement {
  return <svg {...base}>{SOCIAL_PATHS[network]}</svg>;
}
