import { readdirSync, readFileSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { OWN_CHUNK_NAMESPACES } from '../scripts/lib/catalogChunks.mjs';

/** A namespace's English catalog, imported by its binding module (src/features/<ns>/t.ts and the like). */
const CATALOG = /[\\/]src[\\/]locales[\\/]en[\\/]([\w-]+)\.json$/;
const PREFIX = '\0ts-catalog:';
/** All namespaces of one other language in one module: `import('virtual:town-square-catalog/es')`. */
const LANGUAGE = 'virtual:town-square-catalog/';
const LOCALES_DIR = resolve(import.meta.dirname, '../src/locales');

const read = (locale: string, ns: string): Record<string, string> => JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), 'utf8')) as Record<string, string>;

/**
 * Namespaces whose messages in another language travel in a chunk of their own, fetched with the screens that show
 * them (`virtual:town-square-catalog/<locale>/<ns>`), not in the language's one chunk: the organisers' console is
 * Spanish or Arabic no attendee reads (issue #52 took Arabic past the 12 kB budget). src/lib/i18nSwitch.ts names
 * each such chunk (an import Vite can see).
 */
export const OWN_CHUNK: ReadonlySet<string> = new Set(OWN_CHUNK_NAMESPACES);

/**
 * The one order every language's messages are listed in: namespaces by name, each namespace's ids as its English
 * catalog lists them. A namespace starts at its `offset` in that list; one with a chunk of its own (OWN_CHUNK) at 0
 * in its own list.
 */
function order(): { ns: string; offset: number; ids: string[]; own: boolean }[] {
  let offset = 0;
  return readdirSync(join(LOCALES_DIR, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort()
    .map((ns) => {
      const ids = Object.keys(read('en', ns));
      const own = OWN_CHUNK.has(ns);
      const entry = { ns, offset: own ? 0 : offset, ids, own };
      if (!own) offset += ids.length;
      return entry;
    });
}

type Compiled = ReturnType<typeof compileMessage>;
type Part = string | unknown[];

/** What src/lib/i18n.ts adds beside a count `name` (as `name` + suffix) for the compiled plurals below. */
export const COUNT_SUFFIX = {
  /** The count written in the language's digits: a plural's `#`. */
  formatted: '#',
  /** Its plural category (one, few, other…), for a plural's branches. */
  cardinal: '~',
  /** Its ordinal category, for a selectordinal's branches. */
  ordinal: '~o',
  /** The count as text, for a plural's exact branches (`=0`). */
  exact: '=',
} as const;

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * Plurals compiled as selects on values src/lib/i18n.ts works out beside each count, so Lingui's runtime formats
 * no number. Why: Lingui writes a plural's count with `new Intl.NumberFormat` every time it picks a branch (whether
 * the branch shows the count or not), and the first one a page makes loads the number data: a 120-130 ms task at
 * 4× CPU in profiles of /vote taking over ("# categories"). src/lib/numbers.ts writes small whole numbers without
 * Intl and gives the same text (tests/unit/lib/intl.test.ts); tests/unit/lib/i18n.test.ts checks every message of
 * every language against Lingui's own plurals.
 *
 * `{n, plural, =0 {none} one {# item} other {# items}}` becomes a select on `n=` (exact branches, as Lingui tries
 * them first) whose other branch is a select on `n~` (the category), and each `#` directly in a branch the
 * placeholder `n#`. A `#` anywhere else stays text, as in Lingui's runtime. An offset is refused: no message uses
 * one, and its `#` would be the count minus the offset.
 */
export function pluralsAsSelects(compiled: Compiled): Compiled {
  const walk = (parts: Part[], pound: string | null): Part[] =>
    parts.map((part) => {
      if (typeof part === 'string') return part === '#' && pound ? [pound] : part;
      const [name, type, branches] = part as [string, string | undefined, Record<string, unknown> | undefined];
      if (!branches || typeof branches !== 'object') return part;
      const counts = type === 'plural' || type === 'selectordinal';
      const mapped = (entries: [string, unknown][]) =>
        Object.fromEntries(entries.map(([key, branch]) => [key, Array.isArray(branch) ? walk(branch as Part[], counts ? `${name}${COUNT_SUFFIX.formatted}` : null) : branch]));
      if (!counts) return [name, type, mapped(Object.entries(branches))];
      if (branches['offset'] !== undefined) throw new Error(`a plural with an offset ({${name}, ${type}, offset:…}) is not supported (build/catalogs.ts pluralsAsSelects)`);
      const entries = Object.entries(branches).filter(([key]) => key !== 'offset'); // Lingui's compiler always sets it
      const category = [`${name}${type === 'plural' ? COUNT_SUFFIX.cardinal : COUNT_SUFFIX.ordinal}`, 'select', mapped(entries.filter(([key]) => CATEGORIES.has(key)))];
      const exact = entries.filter(([key]) => !CATEGORIES.has(key));
      return exact.length === 0 ? category : [`${name}${COUNT_SUFFIX.exact}`, 'select', { ...mapped(exact), other: [category] }];
    });
  return typeof compiled === 'string' ? compiled : (walk(compiled as Part[], null) as Compiled);
}

/** A message as the app gets it: Lingui's compiled form, its plurals as selects (pluralsAsSelects). */
export const compile = (message: string): Compiled => pluralsAsSelects(compileMessage(message));

/**
 * Compiles the message catalogs at build time (Lingui's own compiler, the step `lingui compile` does), so the
 * browser gets Lingui's compiled form — arrays for placeholders, plurals and selects — and never needs the
 * MessageFormat parser.
 * - An English catalog import becomes `{ offset, messages }`: that namespace's compiled messages by id, and where
 *   they start in the order above. The module is virtual (no `.json` ending) so Vite's JSON plugin leaves it
 *   alone; TypeScript still types the import from the JSON file, which is what gives `t()` its checked ids.
 * - `virtual:town-square-catalog/<locale>` is every message of another language, in that order, without ids: the
 *   ids would cost more than a third of the chunk, and each namespace's English catalog already lists them
 *   (src/lib/i18n.ts puts the two together). One chunk, fetched whole when the language is chosen — but for the
 *   namespaces of OWN_CHUNK, each `virtual:town-square-catalog/<locale>/<ns>`, fetched when that namespace binds.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'town-square-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source.startsWith(LANGUAGE)) return `\0${source}`;
      if (!source.endsWith('.json') || source.startsWith(PREFIX)) return null;
      const path = importer && source.startsWith('.') ? resolve(dirname(importer.replace(PREFIX, '')), source) : source;
      if (!CATALOG.test(path)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Without the .json ending: Vite's built-in JSON transform matches on it.
      return resolved ? PREFIX + resolved.id.replace(/\.json$/, '') : null;
    },
    load(id) {
      if (id.startsWith(`\0${LANGUAGE}`)) {
        // `<locale>`: every namespace but those with a chunk of their own; `<locale>/<ns>`: that one namespace.
        const [locale = '', own] = id.slice(LANGUAGE.length + 1).split('/');
        if (!/^[a-z]{2}$/.test(locale) || (own !== undefined && !OWN_CHUNK.has(own))) throw new Error(`no catalog for "${id.slice(LANGUAGE.length + 1)}"`);
        const values: unknown[] = [];
        for (const { ns, ids } of order().filter((o) => (own === undefined ? !o.own : o.ns === own))) {
          this.addWatchFile(join(LOCALES_DIR, locale, `${ns}.json`));
          const messages = read(locale, ns);
          for (const mid of ids) {
            const message = messages[mid];
            // scripts/i18n-check.mjs (in npm test) lists every gap; a build never ships one.
            if (message === undefined) throw new Error(`${locale}/${ns}.json has no "${mid}" (node scripts/i18n-check.mjs)`);
            values.push(compile(message));
          }
        }
        return `export default ${JSON.stringify(values)};`;
      }
      if (!id.startsWith(PREFIX)) return null;
      const file = `${id.slice(PREFIX.length)}.json`;
      const ns = CATALOG.exec(file)?.[1] ?? '';
      this.addWatchFile(file);
      const entry = order().find((o) => o.ns === ns);
      const messages = Object.fromEntries(Object.entries(read('en', ns)).map(([mid, message]) => [mid, compile(message)]));
      return `export default ${JSON.stringify({ offset: entry?.offset ?? 0, messages, ...(entry?.own ? { own: ns } : {}) })};`;
    },
  };
}
