// Alphabetical order of short titles without Intl's collator. Why: the first `localeCompare` (or `new
// Intl.Collator`) on a page loads ICU's collation data — 17-24 ms unthrottled on this machine, ~80 ms at
// Lighthouse's 4x CPU — and the /vote preview and the award ballots sort their polls while the first screen is
// drawn (docs/benchmark-notes.md, 2026-11-29). The key folds what a reader does not weigh when scanning a list —
// letter case and accents — so "Ácido" files under A, not after "Zapato"; ties (the same words in another case
// or accent) fall back to the exact text, so the order is total and the same on every device.

/** Combining diacritical marks, left over once NFD has split "Á" into "A" + U+0301. */
const MARKS = /[\u0300-\u036f]/g;

/** The folded form a title sorts by. */
const sortKey = (text: string): string => text.normalize('NFD').replace(MARKS, '').toLowerCase();

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two titles for an alphabetical list: case and accents folded, then the exact text. */
export function compareTitles(a: string, b: string): number {
  return a === b ? 0 : byCodePoint(sortKey(a), sortKey(b)) || byCodePoint(a, b);
}
