import { describe, expect, it } from 'vitest';
import { idSearch, presentSearch, qSearch, uidSearch } from '../../../src/routes/searchSchemas';

describe('search param schemas', () => {
  it('keeps valid strings and turns numbers into strings', () => {
    expect(idSearch({ id: 20, uid: 'abc' })).toEqual({ id: '20', uid: 'abc' });
    expect(qSearch({ q: 'https://example.org/?a=1' })).toEqual({ q: 'https://example.org/?a=1' });
  });
  it('drops hostile or malformed values one by one instead of failing the screen', () => {
    expect(idSearch({ id: { $gt: '' }, uid: 'ok' })).toEqual({ uid: 'ok' });
    expect(qSearch({ q: 'x'.repeat(5000) })).toEqual({});
    expect(uidSearch({ uid: ['a', 'b'] })).toEqual({});
    expect(uidSearch({ uid: '   ' })).toEqual({});
  });
  it('/organiser: present mode names a poll id; anything else leaves the organisers\' list', () => {
    expect(presentSearch({ present: 'fashion-night-x1y2z' })).toEqual({ present: 'fashion-night-x1y2z' });
    expect(presentSearch({ present: '' })).toEqual({});
    expect(presentSearch({ present: 'x'.repeat(201) })).toEqual({});
    expect(presentSearch({ present: { id: 'a' } })).toEqual({});
  });
});
