// Event constants (spec §2, §9) and the ticketing link, configurable per deployment.

export { DEFAULT_TICKETS_URL, EVENT_DATE, EVENT_END, EVENT_SET_ON, EVENT_START, EVENT_TIME_ZONE, EVENT_TITLE, VENUE, ticketsUrl } from '../../lib/event';
/** Honoree avatars shown on Event Details (spec §9). */
export const EVENT_HONOREE_COUNT = 4;
/** The year of the honorees shown ("2025 Vanguard Honorees"); a message placeholder, so it is written in the language's digits. */
export const HONOREES_YEAR = 2025;
