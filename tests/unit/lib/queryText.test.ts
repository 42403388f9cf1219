import { describe, expect, it } from 'vitest';
import { personName, profileKey, profileTitle } from '../../../src/lib/queryText';
import { percent } from '../../../src/lib/percent';
import { newPushKey } from '../../../src/lib/pushKey';

describe('official profile title (spec §2, §9)', () => {
  it('drops the first two characters and turns %20 into spaces', () => {
    expect(profileTitle('?q=President%20profile')).toBe('President profile');
  });
  it('keeps a title of exactly 50 characters', () => {
    const fifty = 'a'.repeat(50);
    expect(profileTitle(`?q=${fifty}`)).toBe(fifty);
  });
  it('cuts a longer title at 45 characters and adds "..."', () => {
    const long = 'b'.repeat(51);
    expect(profileTitle(`?q=${long}`)).toBe(`${'b'.repeat(45)}...`);
  });
});

describe('profile key and person name', () => {
  it('reads characters 3 to 45 as the key', () => {
    expect(profileKey('?q=Vice%20President%20profile')).toBe('Vice President profile');
    expect(profileKey(`?q=${'k'.repeat(60)}`)).toHaveLength(42);
  });
  it('reads characters 3 to 100 as the name, decoding spaces', () => {
    expect(personName('?q=Gretchen%20Whitmer')).toBe('Gretchen Whitmer');
    expect(personName(`?q=${'n'.repeat(200)}`)).toHaveLength(97);
  });
  it('survives a malformed escape', () => {
    expect(personName('?q=100%%20sure')).toBe('100% sure');
  });
});

describe('percent', () => {
  it('rounds to one decimal place and is 0 with no responses', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 5)).toBe(100);
  });
});

describe('push keys', () => {
  it('are 20 characters, time-ordered and unique', () => {
    const a = newPushKey(1_700_000_000_000);
    const b = newPushKey(1_700_000_000_001);
    expect(a).toHaveLength(20);
    expect(a < b).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newPushKey(1)));
    expect(many.size).toBe(1000);
  });
});
