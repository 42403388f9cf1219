// The landing's category choice (spec §2, §4): empty (the menu) or one of four categories, kept in
// localStorage so the next visit opens where the visitor left off.
import type { t } from './t';

export const CATEGORIES = ['fashion', 'beauty', 'motherland', 'polo'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_KEY = 'awards.category';

/**
 * Each category's label, a message id (translate with `t` when shown): the categories are interface labels (the
 * kind of award), not names, so they follow the language.
 */
export const CATEGORY_LABEL = {
  fashion: 'awards.category.fashion',
  beauty: 'awards.category.beauty',
  motherland: 'awards.category.motherland',
  polo: 'awards.category.polo',
} as const satisfies Record<Category, Parameters<typeof t>[0]>;

/** Only fashion has an event so far; the others show "Coming soon". */
export const OPEN_CATEGORIES: ReadonlySet<Category> = new Set<Category>(['fashion']);

export type CategoryStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** The saved choice, or null for the menu. Anything unexpected (old format, tampering) means the menu. */
export function loadCategory(store: CategoryStore | null): Category | null {
  try {
    const raw = store?.getItem(CATEGORY_KEY) ?? null;
    return isCategory(raw) ? raw : null;
  } catch {
    return null; // storage blocked: start at the menu
  }
}

/** Saves the choice; null ("back to the menu") removes it so the next visit starts at the menu. */
export function saveCategory(store: CategoryStore | null, category: Category | null): void {
  try {
    if (category) store?.setItem(CATEGORY_KEY, category);
    else store?.removeItem(CATEGORY_KEY);
  } catch {
    // Quota or disabled storage: the choice still works for this visit.
  }
}

export function browserStore(): CategoryStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
