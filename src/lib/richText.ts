// Messages with elements inside them (a link, a bold name), apart from src/lib/i18n.ts so the entry chunk, which
// has none, does not carry it.
import { Fragment, createElement, type ReactNode } from 'react';

/**
 * For a namespace's `t`: a message whose `{name}` placeholders that are keys of `nodes` become those elements,
 * wherever the translation puts them (word order differs between languages, so sentences are never glued
 * together from fragments in code).
 */
export function withNodes<Id extends string>(t: (id: Id, values?: Record<string, unknown>) => string) {
  return (id: Id, nodes: Record<string, ReactNode>, values?: Record<string, unknown>): ReactNode => {
    const marked = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`]));
    const parts = t(id, { ...values, ...marked }).split('\u0000');
    // Odd parts are placeholder names (the text between two markers).
    return createElement(Fragment, null, ...parts.map((part, i) => (i % 2 === 1 ? createElement(Fragment, { key: i }, nodes[part]) : part)));
  };
}
