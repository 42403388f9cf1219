#!/usr/bin/env node
// A local stand-in for the backend API v1 (spec §7), so `npm start` and the tests exercise the app's two calls:
//   GET /api/v1/user-details/{uid}   → { data: { id, first_name, last_name } } for the demo visitors:
//       the accounts of scripts/demo-data/users.json (first_name = fName) and the API-only users of
//       scripts/demo-data/api/users.json (uid → fields; kept in a subfolder so seed.mjs does not write them to
//       Firestore). Anyone else: 404 { message: 'User not found' }.
//   GET /api/v1/organisations/20     → { data: { id: 20, name, advertisement_banner } }, the banner taken from the
//       demo org-info/20 document; any other id: 404.
// Demo data only, no state, no dependency beyond node:http. Listens on 127.0.0.1 only.
//
// Library use:  const api = await startApiStandin({ port: 8787 });  ... api.url ...  await api.stop();
//               (port 0 picks a free port; api.port says which)
// CLI use:      node scripts/api-standin.mjs   (API_PORT chooses the port, default 8787; Ctrl-C stops it)

import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEMO_DIR = path.join(HERE, 'demo-data');
export const DEFAULT_API_PORT = 8787;
export const ORGANISATION_ID = 20;
/** Longer request targets are refused (414) before any parsing. */
const MAX_TARGET = 2048;
/** A uid longer than this is no one's (Firebase uids are at most 128 characters). */
const MAX_UID = 128;
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** Pages served from this machine may read the answers; any other origin gets no CORS header (the browser blocks it). */
const LOCAL_ORIGIN = /^https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/;

const readJson = (file) => JSON.parse(readFileSync(path.join(DEMO_DIR, file), 'utf8'));

/** uid → API user object, from the demo accounts and the API-only users. */
export function loadApiUsers() {
  const users = new Map();
  for (const [docPath, doc] of Object.entries(readJson('users.json'))) {
    const m = /^users\/([^/]+)\/user_details\/info$/.exec(docPath);
    if (!m || typeof doc?.fName !== 'string') continue;
    users.set(m[1], { id: m[1], first_name: doc.fName, last_name: typeof doc.lName === 'string' ? doc.lName : '' });
  }
  for (const [uid, fields] of Object.entries(readJson('api/users.json'))) {
    if (typeof fields?.first_name !== 'string') throw new Error(`demo-data/api/users.json: "${uid}" needs a first_name`);
    users.set(uid, Object.assign({ id: uid, first_name: '', last_name: '' }, fields, { id: uid }));
  }
  return users;
}

/** Organisation 20: its banner is the first honoree image of the demo org-info/20 document. */
export function loadOrganisation() {
  const stories = readJson('org-info.json')[`org-info/${ORGANISATION_ID}`]?.stories ?? [];
  const first = stories.find((s) => typeof s?.bigImg === 'string' || typeof s?.smallImg === 'string');
  return {
    id: ORGANISATION_ID,
    name: 'Detroit Fashion Choice Awards (demo)',
    advertisement_banner: first ? (first.bigImg ?? first.smallImg) : null,
    demo: true,
  };
}

function createHandler({ users, organisation }) {
  return (req, res) => {
    const origin = req.headers.origin;
    const headers = {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Origin',
    };
    if (typeof origin === 'string' && LOCAL_ORIGIN.test(origin)) headers['Access-Control-Allow-Origin'] = origin;
    const send = (status, body, extra = {}) => {
      const text = body === undefined ? '' : JSON.stringify(body);
      res.writeHead(status, {
        ...headers,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
        'Content-Length': Buffer.byteLength(text),
        ...extra,
      });
      res.end(req.method === 'HEAD' ? undefined : text);
    };

    const target = req.url ?? '';
    if (target.length > MAX_TARGET) return send(414, { message: 'Request path too long' });
    if (!target.startsWith('/')) return send(400, { message: 'Bad request' });

    if (req.method === 'OPTIONS') {
      return send(204, undefined, {
        Allow: ALLOWED_METHODS,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': 'Accept, Content-Type',
        'Access-Control-Max-Age': '600',
      });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, { message: 'Method not allowed' }, { Allow: ALLOWED_METHODS });
    }

    // The raw path, split before decoding: an encoded '/' in a uid stays part of the uid.
    const rawPath = target.split(/[?#]/, 1)[0];
    const segments = rawPath.split('/').slice(1);
    let decoded;
    try {
      decoded = segments.map((s) => decodeURIComponent(s));
    } catch {
      return send(400, { message: 'Bad request' });
    }
    if (segments.length === 4 && segments[0] === 'api' && segments[1] === 'v1') {
      const [, , resource, id] = decoded;
      if (resource === 'user-details') {
        const user = id && id.length <= MAX_UID ? users.get(id) : undefined;
        return user ? send(200, { data: user }) : send(404, { message: 'User not found' });
      }
      if (resource === 'organisations') {
        return id === String(ORGANISATION_ID) ? send(200, { data: organisation }) : send(404, { message: 'Organisation not found' });
      }
    }
    return send(404, { message: 'Not found' });
  };
}

/**
 * Starts the stand-in on 127.0.0.1. Rejects with a clear message when the port is taken.
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export function startApiStandin({ port = DEFAULT_API_PORT } = {}) {
  const server = http.createServer(
    { maxHeaderSize: 16 * 1024, requestTimeout: 10_000 },
    createHandler({ users: loadApiUsers(), organisation: loadOrganisation() }),
  );
  // A malformed request line or oversized headers: answer 400 instead of leaving the socket hanging.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', (err) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`port ${port} is already in use on 127.0.0.1 (set API_PORT=<port> to use another)`)
          : err,
      );
    });
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      let stopped = null;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        port: actual,
        stop() {
          stopped ??= new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
          return stopped;
        },
      });
    });
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const api = await startApiStandin({ port: Number(process.env.API_PORT ?? DEFAULT_API_PORT) });
    console.log(`API stand-in (user details, organisations/${ORGANISATION_ID}) at ${api.url}`);
    for (const sig of ['SIGINT', 'SIGTERM']) {
      process.on(sig, () => void api.stop().then(() => process.exit(0)));
    }
  } catch (err) {
    console.error(`API stand-in could not start: ${err.message}`);
    process.exit(1);
  }
}
