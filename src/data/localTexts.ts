/**
 * The officials' biographies in Spanish and Arabic (issue #57): src/data/packs/i18n/<lang>/<pack>.json, one file a
 * pack and a language, written in the project's own words from the English pack (the same facts).
 *
 * - Each file is its own chunk, fetched only when someone reads a profile in that language (and precached by the
 *   service worker like every chunk, so it works offline).
 * - A translation is of one English text: each entry carries `of`, a fingerprint of the English fields it
 *   translates (`englishFingerprint`). When the English changes — a correction published after this build, a new
 *   governor — the fingerprint no longer matches and the screen shows the English, marked lang="en", rather than
 *   a translation of what the record no longer says. tests/unit/data/localTexts.test.ts fails on every stale or
 *   missing entry of the built-in packs; `node scripts/stamp-translations.mjs` re-stamps after a re-translation.
 */
import * as v from 'valibot';
import type { PackName } from './loader';
import { englishFingerprint, TRANSLATED_FIELDS } from './englishStamp.mjs';

export type TextLanguage = 'es' | 'ar';

// The fields and the fingerprint, in one copy the stamping script shares (plain JavaScript: it runs in Node).
export { englishFingerprint, TRANSLATED_FIELDS } from './englishStamp.mjs';

export type TranslatedField = (typeof TRANSLATED_FIELDS)[PackName][number];
// Every pack has its fields (the plain-JavaScript copy is checked against the packs' names here).
void (TRANSLATED_FIELDS satisfies Readonly<Record<PackName, readonly string[]>>);

const EntrySchema = v.record(v.string(), v.pipe(v.string(), v.minLength(1), v.maxLength(4000)));
const FileSchema = v.object({
  pack: v.picklist(['executive', 'cabinet', 'michigan', 'court', 'governors']),
  lang: v.picklist(['es', 'ar']),
  entries: v.record(v.string(), EntrySchema),
});

/** One pack's translations in one language: entry id → field → text (with `of`, the English fingerprint). */
export type PackTexts = Readonly<Record<string, Readonly<Record<string, string>>>>;

// One chunk a file (Vite splits each match of the glob into its own module).
const FILES = import.meta.glob<unknown>('./packs/i18n/*/*.json', { import: 'default' });

const cache = new Map<string, Promise<PackTexts>>();

/**
 * A pack's translations in a language. A file that fails to load (offline before it was ever cached) or to
 * validate gives no translations — the screen shows the English — and is tried again next time.
 */
export function loadPackTexts(lang: TextLanguage, pack: PackName): Promise<PackTexts> {
  const key = `./packs/i18n/${lang}/${pack}.json`;
  const known = cache.get(key);
  if (known) return known;
  const load = FILES[key];
  const promise = (load ? load() : Promise.resolve(null)).then((raw) => {
    const parsed = v.safeParse(FileSchema, raw);
    if (parsed.success && parsed.output.pack === pack && parsed.output.lang === lang) return parsed.output.entries;
    if (raw !== null) console.warn(`Translations ${lang}/${pack} are malformed; showing English.`);
    return {};
  });
  promise.catch(() => cache.delete(key));
  cache.set(key, promise);
  return promise;
}

/**
 * The translated fields of one entry, or undefined: none written, or written for an English text the entry no
 * longer has. Only the fields the pack translates are returned, and only where the English has the field.
 */
export function translatedFields(
  pack: PackName,
  texts: PackTexts | undefined,
  entry: Readonly<Record<string, unknown>> & { id: string },
): Partial<Record<TranslatedField, string>> | undefined {
  const local = texts && Object.hasOwn(texts, entry.id) ? texts[entry.id] : undefined;
  if (!local || local.of !== englishFingerprint(pack, entry)) return undefined;
  const out: Partial<Record<TranslatedField, string>> = {};
  for (const f of TRANSLATED_FIELDS[pack] as readonly TranslatedField[]) {
    if (typeof entry[f] === 'string' && typeof local[f] === 'string') out[f] = local[f];
  }
  return out;
}
