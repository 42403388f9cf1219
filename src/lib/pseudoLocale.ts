// The check-only language of the layout test (tests/e2e/i18n.e2e.test.ts): every English message with its
// letters accented and about 40 % longer, the way translations run longer than English. A screen that clips
// or overflows in it would do so in a real language too. Chosen only by a test (it saves "pseudo" as the language before the app starts).
import type { Messages } from '@lingui/core';

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', y: 'ý', A: 'Å', E: 'É', I: 'Î', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ' };

const stretch = (text: string): string => {
  if (text === '#' || !/[A-Za-z]/.test(text)) return text;
  const accented = text.replace(/[aeiouycnAEIOUCN]/g, (ch) => ACCENTED[ch] ?? ch);
  // The padding comes in short words, as longer translations do: one unbreakable run would test a 40-letter word.
  const extra = Math.ceil(text.replace(/\s/g, '').length * 0.4);
  const words = Array.from({ length: Math.ceil(extra / 4) }, (_v, i) => '~'.repeat(Math.min(4, extra - i * 4)));
  return words.length > 0 ? `${accented} ${words.join(' ')}` : accented;
};

type Token = string | unknown[];

function walk(token: Token): Token {
  if (typeof token === 'string') return stretch(token);
  // [name] is a placeholder; [name, 'plural' | 'select' | …, cases] holds messages in its cases.
  const [name, kind, cases] = token;
  if (cases && typeof cases === 'object') {
    return [name, kind, Object.fromEntries(Object.entries(cases as Record<string, Token[]>).map(([k, v]) => [k, Array.isArray(v) ? v.map(walk) : v]))];
  }
  return token;
}

/**
 * One namespace's English messages, accented and lengthened. Made per namespace as it binds (src/lib/i18nSwitch.ts),
 * not from every English catalog at once: importing them all here would put each catalog in a chunk of its own.
 */
export function pseudoMessages(english: Messages): Messages {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [id, (Array.isArray(message) ? (message as Token[]).map(walk) : typeof message === 'string' ? stretch(message) : message) as Messages[string]]),
  );
}
