// The DOM side of PartsTemplate.tsx: what the scripts that run before the app (ballotIsland.ts, preview.ts) read
// from a page's <template> of the app's markup. Plain DOM, no React, no catalogs: these scripts load alone.

/** A template's parts and messages, in its language. */
export interface Parts<P extends string, M extends string> {
  lang: string;
  /** A fresh copy of a part (its wrapper's one element). */
  part<T extends HTMLElement = HTMLElement>(name: P): T;
  /** A message, with `{name}` replaced by its value. */
  say(name: M, values?: Record<string, string>): string;
  /** A plural message in the form the language uses for `count` (Intl.PluralRules), the count in its digits. */
  count(name: M, count: number): string;
  /** A whole number in the language's digits, as the app writes it. */
  number(n: number): string;
  /** Text that may run the other way inside a sentence, isolated as the app's lib/intl isolate() does. */
  isolate(text: string): string;
  /** A moment as the app's formatDate writes it in this language (English as en-US). */
  time(ms: number, options: Intl.DateTimeFormatOptions): string;
}

export function partsOf<P extends string, M extends string>(template: HTMLTemplateElement): Parts<P, M> {
  const lang = template.lang || 'en';
  const part = <T extends HTMLElement>(name: P): T => {
    const node = template.content.querySelector(`[data-part="${name}"]`)?.firstElementChild;
    if (!node) throw new Error(`the page's templates have no part "${name}"`);
    return node.cloneNode(true) as T;
  };
  const lines = [...template.content.querySelectorAll<HTMLElement>('[data-message]')];
  const key = (el: HTMLElement): string => (el.dataset['plural'] ? `${el.dataset['message']}.${el.dataset['plural']}` : (el.dataset['message'] ?? ''));
  const messages = new Map(lines.map((el) => [key(el), el.textContent ?? '']));
  // One pass, by a function: a value (an e-mail, a title) is never read for placeholders or `$` patterns itself.
  const fill = (text: string, values: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const say = (name: M, values: Record<string, string> = {}): string => fill(messages.get(name) ?? '', values);
  const digits = (messages.get('digits') ?? '').split(' ');
  const number = (n: number): string => String(n).replace(/[0-9]/g, (d) => digits[Number(d)] ?? d);
  // Made on first use: the ballot's island never counts, and an Intl object's first construction loads locale
  // data on the first visit's main thread.
  let plural: Intl.PluralRules | undefined;
  const count = (name: M, n: number): string => {
    plural ??= new Intl.PluralRules(lang);
    return fill(messages.get(`${name}.${plural.select(n)}`) ?? messages.get(`${name}.other`) ?? '', { count: number(n) });
  };
  const isolate = (text: string): string => (lang === 'en' ? text : `\u2068${text}\u2069`);
  const time = (ms: number, options: Intl.DateTimeFormatOptions): string => new Date(ms).toLocaleString(lang === 'en' ? 'en-US' : lang, options);
  return { lang, part, say, count, number, isolate, time };
}

/** A part's one element that must be there (the build renders it; a missing one is a build's bug, said loudly). */
export function one<T extends Element>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`the page's template has no ${selector}`);
  return found;
}
