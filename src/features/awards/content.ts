// Words and pictures of the awards section (written for this app; the artwork lives in public/awards/).
// Languages (issue #22): what describes the artwork (alt texts, the banner's label) is interface and follows the
// language (message ids here, translated when shown); the organisation's own prose (mission, vision, the
// honorees' introduction) is content: English here, in Spanish and Arabic in localContent/<lang>.json (issue #57),
// and English marked lang="en" wherever a translation is missing.
import { formatNumber } from '../../lib/intl';
import { t as tCommon } from '../../lib/t';
import type { Category } from './categories';
import { HONOREES_YEAR } from './config';
import { t } from './t';

export interface Banner {
  /** The artwork, with no lettering in it: the words are text laid over it (`bannerWords`), so they translate. */
  src: string;
  /** The banner's words as one sentence, for the image's alt text and the slide picker (`bannerAlt`). */
  alt: 'awards.banner.event' | 'awards.banner.style' | 'awards.banner.honorees' | 'awards.banner.vote';
  /** Which arrangement of words the artwork leaves room for (a class in awards.css). */
  layout: 'event' | 'style' | 'honorees' | 'vote';
  /** Where tapping the banner leads, if anywhere, and the label that shows it can be tapped. */
  href?: '/vote';
  cta?: 'awards.banner.cta';
}

export const BANNERS: readonly Banner[] = [
  { src: '/awards/banner-1.svg', alt: 'awards.banner.event', layout: 'event' },
  // Voting second, right after the event (issue #57: it was the fourth of four, seen last or not at all). The award
  // ballots are listed first on /vote (and saved on the device, so this works offline too).
  { src: '/awards/banner-4.svg', alt: 'awards.banner.vote', layout: 'vote', href: '/vote', cta: 'awards.banner.cta' },
  { src: '/awards/banner-2.svg', alt: 'awards.banner.style', layout: 'style' },
  { src: '/awards/banner-3.svg', alt: 'awards.banner.honorees', layout: 'honorees' },
];

/** The lines drawn over a banner: a small kicker, the big title, and a line under it. */
export interface BannerWords {
  kicker: string;
  title: string;
  sub?: string;
  /** The event's name is a name: English in every language (docs/i18n.md). */
  lang?: 'en';
}

/** A banner's words in the current language (issue #35: they used to be drawn into the pictures, in English). */
export function bannerWords(banner: Banner): BannerWords {
  switch (banner.layout) {
    case 'event':
      return { kicker: 'Detroit', title: 'Fashion Choice Awards', sub: tCommon('common.event.date'), lang: 'en' };
    case 'style':
      return { kicker: t('awards.banner.styleKicker'), title: t('awards.banner.styleTitle') };
    case 'honorees':
      return { kicker: t('awards.banner.honoreesKicker'), title: t('awards.banner.honoreesTitle', { year: honoreesYear() }) };
    case 'vote':
      return { kicker: t('awards.banner.voteKicker'), title: t('awards.banner.voteTitle'), sub: t('awards.banner.voteSub') };
  }
}

/** The honorees' year as a message value: the language's digits, no thousands separator. */
export const honoreesYear = (): string => formatNumber(HONOREES_YEAR, { useGrouping: false });

/** A banner's alt text in the current language (English: exactly the banner's lettering, as before). */
export const bannerAlt = (banner: Banner): string => t(banner.alt, { date: tCommon('common.event.date'), year: honoreesYear() });
/** The artwork's intrinsic size: explicit width/height let the browser reserve the space (no layout shift). */
export const BANNER_SIZE = { width: 1200, height: 600 } as const;
export const CATEGORY_SIZE = { width: 400, height: 300 } as const;
export const EVENT_IMAGE = { src: '/awards/event.svg', alt: 'awards.event.image', width: 1200, height: 675 } as const;

export const categoryImage = (c: Category): string => `/awards/category-${c}.svg`;

/** The organisation's own words in English (their translations: localContent.ts). */
export const MISSION =
  'To celebrate the designers, stylists, makers and community builders who make Detroit one of America’s most inventive style cities — and to open doors for the next generation of local talent through mentoring, showcases and a night that is theirs.';

export const VISION =
  'A Detroit where every neighborhood’s creativity has a runway, where homegrown fashion is a real career path, and where the city’s style is recognized around the world.';

export const HONOREES_INTRO =
  'Each year we honor the trendsetters who shape how Detroit looks and feels — designers, tailors, milliners, stylists and the neighbors who dress a community with confidence. Meet this year’s Vanguard Honorees and read their stories.';
