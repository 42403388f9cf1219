// The one e-mail check, shared by the app and firestore.rules (validEmail). Both match the same explicit list
// of code-point ranges instead of \p{L}: the rules engine's Unicode tables are older than the browser's (an
// address in Adlam or Georgian Mtavruli passed the app and was refused by the server, so the vote waited
// forever). With literal ranges the two engines cannot disagree; tests/unit/lib/email.test.ts checks that
// firestore.rules holds exactly rulesEmailPattern(), and tests/integration/rules.firestore.test.ts that the
// emulator and the app give the same verdict on samples from many scripts.
import { LIMITS } from './limits';

/**
 * Letters, marks and digits of the scripts Town Square accepts in an address: Latin (with Vietnamese), Greek,
 * Cyrillic, Armenian, Hebrew, Arabic (letters and both sets of digits, no bidi controls), the main Indic
 * scripts, Thai, Georgian (Mkhedruli), Hangul, Ethiopic, kana and the common CJK ideographs. All were in
 * Unicode long before any rules engine in use. Anything else is refused with words that say so.
 */
export const EMAIL_LETTER_RANGES: readonly (readonly [number, number])[] = [
  [0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a],
  [0xc0, 0xd6], [0xd8, 0xf6], [0xf8, 0x24f], // Latin-1 letters, Latin Extended-A and -B
  [0x386, 0x3ce], // Greek
  [0x400, 0x481], [0x48a, 0x52f], // Cyrillic
  [0x531, 0x556], [0x561, 0x587], // Armenian
  [0x5d0, 0x5ea], // Hebrew
  [0x620, 0x64a], [0x660, 0x669], [0x671, 0x6d3], [0x6f0, 0x6f9], // Arabic
  [0x900, 0x97f], [0x980, 0x9ff], [0xa00, 0xa7f], [0xa80, 0xaff], // Devanagari, Bengali, Gurmukhi, Gujarati
  [0xb80, 0xbff], [0xc00, 0xc7f], [0xc80, 0xcff], [0xd00, 0xd7f], // Tamil, Telugu, Kannada, Malayalam
  [0xe01, 0xe3a], [0xe40, 0xe4e], [0xe50, 0xe59], // Thai
  [0x10d0, 0x10fa], // Georgian (Mkhedruli)
  [0x1100, 0x11ff], // Hangul Jamo
  [0x1200, 0x135a], // Ethiopic
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
  [0x3041, 0x3096], [0x30a1, 0x30fa], // Hiragana, Katakana
  [0x4e00, 0x9fa5], // CJK Unified Ideographs (Unicode 1.1)
  [0xac00, 0xd7a3], // Hangul syllables
];

// RFC 5322's unquoted specials, as the spec's "simple pattern" allows them; the first character may not be
// one a spreadsheet runs (= + - @) nor a dot.
const FIRST_SPECIALS = "!#$%&'*/?^_`{|}~";
const LOCAL_SPECIALS = "!#$%&'*+/=?^_`{|}~.-";

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const jsClass = (extra: string) =>
  `[${EMAIL_LETTER_RANGES.map(([a, b]) => `\\u{${hex(a)}}-\\u{${hex(b)}}`).join('')}${extra.replace(/[\\\]^-]/g, '\\$&')}]`;
const re2Class = (extra: string) =>
  `[${EMAIL_LETTER_RANGES.map(([a, b]) => `\\x{${hex(a)}}-\\x{${hex(b)}}`).join('')}${extra.replace(/[\\\]^-]/g, '\\$&')}]`;
const shape = (cls: (extra: string) => string) =>
  `^${cls(FIRST_SPECIALS)}${cls(LOCAL_SPECIALS)}*@${cls('-')}+([.]${cls('-')}+)+$`;

const ACCEPTED = new RegExp(shape(jsClass), 'u');
// The spec's shape in any script: what tells "not an address" from "an address we cannot take".
const ANY_SCRIPT = /^[\p{L}\p{M}\p{N}!#$%&'*/?^_`{|}~][\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~.-]*@[\p{L}\p{M}\p{N}-]+(\.[\p{L}\p{M}\p{N}-]+)+$/u;

/**
 * The pattern as firestore.rules writes it inside validEmail's matches('…'): RE2 syntax, with the rules
 * language's own escaping (a backslash doubled, a quote escaped).
 */
export function rulesEmailPattern(): string {
  return shape(re2Class).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

export type EmailVerdict =
  | { ok: true; email: string }
  | { ok: false; reason: 'invalid' }
  /** An address in a script the server cannot take yet: `char` is the first character it refuses. */
  | { ok: false; reason: 'unsupported'; char: string };

/** Spec §5 (non-space characters, @, a domain with a dot), and only what the server accepts. */
export function checkEmail(raw: string): EmailVerdict {
  const email = raw.trim();
  if (email.length < 5 || email.length > LIMITS.email) return { ok: false, reason: 'invalid' };
  if (ACCEPTED.test(email)) return { ok: true, email };
  if (!ANY_SCRIPT.test(email)) return { ok: false, reason: 'invalid' };
  const allowed = new RegExp(`^${jsClass(LOCAL_SPECIALS + '@')}$`, 'u');
  const char = [...email].find((c) => !allowed.test(c)) ?? email[0] ?? '';
  return { ok: false, reason: 'unsupported', char };
}

export function isValidEmail(email: string): boolean {
  return checkEmail(email).ok;
}
