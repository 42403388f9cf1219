// What a translation of an official's texts is a translation of (issue #57): the English fields each pack's
// translations cover, and the fingerprint of those English texts that each translation is stamped with.
// Plain JavaScript, so that both the app (src/data/localTexts.ts, which compares stamps) and the Node script that
// writes them (scripts/stamp-translations.mjs, run without a TypeScript loader) use this one copy.

/** The English fields each pack's translations cover (names, quotations, notes and sources are never translated). */
export const TRANSLATED_FIELDS = Object.freeze({
  executive: Object.freeze(['lgd1', 'lgd2h', 'lgd2', 'lgd3h', 'lgd3', 'lgd4h', 'lgd4', 'endDesc']),
  cabinet: Object.freeze(['about', 'previousPosition']),
  michigan: Object.freeze(['about', 'previousPosition']),
  court: Object.freeze(['about', 'Office']),
  governors: Object.freeze(['about']),
});

/** FNV-1a (32 bits) of the English texts a translation covers, in TRANSLATED_FIELDS order; absent fields count as empty. */
export function englishFingerprint(pack, entry) {
  const text = TRANSLATED_FIELDS[pack].map((f) => (typeof entry[f] === 'string' ? entry[f] : '')).join('\u0000');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
