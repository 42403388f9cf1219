// How a page carries pieces of the app's markup for a script that runs before the app (the award ballot's and
// the /vote preview's templates, BallotParts.tsx and ListParts.tsx): each piece in a `data-part` wrapper, the
// words with values as `data-message` lines with `{name}` left in place. Read by islandParts.ts.
import type { ReactElement } from 'react';
import { formatNumber } from '../../lib/intl';
import { currentLocale } from '../../lib/i18n';

/** One piece: the wrapper holds exactly one element, which the island clones. */
export function Part({ name, children }: { name: string; children: ReactElement }): ReactElement {
  return <div data-part={name}>{children}</div>;
}

/** The messages, one line each; plural ones once per form of the language. */
export function Messages({ texts }: { texts: Record<string, string | Record<string, string>> }): ReactElement {
  return (
    <div data-part="messages">
      {Object.entries(texts).flatMap(([name, text]) =>
        typeof text === 'string'
          ? [<p key={name} data-message={name}>{text}</p>]
          : Object.entries(text).map(([form, line]) => <p key={`${name}.${form}`} data-message={name} data-plural={form}>{line}</p>),
      )}
    </div>
  );
}

/**
 * A plural message in every form the current language has (Intl.PluralRules), with `{count}` where its number
 * goes: each form rendered for the smallest count that selects it, the count's digits then put back as `{count}`
 * (a form without the number, Arabic's "no categories", stays as it is).
 */
export function pluralForms(message: (count: number) => string): Record<string, string> {
  const rules = new Intl.PluralRules(currentLocale() === 'pseudo' ? 'en' : currentLocale());
  const forms: Record<string, string> = {};
  for (const form of rules.resolvedOptions().pluralCategories) {
    // A form no whole number below 1000 selects (Spanish "many", for millions) is left out: the island falls
    // back to "other" for it.
    const n = Array.from({ length: 1000 }, (_, i) => i).find((i) => rules.select(i) === form);
    if (n !== undefined) forms[form] = message(n).replace(formatNumber(n), '{count}');
  }
  return forms;
}

/** The language's digits 0-9, as the app writes numbers: the island maps a number's digits. */
export const digitsLine = (): string => Array.from({ length: 10 }, (_, d) => formatNumber(d, { useGrouping: false })).join(' ');
