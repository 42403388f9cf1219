// The names that join the build's /vote templates (ListParts.tsx, React) to the script that uses them before the
// app arrives (preview.ts, plain DOM): a file of its own, so the preview imports names, not React.

/** The parts, each a `data-part` wrapper around one piece of React's polls list (ListView.tsx). */
export const LIST_PARTS = ['poll-cards', 'poll-card', 'award-rows', 'award-open', 'award-closed', 'note'] as const;
export type ListPart = (typeof LIST_PARTS)[number];

/**
 * The messages the preview fills in (`{name}` left in place for a value) or shows as they are. `categories` comes
 * once per plural form of the language (`data-plural`), with `{count}` where the number goes.
 */
export const LIST_MESSAGES = ['viewLabel', 'voteLabel', 'categories', 'opensAt', 'pollsEmpty', 'awardsEmpty', 'someone', 'digits'] as const;
export type ListMessage = (typeof LIST_MESSAGES)[number];

/** The template of one language on the /vote page (English only: the page is English until the app arrives). */
export const listPartsId = (locale: string): string => `list-parts-${locale}`;
