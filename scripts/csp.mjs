// One Content-Security-Policy for every host: firebase.json serves it as a header, and the build
// writes the same policy into index.html as a <meta> for hosts that cannot set headers.
// tests/unit/app/csp.test.ts keeps the two in step.

import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { VARIANT_SCRIPT } from './prerender/variants.mjs';
import { ADDRESS_SCRIPT, REDIRECT_SCRIPT } from './prerender/people.mjs';
import { ADDRESS_SCRIPT as LANGUAGE_ADDRESS_SCRIPT, LANGUAGE_SCRIPT } from './prerender/languages.mjs';
import { INLINE_SCRIPT_PINS } from './csp-pins.mjs';

/** An inline script's CSP source expression, `'sha256-…'`. */
export const cspHash = (code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** The variant picker's (scripts/prerender/variants.mjs): a constant, so its hash is computed, not pinned. */
export const VARIANT_SCRIPT_HASH = cspHash(VARIANT_SCRIPT);

/**
 * The profile pages' two (scripts/prerender/people.mjs): constants too. The header policy (firebase.json) names them
 * for every page; a page's own <meta> policy only on the pages that carry them (the prerender adds them there), so
 * the award ballot's page — held to a first-round-trip budget — does not carry ~90 bytes of hashes it never uses.
 */
export const PEOPLE_SCRIPT_HASHES = [cspHash(REDIRECT_SCRIPT), cspHash(ADDRESS_SCRIPT)];

/** The doors' language pick and address (scripts/prerender/languages.mjs), the same way: header always, <meta> where used. */
export const LANGUAGE_SCRIPT_HASHES = [cspHash(LANGUAGE_SCRIPT), cspHash(LANGUAGE_ADDRESS_SCRIPT)];

/** Hosts the app may frame: the venue map, the voter-resource sites the web viewer allows. */
export const FRAME_HOSTS = [
  'https://www.google.com',
  'https://maps.google.com',
  'https://mvic.sos.state.mi.us',
  'https://www.michigan.gov',
  'https://michigan.gov',
  'https://www.legislature.mi.gov',
  'https://history.house.gov',
];

/**
 * Where a production build talks to: Firestore, Auth, the realtime database. HTTPS only: feedback goes to the
 * database's REST API (src/remote/realtime.ts), so no WebSocket is opened — and none is allowed.
 */
export const FIREBASE_CONNECT = [
  'https://*.googleapis.com',
  'https://*.firebaseio.com',
  'https://*.firebasedatabase.app',
];

/**
 * @param {{ connect?: string[], frames?: string[], meta?: boolean, pins?: Record<string, string> }} options
 * `meta`: leave out directives browsers ignore (and warn about) in a <meta> element.
 * `pins`: the inline scripts' hashes (scripts/csp-pins.mjs; `npm run csp:pin` passes the new ones).
 */
export function buildCsp({ connect = FIREBASE_CONNECT, frames = [], meta = false, pins = INLINE_SCRIPT_PINS } = {}) {
  const directives = [
    "default-src 'self'",
    // Inline scripts only by their hash: the one a prerendered page picks its variant with
    // (scripts/prerender/variants.mjs) and the pages' inline islands (the award ballot's, build/prerender.ts).
    `script-src 'self' ${[VARIANT_SCRIPT_HASH, ...(meta ? [] : [...PEOPLE_SCRIPT_HASHES, ...LANGUAGE_SCRIPT_HASHES]), ...Object.values(pins)].join(' ')}`,
    // React style attributes (progress bars, avatar sizes) need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${connect.join(' ')}`,
    `frame-src ${[...new Set([...FRAME_HOSTS, ...frames])].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  if (!meta) directives.push("frame-ancestors 'self'");
  return directives.join('; ');
}

/** The connect-src hosts for a build, from the same VITE_* variables the app reads. */
export function connectHostsFor(env) {
  const extra = [env.VITE_API_BASE, env.VITE_VITALS_ENDPOINT].filter(Boolean).map((u) => new URL(u).origin);
  if (env.VITE_FIREBASE_API_KEY) return [...FIREBASE_CONNECT, ...extra];
  const fs = env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080';
  const db = env.VITE_DATABASE_EMULATOR_HOST || '127.0.0.1:9000';
  const auth = env.VITE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
  return [`http://${fs}`, `http://${db}`, `http://${auth}`, ...extra];
}

export function frameHostsFor(env) {
  return [env.VITE_MAP_EMBED_URL, env.VITE_CHAT_URL].filter(Boolean).map((u) => new URL(u).origin);
}

/**
 * Pins an inline script's new hash (`npm run csp:pin`): rewrites scripts/csp-pins.mjs and the policy firebase.json
 * serves, so the header and the build's <meta> allow the same bytes. Returns the files written.
 * @param {string} source the script's source path (a key of INLINE_SCRIPT_PINS)
 * @param {string} hash `'sha256-…'`
 */
export async function pinInlineScript(source, hash) {
  const pins = { ...INLINE_SCRIPT_PINS, [source]: hash };
  const pinsFile = new URL('./csp-pins.mjs', import.meta.url);
  const text = await readFile(pinsFile, 'utf8');
  const head = text.slice(0, text.indexOf('export const INLINE_SCRIPT_PINS'));
  const body = Object.entries(pins).map(([k, v]) => `  ${JSON.stringify(k).replace(/^"|"$/g, "'")}: ${JSON.stringify(v)},`).join('\n');
  await writeFile(pinsFile, `${head}export const INLINE_SCRIPT_PINS = {\n${body}\n};\n`);
  const configFile = new URL('../firebase.json', import.meta.url);
  const config = JSON.parse(await readFile(configFile, 'utf8'));
  for (const rule of config.hosting.headers) for (const h of rule.headers) if (h.key === 'Content-Security-Policy') h.value = buildCsp({ pins });
  await writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
  return ['scripts/csp-pins.mjs', 'firebase.json'];
}
