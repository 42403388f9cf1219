// Namespaces whose messages in another language travel in a chunk of their own (build/catalogs.ts), fetched with the
// screens that show them, not in the language's one chunk that every visitor in that language downloads: the
// organisers' console (~1.5 kB gz a language) is read by no attendee; the chat's assistant (its answers, ~1.7 kB gz a
// language) only by those who open Chat — moved out when the polls' new screens (issue #54) took the language chunk past
// its 12 kB. Also what scripts/i18n-check.mjs budgets apart.
export const OWN_CHUNK_NAMESPACES = ['organiser', 'assistant'];
