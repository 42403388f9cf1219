// The app's own catalogs (src/locales/<lang>/<ns>.json) as the visitor reads them, so page objects and tests can
// expect the words of any of the three languages without copying them (a translation can change freely).
import { readFileSync } from 'node:fs';

export type Locale = 'en' | 'es' | 'ar';

const catalogs = new Map<string, Record<string, string>>();

/** A message of a catalog as the visitor reads it (plain messages; `{name}` placeholders filled in). */
export function msg(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const ns = id.split('.')[0]!;
  const key = `${locale}/${ns}`;
  if (!catalogs.has(key)) catalogs.set(key, JSON.parse(readFileSync(`src/locales/${key}.json`, 'utf8')) as Record<string, string>);
  const text = catalogs.get(key)![id];
  if (text === undefined) throw new Error(`no ${id} in ${key}`);
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? `{${name}}`));
}

/** A pattern for a whole message with number placeholders (Latin or Arabic-Indic digits). */
export const pattern = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[\\d٠-٩]+')}$`);
