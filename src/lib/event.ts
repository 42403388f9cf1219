// The event the app serves and its venue (spec §2, §9): shared by Event Details, Location and the info pages.
export const EVENT_TITLE = 'Detroit Fashion Choice Awards';
export const EVENT_DATE = '6th April, 7.00 PM';

/** The venue (spec §2 Location); keep the map fallback in src/features/venue/config.ts in step. */
export const VENUE = {
  name: 'Fox Theatre',
  street: '2211 Woodward Avenue',
  city: 'Detroit, MI 48201',
} as const;
