// The install offer's pure parts (issue #33): which devices get Safari's steps, which get the button, and what
// the visitor's answers do.
import { describe, expect, it } from 'vitest';
import { dismiss, installMode, isAppleSafari, isDismissed, noteOfferedAfterVote, offeredAfterVote, type AnswerStore, type InstallFacts } from '../../../src/features/account/install';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { KeptData, keptState } from '../../../src/features/account/KeptData';

const UA = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPadSafari: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // An iPad asking for the desktop site: only its touch points tell it from a Mac.
  iPadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iPhoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

describe('isAppleSafari', () => {
  it('is true for Safari on iPhone and iPad, also an iPad asking for the desktop site', () => {
    expect(isAppleSafari(UA.iPhoneSafari, 5)).toBe(true);
    expect(isAppleSafari(UA.iPadSafari, 5)).toBe(true);
    expect(isAppleSafari(UA.iPadDesktop, 5)).toBe(true);
  });
  it('is false for a Mac (no touch), other browsers on iOS, and Android', () => {
    expect(isAppleSafari(UA.iPadDesktop, 0)).toBe(false);
    expect(isAppleSafari(UA.iPhoneChrome, 5)).toBe(false);
    expect(isAppleSafari(UA.iPhoneFirefox, 5)).toBe(false);
    expect(isAppleSafari(UA.androidChrome, 5)).toBe(false);
  });
});

describe('installMode', () => {
  const base: InstallFacts = { standalone: false, installed: false, dismissed: false, offered: false, appleSafari: false };
  it('offers the button where the browser offered to install, Safari’s steps on an iPhone, nothing elsewhere', () => {
    expect(installMode({ ...base, offered: true })).toBe('prompt');
    expect(installMode({ ...base, appleSafari: true })).toBe('apple');
    expect(installMode(base)).toBeNull();
  });
  it('shows nothing once installed, from the home screen, or after "No thanks"', () => {
    for (const answered of [{ standalone: true }, { installed: true }, { dismissed: true }]) {
      expect(installMode({ ...base, offered: true, ...answered })).toBeNull();
      expect(installMode({ ...base, appleSafari: true, ...answered })).toBeNull();
    }
  });
});

describe('the visitor’s answers', () => {
  const memory = (): AnswerStore => {
    const m = new Map<string, string>();
    return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
  };
  it('"No thanks" is kept', () => {
    const s = memory();
    expect(isDismissed(s)).toBe(false);
    dismiss(s);
    expect(isDismissed(s)).toBe(true);
  });
  it('the offer after a vote is noted once made, apart from "No thanks"', () => {
    const s = memory();
    expect(offeredAfterVote(s)).toBe(false);
    noteOfferedAfterVote(s);
    expect(offeredAfterVote(s)).toBe(true);
    expect(isDismissed(s)).toBe(false);
  });
  it('no storage (blocked): nothing is remembered, nothing throws', () => {
    expect(isDismissed(null)).toBe(false);
    expect(() => dismiss(null)).not.toThrow();
  });
});

describe('keptState (Settings’ storage words)', () => {
  it('follows what the browser says, and is unknown where it cannot say', async () => {
    expect(await keptState({ persisted: () => Promise.resolve(true) })).toBe('kept');
    expect(await keptState({ persisted: () => Promise.resolve(false) })).toBe('may-clear');
    expect(await keptState(undefined)).toBe('unknown');
    expect(await keptState({ persisted: () => Promise.reject(new Error('no')) })).toBe('unknown');
  });
});

describe('KeptData (Settings’ storage card) before the browser has answered', () => {
  it('says it is asking, marked busy — never a heading over nothing', () => {
    // The first render, as React draws it before any effect has run (the answer is asynchronous).
    const html = renderToStaticMarkup(createElement(KeptData, { waiting: 1 }));
    expect(html).toContain('data-kept="asking"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/<p[^>]*>Asking this browser whether it keeps Town Square’s data…<\/p>/);
    expect(html).not.toContain('Items waiting to send');
  });
});
