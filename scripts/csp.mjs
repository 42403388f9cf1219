// One Content-Security-Policy for every host: firebase.json serves it as a header, and the build
// writes the same policy into index.html as a <meta> for hosts that cannot set headers.
// tests/unit/app/csp.test.ts keeps the two in step.

import { VARIANT_SCRIPT_HASH } from './prerender/variants.mjs';

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
 * @param {{ connect?: string[], frames?: string[], meta?: boolean }} options
 * `meta`: leave out directives browsers ignore (and warn about) in a <meta> element.
 */
export function buildCsp({ connect = FIREBASE_CONNECT, frames = [], meta = false } = {}) {
  const directives = [
    "default-src 'self'",
    // One inline script, by its hash: the one a prerendered page picks its variant with (scripts/prerender/variants.mjs).
    `script-src 'self' ${VARIANT_SCRIPT_HASH}`,
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
