import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkEmail, isValidEmail, rulesEmailPattern } from '../../../src/lib/email';

describe('the e-mail check (spec §5, shared with firestore.rules)', () => {
  it('firestore.rules validEmail matches exactly the pattern the app checks', () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    const m = /function validEmail\(e\) \{\s*return str\(e, 5, 254\) && e\.matches\('((?:[^'\\]|\\.)*)'\);/.exec(rules);
    expect(m, 'validEmail(e) with str(e, 5, 254) && e.matches(…) in firestore.rules').not.toBeNull();
    expect(m![1]).toBe(rulesEmailPattern());
  });

  it('accepts ordinary and internationalised addresses', () => {
    for (const e of ['ana@example.com', 'o\'neil+vip@mail.example.co.uk', 'josé@correo.mx', 'пример@почта.рф', 'مثال@مثال.مصر', 'उदाहरण@उदाहरण.भारत', '用户@例子.中国', 'ელფოსტა@მაგალითი.გე', 'người@ví-dụ.vn', '  padded@example.com  '])
      expect(isValidEmail(e), e).toBe(true);
  });

  it('refuses what is not an address, with the spec alert (reason "invalid")', () => {
    for (const e of ['', 'a@b', 'no-at.example.com', 'two@@example.com', 'space in@example.com', 'x@example', '=HYPERLINK("x")@evil.co', '+cmd@example.com', '-x@example.com', '.x@example.com', `${'a'.repeat(250)}@example.com`])
      expect(checkEmail(e), e).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an address in a script the server cannot take, naming the character (reason "unsupported")', () => {
    expect(checkEmail('𞤀𞤁@example.com')).toEqual({ ok: false, reason: 'unsupported', char: '𞤀' }); // Adlam
    expect(checkEmail('name@Ა.ge')).toEqual({ ok: false, reason: 'unsupported', char: 'Ა' }); // Georgian Mtavruli
    expect(checkEmail('ana\u061C@example.com')).toMatchObject({ ok: false }); // a bidi control is never accepted
  });
});
