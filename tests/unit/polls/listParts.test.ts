// The /vote lists are rendered once (issue #32): the script that fills the page before the app arrives
// (preview.ts) clones the cards the build renders from the app's own components (ListParts.tsx via
// src/app/server.tsx) instead of building markup and keeping English words of its own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listTemplates, renderListParts } from '../../../src/app/server';
import { LIST_MESSAGES, LIST_PARTS, listPartsId } from '../../../src/features/polls/listPartNames';

const catalog = (locale: string) => JSON.parse(readFileSync(`src/locales/${locale}/polls.json`, 'utf8')) as Record<string, string>;
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const messageOf = (html: string, name: string, form?: string) =>
  decode(new RegExp(`data-message="${name}"${form ? ` data-plural="${form}"` : ''}>([^<]*)<`).exec(html)?.[1] ?? '');
/** The one element a part's wrapper holds, as markup. */
const partOf = (html: string, name: string) => new RegExp(`<div data-part="${name}">(.*?)</div>(?=<div data-part=|$)`).exec(html)?.[1] ?? '';

describe("the /vote preview's parts", () => {
  it("are React's list components: every part once, the cards as the app draws them before the counts arrive", async () => {
    const html = await renderListParts('en');
    for (const part of LIST_PARTS) expect(html.split(`data-part="${part}"`).length - 1, part).toBe(1);
    const card = partOf(html, 'poll-card');
    // Spec §6's card: title, "Posted by: <first name>" (the name isolated, as the app has it), the count, View.
    expect(card).toMatch(/^<li class="card poll-card"><h2 dir="auto"><\/h2><p class="muted">Posted by: <bdi><\/bdi><\/p><p data-testid="vote-count" class="muted">Counting votes…<\/p><div class="poll-card-foot"><span><\/span><a class="btn btn-small" href="\/poll">View<\/a><\/div><\/li>$/);
    expect(partOf(html, 'award-open')).toContain('>Vote</a>');
    expect(partOf(html, 'award-closed')).toContain('<p class="muted small">Voting closed</p>');
    expect(partOf(html, 'poll-cards')).toBe('<ul class="poll-cards"></ul>');
    expect(partOf(html, 'award-rows')).toBe('<ul class="award-rows"></ul>');
  });

  it('carry every message the preview fills in, placeholders kept, in the spec’s words', async () => {
    const html = await renderListParts('en');
    for (const name of LIST_MESSAGES) expect(html, name).toContain(`data-message="${name}"`);
    expect(messageOf(html, 'viewLabel')).toBe('View {title}');
    expect(messageOf(html, 'voteLabel')).toBe('Vote in {title}');
    expect(messageOf(html, 'opensAt')).toBe('Opens at {time}');
    expect(messageOf(html, 'pollsEmpty')).toBe('No polls yet — create the first one.');
    expect(messageOf(html, 'awardsEmpty')).toBe(catalog('en')['polls.award.empty']);
    expect(messageOf(html, 'digits')).toBe('0 1 2 3 4 5 6 7 8 9');
    // A plural message comes once per form of the language, the number as {count}.
    expect(messageOf(html, 'categories', 'one')).toBe('{count} category');
    expect(messageOf(html, 'categories', 'other')).toBe('{count} categories');
  });

  it('plural messages in every form a language has: Arabic’s six, the forms without a number as they are', async () => {
    const html = await renderListParts('ar');
    expect(messageOf(html, 'categories', 'zero')).toBe('لا فئات');
    expect(messageOf(html, 'categories', 'one')).toBe('فئة واحدة');
    expect(messageOf(html, 'categories', 'two')).toBe('فئتان');
    expect(messageOf(html, 'categories', 'few')).toBe('{count} فئات');
    expect(messageOf(html, 'categories', 'many')).toBe('{count} فئة');
    expect(messageOf(html, 'categories', 'other')).toBe('{count} فئة');
    // The digits as the app writes Arabic numbers (Intl's default for ar).
    expect(messageOf(html, 'digits')).toBe(Array.from({ length: 10 }, (_, d) => new Intl.NumberFormat('ar', { useGrouping: false }).format(d)).join(' '));
    // Spanish has a "many" form only for millions: left out, the preview falls back to "other".
    const es = await renderListParts('es');
    expect(messageOf(es, 'categories', 'one')).toBe('{count} categoría');
    expect(messageOf(es, 'categories', 'other')).toBe('{count} categorías');
    expect(es).not.toContain('data-plural="many"');
  });

  it('come as one inert English template (the page is English until the app arrives), and pages render in English afterwards', async () => {
    const { html, english } = await listTemplates();
    expect(html).toBe(`<template id="${listPartsId('en')}" lang="en">${english}</template>`);
    await renderListParts('ar');
    expect(await renderListParts('en')).toContain('Posted by: ');
  });

  it('the preview builds no markup of its own: it clones the parts (no createElement, no innerHTML, no words)', () => {
    const source = readFileSync('src/features/polls/preview.ts', 'utf8').replace(/^\s*\/\/.*$/gm, '');
    expect(source).not.toMatch(/createElement(NS)?\(|innerHTML|insertAdjacentHTML|outerHTML/);
    expect(source).not.toMatch(/'(Posted|View|Vote|Counting|No polls|Opens|Voting closed)\b/);
  });
});
