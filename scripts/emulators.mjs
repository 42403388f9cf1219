#!/usr/bin/env node
// Local Firebase services for development and tests (no account, no network):
//   * Firestore: Google's emulator jar from the Debian package google-cloud-cli-firestore-emulator
//   * Realtime Database: firebase-server (npm) from node_modules, behind a REST API that applies the rules
//     (scripts/rtdb-server.mjs: the app sends feedback over REST)
//   * Authentication: the Auth emulator of firebase-tools (npm, pure Node; its Firestore and Database emulators
//     need Java 21 and downloads, so those two stay as above). The app signs in against it exactly as against a
//     real project, and the Firestore jar and firebase-server accept its (unsigned) ID tokens.
//
// Library use:
//   const emu = await startEmulators({ firestorePort: 8180, databasePort: 9100, authPort: 9199 });
//   ... emu.firestoreHost, emu.databaseHost, emu.authHost, emu.projectId ...
//   await emu.stop();
// CLI use: `node scripts/emulators.mjs` (FIRESTORE_PORT / DATABASE_PORT / AUTH_PORT override the ports).
//
// Every service is started in its own process group under a tiny Node supervisor that
//   - reaps the service (the container's PID 1 may not reap orphans),
//   - kills the service if this (parent) process disappears, even by SIGKILL.
// stop(), process exit, SIGINT and SIGTERM all kill the whole group.

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const KNOWN_JAR_PATH =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIREBASE_SERVER_BIN = path.join(ROOT, 'node_modules', 'firebase-server', 'bin', 'firebase-server.js');
const FIREBASE_TOOLS_BIN = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
const READY_TIMEOUT_MS = 30_000;
// firebase-tools loads for ~7 s on an idle machine (measured here; ~20 s seen on a busy one).
const AUTH_READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 4_000;

export function defaultProjectId() {
  return process.env.VITE_FIREBASE_PROJECT_ID || 'demo-town-square';
}

/** Thrown when the Firestore emulator jar cannot be found. `code` is 'FIRESTORE_EMULATOR_MISSING'. */
export class EmulatorMissingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'EmulatorMissingError';
    this.code = 'FIRESTORE_EMULATOR_MISSING';
  }
}

/** Locate the Firestore emulator jar or throw EmulatorMissingError explaining how to get it. */
export function findFirestoreJar() {
  const fromEnv = process.env.FIRESTORE_EMULATOR_JAR;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new EmulatorMissingError(
      `FIRESTORE_EMULATOR_JAR is set to "${fromEnv}", but no file exists there. ` +
        'Point it at cloud-firestore-emulator.jar, or unset it and install the Debian package ' +
        'google-cloud-cli-firestore-emulator (apt-get install google-cloud-cli-firestore-emulator, ' +
        "from Google's Cloud SDK apt repository; it needs Java 17+).",
    );
  }
  try {
    const out = execFileSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const jar = out.split('\n').map((l) => l.trim()).find((l) => l.endsWith('emulator.jar'));
    if (jar && existsSync(jar)) return jar;
  } catch {
    // dpkg missing or package not installed: fall through
  }
  if (existsSync(KNOWN_JAR_PATH)) return KNOWN_JAR_PATH;
  throw new EmulatorMissingError(
    'The Firestore emulator jar (cloud-firestore-emulator.jar) was not found: the Debian package ' +
      'google-cloud-cli-firestore-emulator is not installed and FIRESTORE_EMULATOR_JAR is not set. ' +
      "Fix: install it (apt-get install google-cloud-cli-firestore-emulator, from Google's Cloud SDK " +
      'apt repository; it needs Java 17+), or set FIRESTORE_EMULATOR_JAR=/path/to/cloud-firestore-emulator.jar.',
  );
}

// ---------------------------------------------------------------------------------------------
// Process management

/** Runs inside the supervisor process (group leader). argv: [jsonCommand, parentPid] */
const SUPERVISOR_SOURCE = `
const { spawn } = require('node:child_process');
const [cmd, ...args] = JSON.parse(process.argv[1]);
const parentPid = Number(process.argv[2]);
const child = spawn(cmd, args, { stdio: 'inherit' });
let dying = false;
function killGroup(sig) { try { process.kill(-process.pid, sig); } catch {} }
// Signals reach the whole group (the service gets them directly); just wait for it to exit.
process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
child.on('error', (e) => { console.error(String(e)); process.exit(127); });
child.on('exit', (code, sig) => process.exit(code ?? (sig ? 1 : 0)));
setInterval(() => {
  let gone = false;
  try { process.kill(parentPid, 0); } catch (e) { gone = e.code === 'ESRCH'; }
  if (process.ppid !== parentPid) gone = true;
  if (gone && !dying) {
    dying = true;
    try { child.kill('SIGTERM'); } catch {}
    setTimeout(() => killGroup('SIGKILL'), ${STOP_GRACE_MS}).unref();
  }
}, 1000);
`;

const running = new Set(); // of service handles

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function spawnService(name, command, args, { quiet, cwd = ROOT, env = process.env }) {
  const child = spawn(process.execPath, ['-e', SUPERVISOR_SOURCE, JSON.stringify([command, ...args]), String(process.pid)], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const service = {
    name,
    child,
    pgid: child.pid,
    output: '',
    exited: false,
    exitCode: null,
    exitPromise: null,
  };
  service.exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      service.exited = true;
      service.exitCode = code ?? signal;
      resolve();
    });
    child.once('error', (err) => {
      service.output += `\n${err}`;
      service.exited = true;
      resolve();
    });
  });
  const onData = (stream) => {
    let pending = '';
    return (chunk) => {
      const text = chunk.toString();
      service.output = (service.output + text).slice(-8000);
      if (quiet) return;
      const lines = (pending + text).split('\n');
      pending = lines.pop();
      for (const line of lines) if (line.trim()) stream.write(`[${name}] ${line}\n`);
    };
  };
  child.stdout.on('data', onData(process.stdout));
  child.stderr.on('data', onData(process.stderr));
  running.add(service);
  installExitHooks();
  return service;
}

async function stopService(service) {
  if (!service) return;
  if (!service.exited) {
    killGroup(service.pgid, 'SIGTERM');
    const timedOut = await Promise.race([service.exitPromise.then(() => false), sleep(STOP_GRACE_MS).then(() => true)]);
    if (timedOut) {
      killGroup(service.pgid, 'SIGKILL');
      await service.exitPromise;
    }
  }
  // The supervisor reaps the service, but make sure nothing else is left in the group.
  const deadline = Date.now() + STOP_GRACE_MS;
  while (groupAlive(service.pgid) && Date.now() < deadline) {
    killGroup(service.pgid, 'SIGKILL');
    await sleep(50);
  }
  service.child.stdout?.destroy();
  service.child.stderr?.destroy();
  running.delete(service);
}

let hooksInstalled = false;
function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const s of running) if (!s.exited) killGroup(s.pgid, 'SIGKILL');
  });
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    const handler = async () => {
      // If the host program handles this signal itself, it is responsible for calling stop();
      // the 'exit' hook above is the safety net.
      if (process.listenerCount(sig) > 1) return;
      await Promise.allSettled([...running].map(stopService));
      process.exit(code);
    };
    process.on(sig, handler);
  }
}

// ---------------------------------------------------------------------------------------------
// Readiness / port checks

function tcpConnects(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function httpText(url, timeoutMs = 1000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  } catch {
    return null;
  }
}

async function assertPortFree(port, what, envVar) {
  if (!(await tcpConnects(port))) return;
  const res = await httpText(`http://127.0.0.1:${port}/`);
  if (res && res.text.trim() === 'Ok') {
    throw new Error(
      `Port ${port} is busy: a Firestore emulator is already running there (GET / answered "Ok"). ` +
        `Stop it (pgrep -af CloudFirestore) or choose another port with ${envVar}=<port>; ` +
        'refusing to reuse an emulator this script did not start.',
    );
  }
  throw new Error(
    `Port ${port} (wanted for the ${what}) is busy: another process is listening on 127.0.0.1:${port}. ` +
      `Stop it (ss -ltnp | grep :${port}) or choose another port with ${envVar}=<port>.`,
  );
}

function describeFailure(service, message) {
  const tail = service.output.trim().split('\n').slice(-15).join('\n');
  return new Error(`${message}${tail ? `\n--- ${service.name} output (last lines) ---\n${tail}` : ''}`);
}

async function waitUntil(service, probe, what, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.exited) {
      throw describeFailure(service, `The ${what} exited during start-up (code ${service.exitCode}).`);
    }
    if (await probe()) {
      if (service.exited) throw describeFailure(service, `The ${what} exited during start-up (code ${service.exitCode}).`);
      return;
    }
    await sleep(150);
  }
  throw describeFailure(service, `The ${what} did not become ready within ${timeoutMs / 1000} s.`);
}

// ---------------------------------------------------------------------------------------------
// Public API

/** A port nothing listens on now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The Auth emulator under its own throw-away firebase.json (its port, and free ports for the hub and logging
 * servers firebase-tools also opens, so two runs side by side do not collide), with no UI and no telemetry.
 */
async function spawnAuthEmulator(authPort, projectId, quiet) {
  if (!existsSync(FIREBASE_TOOLS_BIN)) {
    throw new Error(`firebase-tools is not installed (${FIREBASE_TOOLS_BIN} missing). Fix: run npm ci.`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'town-square-auth-'));
  const emulators = {
    auth: { host: '127.0.0.1', port: authPort },
    hub: { host: '127.0.0.1', port: await freePort() },
    logging: { host: '127.0.0.1', port: await freePort() },
    ui: { enabled: false },
  };
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify({ emulators }));
  const service = spawnService(
    'auth',
    process.execPath,
    [FIREBASE_TOOLS_BIN, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(dir, 'firebase.json')],
    { quiet, cwd: dir, env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' } },
  );
  service.cleanup = () => rmSync(dir, { recursive: true, force: true });
  return service;
}

/**
 * Start the Firestore emulator, the Realtime Database server and (unless `auth: false`) the Auth emulator.
 * @returns {Promise<{firestoreHost: string, databaseHost: string, authHost: string | null, projectId: string, stop: () => Promise<void>}>}
 */
export async function startEmulators({
  firestorePort = Number(process.env.FIRESTORE_PORT ?? 8080),
  databasePort = Number(process.env.DATABASE_PORT ?? 9000),
  authPort = Number(process.env.AUTH_PORT ?? 9099),
  auth = true,
  firestoreRules,
  databaseRules,
  quiet,
} = {}) {
  const projectId = defaultProjectId();
  const jar = findFirestoreJar();
  if (firestoreRules && !existsSync(firestoreRules)) throw new Error(`Firestore rules file not found: ${firestoreRules}`);
  if (databaseRules && !existsSync(databaseRules)) throw new Error(`Database rules file not found: ${databaseRules}`);
  if (!existsSync(FIREBASE_SERVER_BIN)) {
    throw new Error(`firebase-server is not installed (${FIREBASE_SERVER_BIN} missing). Fix: run npm install.`);
  }
  if (firestorePort === databasePort) throw new Error(`Firestore and database ports must differ (both ${firestorePort}).`);
  await assertPortFree(firestorePort, 'Firestore emulator', 'FIRESTORE_PORT');
  await assertPortFree(databasePort, 'Realtime Database server', 'DATABASE_PORT');
  if (auth) await assertPortFree(authPort, 'Auth emulator', 'AUTH_PORT');

  const fsArgs = [
    '-Duser.language=en',
    '-cp',
    jar,
    'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
    '--host',
    '127.0.0.1',
    '--port',
    String(firestorePort),
  ];
  if (firestoreRules) fsArgs.push('--rules', path.resolve(firestoreRules));
  // firebase-server for the SDK's WebSocket, with a REST API that applies the rules in front (scripts/rtdb-server.mjs).
  const dbArgs = [path.join(ROOT, 'scripts', 'rtdb-server.mjs'), '-p', String(databasePort), '-a', '127.0.0.1'];
  if (databaseRules) dbArgs.push('-r', path.resolve(databaseRules));

  const firestore = spawnService('firestore', 'java', fsArgs, { quiet });
  const database = spawnService('database', process.execPath, dbArgs, { quiet });
  const authService = auth ? await spawnAuthEmulator(authPort, projectId, quiet) : null;

  let stopping = null;
  const stop = () => {
    stopping ??= Promise.all([stopService(firestore), stopService(database), stopService(authService)]).then(() => authService?.cleanup());
    return stopping;
  };

  try {
    await Promise.all([
      waitUntil(
        firestore,
        async () => (await httpText(`http://127.0.0.1:${firestorePort}/`))?.status === 200,
        `Firestore emulator (port ${firestorePort})`,
      ),
      waitUntil(database, () => tcpConnects(databasePort), `Realtime Database server (port ${databasePort})`),
      authService &&
        waitUntil(
          authService,
          async () => (await httpText(`http://127.0.0.1:${authPort}/`))?.status === 200,
          `Auth emulator (port ${authPort})`,
          AUTH_READY_TIMEOUT_MS,
        ),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    firestoreHost: `127.0.0.1:${firestorePort}`,
    databaseHost: `127.0.0.1:${databasePort}`,
    authHost: authService ? `127.0.0.1:${authPort}` : null,
    projectId,
    pids: { firestore: firestore.pgid, database: database.pgid, auth: authService?.pgid ?? null },
    stop,
  };
}

/**
 * The environment a command run beside the emulators gets: the hosts the Firebase SDKs and src/remote/config.ts
 * read, the project id, and the API stand-in (VITE_API_BASE is the stand-in whatever was set before: the tests
 * are hermetic; builds started by the command bake it in, and scripts/csp.mjs adds its origin to connect-src).
 * Used by scripts/with-emulators.mjs and scripts/test-all.mjs.
 */
export function emulatorEnv(emu, api, base = process.env) {
  const binDir = path.join(ROOT, 'node_modules', '.bin');
  return {
    ...base,
    // so that `with-emulators.mjs vitest ...` works outside npm scripts too
    PATH: [binDir, base.PATH].filter(Boolean).join(path.delimiter),
    FIRESTORE_EMULATOR_HOST: emu.firestoreHost,
    DATABASE_EMULATOR_HOST: emu.databaseHost,
    FIREBASE_AUTH_EMULATOR_HOST: emu.authHost,
    VITE_AUTH_EMULATOR_HOST: emu.authHost,
    FIREBASE_DATABASE_EMULATOR_HOST: emu.databaseHost,
    GCLOUD_PROJECT: emu.projectId,
    VITE_FIREBASE_PROJECT_ID: emu.projectId,
    VITE_FIRESTORE_EMULATOR_HOST: emu.firestoreHost,
    VITE_DATABASE_EMULATOR_HOST: emu.databaseHost,
    VITE_API_BASE: api.url,
    API_PORT: String(api.port),
  };
}

/** Delete every document in the emulator's default database. */
export async function clearFirestore(host, projectId = defaultProjectId()) {
  const url = `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`clearFirestore: DELETE ${url} -> ${res.status} ${await res.text()}`);
}

/** Rules files of the repo, when they exist. */
export function repoRulesFiles() {
  const firestoreRules = path.join(ROOT, 'firestore.rules');
  const databaseRules = path.join(ROOT, 'database.rules.json');
  return {
    firestoreRules: existsSync(firestoreRules) ? firestoreRules : undefined,
    databaseRules: existsSync(databaseRules) ? databaseRules : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const rules = repoRulesFiles();
  let emu;
  const shutdown = async () => {
    console.log('\nStopping emulators...');
    await emu?.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  try {
    emu = await startEmulators({ ...rules, quiet: process.env.EMULATORS_QUIET === '1' });
  } catch (err) {
    console.error(`Could not start the emulators: ${err.message}`);
    process.exit(1);
  }
  console.log(`Firestore emulator:     ${emu.firestoreHost}  (FIRESTORE_EMULATOR_HOST=${emu.firestoreHost})`);
  console.log(`Realtime DB server:     ${emu.databaseHost}  (DATABASE_EMULATOR_HOST=${emu.databaseHost})`);
  console.log(`Auth emulator:          ${emu.authHost}  (FIREBASE_AUTH_EMULATOR_HOST=${emu.authHost})`);
  console.log(`Project id:             ${emu.projectId}`);
  console.log(
    `Rules:                  firestore=${rules.firestoreRules ? 'firestore.rules' : 'none (open)'}, ` +
      `database=${rules.databaseRules ? 'database.rules.json' : 'none (open)'}`,
  );
  console.log('Press Ctrl-C to stop.');
}
