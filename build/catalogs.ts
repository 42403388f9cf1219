import { readFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import type { Plugin } from 'vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A message catalog: src/locales/<locale>/<namespace>.json, ids to ICU MessageFormat strings. */
const CATALOG = /[\\/]src[\\/]locales[\\/](en|es|ar|pseudo)[\\/][\w-]+\.json$/;
const PREFIX = '\0ts-catalog:';

/**
 * Compiles the message catalogs at build time (Lingui's own compiler, the step `lingui compile` does), so the
 * browser gets Lingui's compiled form — arrays for placeholders, plurals and selects — and never needs the
 * MessageFormat parser. The module is virtual (not `.json`) so Vite's JSON plugin leaves it alone; TypeScript
 * still types the import from the JSON file, which is what gives `t()` its checked ids.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'town-square-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.json') || source.startsWith(PREFIX)) return null;
      const path = importer && source.startsWith('.') ? resolve(dirname(importer.replace(PREFIX, '')), source) : source;
      if (!CATALOG.test(path)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Without the .json ending: Vite's built-in JSON transform matches on it.
      return resolved ? PREFIX + resolved.id.replace(/\.json$/, '') : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = `${id.slice(PREFIX.length)}.json`;
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
