#!/usr/bin/env node
// The local Realtime Database: firebase-server 1.1.0 (npm) for the SDK's WebSocket protocol, and in front of it a
// REST API that does what the real one does for the requests the app makes (src/remote/feedbackRest.ts).
//
// Why not firebase-server's own REST API (`-e`): it applies no rules, ignores `auth=`, does not resolve
// {".sv": "timestamp"}, sends no CORS headers (so no browser can call it), answers a preflight with 400, and
// writes past the copy of the data its rules engine (targaryen) evaluates, so a later SDK write is judged against
// stale data. Here a REST request is judged by the same targaryen instance, against the same data and with the same
// token decoding as the server's WebSocket path, and the data it writes is the data both paths read.
//
// Like the real REST API (https://firebase.google.com/docs/reference/rest/database): `/{path}.json`, GET / PUT /
// PATCH (multi-path at any level) / DELETE, `auth=<Firebase ID token>`, server timestamps, `print=silent`,
// 401 {"error": "Permission denied"} when the rules refuse, CORS for any origin.
// Unlike it, on purpose and for the tests only: a read WITHOUT `auth=` is the administrator's (what the server
// holds, as firebase-server's `-e` answered), so the suites can check the server side; a write without one is
// refused. The app always sends a token.
// Tokens are decoded, not verified (as on firebase-server's WebSocket path): the Auth emulator's are unsigned.
//
// Usage: node scripts/rtdb-server.mjs -p 9000 -a 127.0.0.1 [-r database.rules.json]
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FirebaseServer = require('firebase-server');

function arg(flag, fallback) {
  const i = process.argv.indexOf(flag);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const port = Number(arg('-p', '9000'));
const address = arg('-a', '127.0.0.1');
const rulesFile = arg('-r', undefined);

/** What firebase-server's WebSocket path makes of a token (its authData()), so both paths see the same `auth`. */
function authOf(server, token) {
  const decoded = server.tokenValidator.decode(token);
  if (decoded && typeof decoded === 'object' && 'd' in decoded) return decoded.d;
  return { provider: decoded.provider_id, token: decoded, uid: decoded.user_id || decoded.sub };
}

/** {".sv": "timestamp"} anywhere in a value → the server's time (the WebSocket path's replaceServerTimestamp). */
function resolveServerValues(value, now) {
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === '.sv' && value['.sv'] === 'timestamp') return now;
  return Object.fromEntries(keys.map((k) => [k, resolveServerValues(value[k], now)]));
}

function send(res, status, body) {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 16 * 1024 * 1024) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function valueAt(server, path) {
  const ref = path ? server.baseRef.child(path) : server.baseRef;
  return new Promise((resolve) => ref.once('value', (snap) => resolve(snap.val())));
}

async function handle(server, req, res) {
  // The real API answers any origin; the app calls it cross-origin from its own host.
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    send(res, 204);
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.endsWith('.json')) {
    send(res, 404, { error: 'Not found' });
    return;
  }
  const path = decodeURIComponent(url.pathname.slice(0, -'.json'.length)).replace(/^\/+|\/+$/g, '');
  const token = url.searchParams.get('auth');
  let auth = null; // null: the administrator (no token given)
  if (token !== null) {
    try {
      auth = authOf(server, token);
    } catch {
      send(res, 401, { error: 'Could not parse auth token.' });
      return;
    }
  }
  const silent = url.searchParams.get('print') === 'silent';

  if (req.method === 'GET') {
    if (auth && !server.targaryen.as(auth).read(path).allowed) {
      send(res, 401, { error: 'Permission denied' });
      return;
    }
    send(res, 200, await valueAt(server, path));
    return;
  }
  if (req.method !== 'PUT' && req.method !== 'PATCH' && req.method !== 'DELETE') {
    send(res, 405, { error: 'Method not allowed' });
    return;
  }
  let data = null;
  if (req.method !== 'DELETE') {
    try {
      data = JSON.parse(await readBody(req));
    } catch {
      send(res, 400, { error: "Invalid data; couldn't parse JSON object, array, or value." });
      return;
    }
    if (req.method === 'PATCH' && (data === null || typeof data !== 'object' || Array.isArray(data))) {
      send(res, 400, { error: 'Invalid data; a PATCH body must be an object.' });
      return;
    }
  }
  const now = server.clock || Date.now();
  data = resolveServerValues(data, now);
  if (!auth) {
    // Writes without a token are not the tests' business (they write through the SDK or the app), and the
    // rules engine cannot judge an anonymous request here (targaryen's as(null) keeps the last caller's auth).
    send(res, 401, { error: 'Permission denied' });
    return;
  }
  let result;
  try {
    const as = server.targaryen.as(auth);
    result = req.method === 'PATCH' ? as.update(path, data, now) : as.write(path, data, now);
  } catch (err) {
    send(res, 400, { error: String(err instanceof Error ? err.message : err) });
    return;
  }
  if (!result.allowed) {
    // Why, in the rules engine's words: a refusal the tests did not expect (moderation e2e, 1 run in 2 before
    // the read-back; not root-caused) is then explained in the emulators' log, not guessed at.
    console.error(`rtdb: refused ${req.method} /${path} for ${auth?.uid ?? '?'} at ${now}: ${String(result.info ?? '').slice(0, 2000)}`);
    send(res, 401, { error: 'Permission denied' });
    return;
  }
  server.targaryen = result.newDatabase;
  const ref = path ? server.baseRef.child(path) : server.baseRef;
  if (req.method === 'PATCH') ref.update(data);
  else ref.set(data);
  if (silent) send(res, 204);
  else send(res, 200, data);
}

const httpServer = http.createServer((req, res) => {
  const server = httpServer.firebase;
  if (!server) {
    send(res, 503, { error: 'Starting' });
    return;
  }
  handle(server, req, res).catch((err) => {
    if (!res.headersSent) send(res, 500, { error: String(err instanceof Error ? err.message : err) });
  });
});

httpServer.listen(port, address, () => {
  // The WebSocket protocol is firebase-server's, on the same port (the SDK's connection upgrades this server's requests).
  const server = new FirebaseServer({ server: httpServer }, 'localhost.firebaseio.test', {});
  if (rulesFile) server.setRules(JSON.parse(readFileSync(rulesFile, 'utf8')));
  httpServer.firebase = server;
  console.log(`Realtime Database (firebase-server + REST) listening on ${address}:${port}${rulesFile ? ` with rules ${rulesFile}` : ''}`);
});

function end() {
  const server = httpServer.firebase;
  const exit = () => process.exit(0);
  if (server) server.close(exit).catch(exit);
  else exit();
  httpServer.close();
  setTimeout(exit, 2000).unref();
}
process.on('SIGINT', end);
process.on('SIGTERM', end);
