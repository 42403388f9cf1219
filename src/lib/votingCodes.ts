// Voting codes (issue #52): how one is made, written for people, read back from what they type, and which ones this
// phone holds. A code is 20 characters of Crockford's base32 — 100 random bits, so guessing one is hopeless — and
// its short form is the same characters in groups of four (what a card prints and a person types). The phone keeps
// the codes it was given (a ticket's QR link, /poll?id=…&code=…, or typed on the ballot) in localStorage, so the
// pre-app ballot and the app read the same ones, offline and on later visits. Tiny and dependency-free: the
// pre-app ballot uses it.

/** Crockford's base32: no I, L, O or U, so nothing reads as another character. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;
/** What firestore.rules checks a vote's code against. */
export const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{20}$/;
/** The scope of a code good for every award poll of the night. */
export const NIGHT = '*';

const STORE_KEY = 'ts:voting-codes';

/** A new code from the platform's secure random source (`random` for tests): 20 × 5 bits. */
export function newCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 256 is a multiple of 32: each byte's low five bits are uniform.
  return Array.from(random(new Uint8Array(CODE_LENGTH)), (b) => CODE_ALPHABET[b & 31]).join('');
}

/** The short form a person reads and types: ABCD-EFGH-JKMN-PQRS-TVWX. */
export const shortForm = (code: string): string => code.replace(/(.{4})(?!$)/g, '$1-');

/**
 * A code from what a person typed or a link carried, or null when it is not one: case, spaces and dashes do not
 * matter, and the letters Crockford's alphabet leaves out are read as what they look like (I and L as 1, O as 0).
 */
export function readCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s\-‐-―]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return CODE_PATTERN.test(code) ? code : null;
}

type Store = { getItem(k: string): string | null; setItem(k: string, v: string): void };
const store = (): Store | null => {
  try {
    return (globalThis as { localStorage?: Store }).localStorage ?? null;
  } catch {
    return null;
  }
};

function held(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(store()?.getItem(STORE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The code this phone holds for `pollId`: one given for that poll, else one for the whole night. */
export function heldCode(pollId: string): string | undefined {
  const codes = held();
  const code = codes[pollId] ?? codes[NIGHT];
  return code !== undefined && CODE_PATTERN.test(code) ? code : undefined;
}

/** Keeps `code` for `scope` (a poll's id, or NIGHT). Storage refused: the ballot still carries it this visit. */
export function keepCode(scope: string, code: string): void {
  try {
    store()?.setItem(STORE_KEY, JSON.stringify({ ...held(), [scope]: code }));
  } catch {
    // not kept: the visitor types it again next time
  }
}
