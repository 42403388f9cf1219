import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_ALPHABET, CODE_PATTERN, heldCode, keepCode, newCode, NIGHT, readCode, shortForm } from '../../../src/lib/votingCodes';

describe('voting codes (issue #52)', () => {
  it('are 20 characters of Crockford base32 from the secure random source, each character uniform: 100 bits', () => {
    const codes = Array.from({ length: 2000 }, () => newCode());
    expect(codes.every((c) => CODE_PATTERN.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(2000);
    // Every one of the 32 symbols turns up in every position about as often (40 000 draws, 1 250 expected each).
    const counts = new Map<string, number>();
    for (const c of codes) for (const ch of c) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
    for (const n of counts.values()) expect(n).toBeGreaterThan(1000);
    // The byte → symbol map keeps every byte value's chance equal: 256 bytes, 8 for each of the 32 symbols.
    const fromBytes = Array.from({ length: 13 }, (_, k) => newCode(() => Uint8Array.from({ length: 20 }, (_, i) => (k * 20 + i) % 256))).join('').slice(0, 256);
    const each = new Map<string, number>();
    for (const ch of fromBytes) each.set(ch, (each.get(ch) ?? 0) + 1);
    expect([...each.values()].every((n) => n === 8)).toBe(true);
  });

  it('read back from what a person types: case, spaces and dashes do not matter, I L O read as 1 1 0; anything else is no code', () => {
    const code = '7K2Q9MXDA4B6C8E0FGHJ';
    expect(shortForm(code)).toBe('7K2Q-9MXD-A4B6-C8E0-FGHJ');
    expect(readCode(shortForm(code))).toBe(code);
    expect(readCode(' 7k2q 9mxd a4b6 c8eo fghj ')).toBe(code);
    expect(readCode('7K2Q-9MXD-A4B6-C8E0-FGHI')).toBe('7K2Q9MXDA4B6C8E0FGH1');
    for (const bad of ['', '7K2Q', `${code}X`, '7K2Q-9MXD-A4B6-C8E0-FGHU', '7K2Q/9MXD/A4B6/C8E0/FGHJ', '<script>alert(1)</script>']) expect(readCode(bad)).toBeNull();
  });

  describe('the ones this phone holds', () => {
    const store = new Map<string, string>();
    beforeEach(() => {
      store.clear();
      vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
    });
    afterEach(() => vi.unstubAllGlobals());

    it('a poll\'s own code, else the night\'s; nothing made up from storage it did not write', () => {
      expect(heldCode('fashion')).toBeUndefined();
      keepCode(NIGHT, 'NIGHTNIGHTNIGHTNIGHT'.replace(/I/g, '1'));
      keepCode('fashion', '7K2Q9MXDA4B6C8E0FGHJ');
      expect(heldCode('fashion')).toBe('7K2Q9MXDA4B6C8E0FGHJ');
      expect(heldCode('beauty')).toBe('N1GHTN1GHTN1GHTN1GHT');
      store.set('ts:voting-codes', '{"fashion": "not a code", "*": 42}');
      expect(heldCode('fashion')).toBeUndefined();
      store.set('ts:voting-codes', 'garbage');
      expect(heldCode('fashion')).toBeUndefined();
    });
  });
});
