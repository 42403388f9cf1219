// The award ballot is rendered once (issue #32): the script that makes it usable before the app arrives
// (ballotIsland.ts) clones the parts the build renders from the app's own components (BallotParts.tsx via
// src/app/server.tsx), in each language, instead of building markup of its own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ballotTemplates, renderBallotParts } from '../../../src/app/server';
import { BALLOT_MESSAGES, BALLOT_PARTS, ballotPartsId } from '../../../src/features/polls/ballotPartNames';
import { LOCALES } from '../../../src/lib/locales';

const catalog = (locale: string, ns: string) => JSON.parse(readFileSync(`src/locales/${locale}/${ns}.json`, 'utf8')) as Record<string, string>;
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** The text of the element carrying `attr` (a part's wrapper holds one element; messages are text only). */
const messageOf = (html: string, name: string) => decode(new RegExp(`data-message="${name}">([^<]*)<`).exec(html)?.[1] ?? '');

describe("the pre-React ballot's parts", () => {
  for (const locale of LOCALES) {
    it(`are React's ballot components in ${locale}: every part once, with the catalog's words`, async () => {
      const html = await renderBallotParts(locale);
      for (const part of BALLOT_PARTS) expect(html.split(`data-part="${part}"`).length - 1, part).toBe(1);
      const polls = catalog(locale, 'polls');
      // Words a voter reads, from this language's catalog: the e-mail step, the buttons, the error view's way back.
      for (const id of ['polls.ballot.emailTitle', 'polls.ballot.emailHelp', 'polls.ballot.emailLabel', 'polls.ballot.previous', 'polls.ballot.next', 'polls.ballot.submitVote', 'polls.ballot.back', 'polls.thanks.title', 'polls.all.back']) {
        expect(decode(html), id).toContain(polls[id]);
      }
      expect(html).toContain(`aria-label="${catalog(locale, 'ui')['ui.close']}"`);
      // The option as the app draws it: a radio button named by an isolated <bdi> (the old island had a <span>).
      expect(html).toMatch(/<label class="poll-option"><input type="radio"[^>]*\/><bdi><\/bdi><\/label>/);
    });

    it(`carry every message the island fills in, ${locale}: placeholders kept for the island, the rest as the catalog has them`, async () => {
      const html = await renderBallotParts(locale);
      const polls = catalog(locale, 'polls');
      for (const name of BALLOT_MESSAGES) expect(messageOf(html, name), name).not.toBe('');
      expect(messageOf(html, 'step')).toBe(polls['polls.ballot.step']);
      expect(messageOf(html, 'unsupportedEmail')).toBe(polls['polls.ballot.unsupportedEmail']);
      expect(messageOf(html, 'alreadyVoted')).toBe(polls['polls.already.text']);
      expect(messageOf(html, 'opensAt')).toBe(polls['polls.ballot.opensAt']);
      expect(messageOf(html, 'invalidEmail')).toBe(polls['polls.ballot.invalidEmail']);
      expect(messageOf(html, 'digits').split(' ')).toHaveLength(10);
    });
  }

  it('come as one inert template per language, and the pages are rendered in English again afterwards', async () => {
    const { html } = await ballotTemplates();
    for (const locale of LOCALES) expect(html).toContain(`<template id="${ballotPartsId(locale)}" lang="${locale}">`);
    expect(html.split('<template ').length - 1).toBe(LOCALES.length);
    expect(await renderBallotParts('en')).toContain(catalog('en', 'polls')['polls.ballot.emailTitle']);
  });

  it('the island builds no markup of its own: it clones the parts (no createElement, no innerHTML, no words)', () => {
    const source = readFileSync('src/features/polls/ballotIsland.ts', 'utf8').replace(/^\s*\/\/.*$/gm, '');
    expect(source).not.toMatch(/createElement(NS)?\(|innerHTML|insertAdjacentHTML|outerHTML/);
    // Its only string literals that reach the screen would be English words: none are left (texts come from the parts).
    expect(source).not.toMatch(/'(Category|Submit|Previous|Next|Thank|Close|Email)\b/);
  });
});
