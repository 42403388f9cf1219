import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_KEY, OPEN_CATEGORIES, loadCategory, saveCategory, type CategoryStore } from '../../../src/features/awards/categories';

function memory(initial: Record<string, string> = {}): CategoryStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
}

const broken: CategoryStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('landing category choice (spec §2, §4)', () => {
  it('has the four categories; only fashion is open', () => {
    expect(CATEGORIES).toEqual(['fashion', 'beauty', 'motherland', 'polo']);
    expect([...OPEN_CATEGORIES]).toEqual(['fashion']);
  });

  it('starts at the menu, stores a choice and restores it on the next load', () => {
    const store = memory();
    expect(loadCategory(store)).toBeNull();
    saveCategory(store, 'motherland');
    expect(store.data[CATEGORY_KEY]).toBe('motherland');
    expect(loadCategory(store)).toBe('motherland');
  });

  it('going back to the menu forgets the choice', () => {
    const store = memory({ [CATEGORY_KEY]: 'fashion' });
    saveCategory(store, null);
    expect(store.data).toEqual({});
    expect(loadCategory(store)).toBeNull();
  });

  it('an unknown stored value opens the menu', () => {
    expect(loadCategory(memory({ [CATEGORY_KEY]: 'shoes' }))).toBeNull();
    expect(loadCategory(memory({ [CATEGORY_KEY]: '' }))).toBeNull();
  });

  it('blocked storage never throws', () => {
    expect(loadCategory(broken)).toBeNull();
    expect(() => saveCategory(broken, 'polo')).not.toThrow();
    expect(() => saveCategory(broken, null)).not.toThrow();
    expect(loadCategory(null)).toBeNull();
  });
});
