import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — plain ESM helper
import { buildCsp, connectHostsFor, FRAME_HOSTS, LANGUAGE_SCRIPT_HASHES, PEOPLE_SCRIPT_HASHES, VARIANT_SCRIPT_HASH } from '../../../scripts/csp.mjs';
// @ts-expect-error — plain ESM helper
import { ADDRESS_SCRIPT as LANGUAGE_ADDRESS_SCRIPT, LANGUAGE_SCRIPT } from '../../../scripts/prerender/languages.mjs';
// @ts-expect-error — plain ESM helper
import { ADDRESS_SCRIPT, allowInlineScripts, REDIRECT_SCRIPT } from '../../../scripts/prerender/people.mjs';
// @ts-expect-error — plain ESM helper
import { VARIANT_SCRIPT } from '../../../scripts/prerender/variants.mjs';
// @ts-expect-error — plain ESM helper
import { INLINE_SCRIPT_PINS } from '../../../scripts/csp-pins.mjs';
import { createHash } from 'node:crypto';
import { VOTER_RESOURCE_HOSTS } from '../../../src/features/civic/voterResources';
import { DEFAULT_MAP_EMBED_URL } from '../../../src/features/venue/config';

const policy = (): string => {
  const cfg = JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } };
  return cfg.hosting.headers.flatMap((h) => h.headers).find((h) => h.key === 'Content-Security-Policy')!.value;
};

describe('Content-Security-Policy', () => {
  it('firebase.json serves exactly the policy the build writes (plus frame-ancestors)', () => {
    expect(policy()).toBe(buildCsp({}));
    expect(buildCsp({ meta: true })).not.toContain('frame-ancestors');
  });
  it('allows only our own scripts and the inline scripts named by their hashes, and frames only allow-listed hosts', () => {
    const hash = `'sha256-${createHash('sha256').update(VARIANT_SCRIPT as string).digest('base64')}'`;
    expect(VARIANT_SCRIPT_HASH).toBe(hash);
    // The award ballot's inline island, pinned by the build (build/prerender.ts checks every build against it).
    const pins = Object.values(INLINE_SCRIPT_PINS as Record<string, string>);
    expect(Object.keys(INLINE_SCRIPT_PINS as object)).toEqual(['src/features/polls/ballotIsland.ts']);
    for (const pin of pins) expect(pin).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    // The profile pages' two (issue #56): in the header for every page; in a <meta> only where the prerender adds them.
    const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    const people = [REDIRECT_SCRIPT as string, ADDRESS_SCRIPT as string].map(sha);
    expect(PEOPLE_SCRIPT_HASHES).toEqual(people);
    // And the doors' language pick and address (issue #56), the same way.
    const languages = [LANGUAGE_SCRIPT as string, LANGUAGE_ADDRESS_SCRIPT as string].map(sha);
    expect(LANGUAGE_SCRIPT_HASHES).toEqual(languages);
    expect(policy()).toContain(`script-src 'self' ${[hash, ...people, ...languages, ...pins].join(' ')};`);
    const meta = buildCsp({ meta: true }) as string;
    expect(meta).toContain(`script-src 'self' ${[hash, ...pins].join(' ')};`);
    const page = allowInlineScripts(`<meta http-equiv="Content-Security-Policy" content="${meta}">`, PEOPLE_SCRIPT_HASHES) as string;
    expect(page).toContain(`script-src 'self' ${[...people, hash, ...pins].join(' ')};`);
    expect(policy()).toContain("object-src 'none'");
    expect(policy()).not.toMatch(/script-src[^;]*unsafe/);
  });
  it('lists every host the web viewer and the venue map frame', () => {
    const frames = new Set((FRAME_HOSTS as string[]).map((u) => new URL(u).hostname));
    for (const host of VOTER_RESOURCE_HOSTS) expect(frames, host).toContain(host);
    expect(frames).toContain(new URL(DEFAULT_MAP_EMBED_URL).hostname);
  });
  it('opens no WebSocket: feedback goes to the database over HTTPS (issue #30)', () => {
    expect(policy()).not.toMatch(/wss?:/);
    expect(buildCsp({ connect: connectHostsFor({}) })).not.toMatch(/wss?:/);
    expect(policy()).toMatch(/connect-src [^;]*https:\/\/\*\.firebaseio\.com/);
  });
  it('connects only to Firebase hosts in production and to the emulators locally', () => {
    expect(connectHostsFor({ VITE_FIREBASE_API_KEY: 'k' }).every((h: string) => /googleapis|firebaseio|firebasedatabase/.test(h))).toBe(true);
    expect(connectHostsFor({})).toEqual(['http://127.0.0.1:8080', 'http://127.0.0.1:9000', 'http://127.0.0.1:9099']);
  });
});
