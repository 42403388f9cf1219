// Words and pictures of the awards section (written for this app; the artwork lives in public/awards/).
import type { Category } from './categories';

export interface Banner {
  src: string;
  /** Says what the banner's own lettering says, so nothing is only in the picture. */
  alt: string;
  /** Where tapping the banner leads, if anywhere, and the label that shows it can be tapped. */
  href?: '/vote';
  cta?: string;
}

export const BANNERS: readonly Banner[] = [
  { src: '/awards/banner-1.svg', alt: 'Detroit Fashion Choice Awards, 6th April, 7.00 PM' },
  { src: '/awards/banner-2.svg', alt: 'Celebrating Detroit style' },
  { src: '/awards/banner-3.svg', alt: 'Meet the 2025 Vanguard Honorees' },
  // The award ballots are listed first on /vote (and saved on the device, so this works offline too).
  { src: '/awards/banner-4.svg', alt: 'Cast your vote for your favorite fashion icons', href: '/vote', cta: 'Vote now' },
];
/** The artwork's intrinsic size: explicit width/height let the browser reserve the space (no layout shift). */
export const BANNER_SIZE = { width: 1200, height: 600 } as const;
export const CATEGORY_SIZE = { width: 400, height: 300 } as const;
export const EVENT_IMAGE = { src: '/awards/event.svg', alt: 'The runway stage of the Detroit Fashion Choice Awards', width: 1200, height: 675 } as const;

export const categoryImage = (c: Category): string => `/awards/category-${c}.svg`;

export const MISSION =
  'To celebrate the designers, stylists, makers and community builders who make Detroit one of America’s most inventive style cities — and to open doors for the next generation of local talent through mentoring, showcases and a night that is theirs.';

export const VISION =
  'A Detroit where every neighborhood’s creativity has a runway, where homegrown fashion is a real career path, and where the city’s style is recognized around the world.';

export const HONOREES_INTRO =
  'Each year we honor the trendsetters who shape how Detroit looks and feels — designers, tailors, milliners, stylists and the neighbors who dress a community with confidence. Meet this year’s Vanguard Honorees and read their stories.';
