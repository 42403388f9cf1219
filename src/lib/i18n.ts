// The app's languages (issue #22): Lingui's runtime formats ICU MessageFormat messages that build/catalogs.ts
// compiled at build time. English is split by namespace and travels with the code that shows it (each
// feature's `t.ts` binds its own catalog), so the English entry carries only the strings of the screens in it.
// Spanish and Arabic are loaded only when chosen — all of one language's namespaces at once, so a language,
// once chosen, works offline on every screen.
import { setupI18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';

import type { AnyLocale } from './locales';
import { formatNumberIn } from './numbers';

export { LOCALES, STORAGE_KEY, directionOf, isLocale, type AnyLocale, type Locale } from './locales';

export const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** A namespace's English catalog as build/catalogs.ts compiles it: its messages, and where they start in the order every language uses. */
export interface Namespace {
  offset: number;
  messages: Messages;
  /** Set when its other languages travel in a chunk of their own (build/catalogs.ts OWN_CHUNK): its name. */
  own?: string;
}
// What build/catalogs.ts (pluralsAsSelects) compiles a plural to reads these beside its count. The same names as
// its COUNT_SUFFIX; tests/unit/lib/i18n.test.ts checks every message of every language against Lingui's plurals.
const FORMATTED = '#';
const CARDINAL = '~';
const ORDINAL = '~o';
const EXACT = '=';

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural category of `n` in the current language (making an Intl.PluralRules costs ~1-7 ms the first time, once). */
function categoryOf(n: number, type: Intl.PluralRuleType): string {
  const locale = i18n.locale;
  const key = `${locale} ${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules.select(n);
}

/**
 * `values` with, beside each count, what the compiled plurals select on and show: its category, its exact text and
 * the count written out. Worked out only when a message reads them (getters): most values are not counts.
 */
function withCounts(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n)) continue;
    Object.defineProperties(out, {
      [name + FORMATTED]: { get: () => formatNumberIn(i18n.locale as AnyLocale, n) },
      [name + CARDINAL]: { get: () => categoryOf(n, 'cardinal') },
      [name + ORDINAL]: { get: () => categoryOf(n, 'ordinal') },
      [name + EXACT]: { get: () => String(value) },
    });
  }
  return out;
}

/** Namespaces bound so far; i18nSwitch.ts matches another language's messages to their ids. */
export const namespaces: Namespace[] = [];
/**
 * Set once another language is loaded (src/lib/i18nSwitch.ts): gives a namespace bound later its messages — at once,
 * or, for one with a chunk of its own, when that chunk has arrived.
 */
export const hooks: { onBind: ((ns: Namespace) => Promise<void> | void) | null } = { onBind: null };

/**
 * Registers a namespace's English messages (each feature's `t.ts`, when its chunk loads — before its screens
 * render, so a screen never shows English first in another language) and returns its typed translate functions.
 */
export function bindCatalog<C extends Record<string, string>>(english: C) {
  const ns = english as unknown as Namespace;
  namespaces.push(ns);
  i18n.load('en', ns.messages);
  /** When the namespace's messages in the current languages are all there (its own chunk fetched, if it has one). */
  const ready = Promise.resolve(hooks.onBind?.(ns));
  type Id = keyof C & string;
  /** The message `id` in the current language (English where a catalog lacks it; the checks forbid that). */
  const t = (id: Id, values?: Record<string, unknown>): string => i18n._(id, values && withCounts(values));
  /** `t`, with a re-render of the calling component whenever the language changes. */
  const useT = (): typeof t => {
    useLocale();
    return t;
  };
  return { t, useT, ready };
}

const subscribe = (onChange: () => void): (() => void) => i18n.on('change', onChange);
const current = (): AnyLocale => i18n.locale as AnyLocale;

/**
 * The current language; re-renders the caller when it changes. The build's render in Node reads it too: it renders
 * the doors in Spanish and Arabic with that language active (src/app/server.tsx renderIn; the app never hydrates).
 */
export function useLocale(): AnyLocale {
  return useSyncExternalStore(subscribe, current, current);
}

export const currentLocale = current;

