#!/usr/bin/env node
// npm start: build the app, start the local emulators and the backend API stand-in, seed demo data and a demo
// organiser (scripts/organiser.mjs), serve the build.
//   PORT (default 4173), FIRESTORE_PORT (8080), DATABASE_PORT (9000), AUTH_PORT (9099), API_PORT (8787) choose the ports.
//   With VITE_FIREBASE_API_KEY set (environment or .env files) a real project is configured:
//   no emulators, no seeding, no API stand-in; just build + serve.
//   With VITE_API_BASE set the app calls that API and no stand-in is started (scripts/api-standin.mjs).
// Ctrl-C / SIGTERM stops everything this script started and exits 0.

import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {
  ROOT,
  startEmulators,
  findFirestoreJar,
  repoRulesFiles,
  defaultProjectId,
  EmulatorMissingError,
} from './emulators.mjs';
import { seed, formatSummary } from './seed.mjs';
import { startApiStandin, DEFAULT_API_PORT } from './api-standin.mjs';
import { grantOrganiser, emulatorTarget, DEMO_ORGANISER } from './organiser.mjs';

const VITE_BIN = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const port = Number(process.env.PORT ?? 4173);
const firestorePort = Number(process.env.FIRESTORE_PORT ?? 8080);
const databasePort = Number(process.env.DATABASE_PORT ?? 9000);
const authPort = Number(process.env.AUTH_PORT ?? 9099);
const apiPort = Number(process.env.API_PORT ?? DEFAULT_API_PORT);

const children = new Set();
let emulators = null;
let apiStandin = null; // in this process: stops with it
let shuttingDown = null; // the shutdown promise once a shutdown began (it ends in process.exit)

function shutdown(code) {
  shuttingDown ??= stopEverything(code);
  return shuttingDown;
}

/** Call between steps: if a signal arrived meanwhile, wait here for the exit. */
async function haltIfShuttingDown() {
  if (shuttingDown) await shuttingDown;
}

async function stopEverything(code) {
  const waits = [...children].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 4000).unref();
      }),
  );
  await Promise.all([...waits, emulators?.stop(), apiStandin?.stop()]);
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.log('\nStopping Town Square...');
    void shutdown(0);
  });
}
// A supervisor may signal npm (our parent) rather than us, and npm can exit without passing the signal on:
// orphaned, we would keep Java, firebase-server and the preview running. Stop when the parent goes. (`npm start`
// runs this with `exec`, so npm itself is the parent, not an intermediate shell that outlives it.)
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid && !shuttingDown) {
    console.log('\nThe process that started Town Square has gone: stopping...');
    void shutdown(0);
  }
}, 1000).unref();

process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args, env) {
  const child = spawn(process.execPath, [VITE_BIN, ...args], { cwd: ROOT, stdio: 'inherit', env });
  children.add(child);
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      console.error(String(err));
      children.delete(child);
      resolve(1);
    });
  });
  return { child, done };
}

function waitForPort(p, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ port: p, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing answered on 127.0.0.1:${p} within ${timeoutMs / 1000} s`));
        else setTimeout(attempt, 150);
      });
    };
    attempt();
  });
}

/** A VITE_* setting from the environment or from Vite's .env files (as the build would see it). */
async function configured(name) {
  if (process.env[name]) return process.env[name];
  try {
    const { loadEnv } = await import('vite');
    return loadEnv('production', ROOT, 'VITE_')[name] || '';
  } catch {
    return '';
  }
}

function explainMissingEmulator(err) {
  console.error(
    [
      '',
      'Town Square cannot start its local backend: the Firestore emulator is missing on this machine.',
      `  ${err.message}`,
      'Options:',
      '  1. install the Debian package google-cloud-cli-firestore-emulator (needs Java 17+), then run npm start again;',
      '  2. or set FIRESTORE_EMULATOR_JAR=/path/to/cloud-firestore-emulator.jar;',
      '  3. or use a real Firebase project: set VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID (and the other',
      '     VITE_FIREBASE_* values) in the environment or .env.local; npm start then skips the emulators.',
      '',
    ].join('\n'),
  );
}

function portInUse(p) {
  return new Promise((resolve) => {
    const socket = net.connect({ port: p, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

if (await portInUse(port)) {
  console.error(`Port ${port} is already in use on 127.0.0.1; stop whatever is serving there or set PORT=<port>.`);
  process.exit(1);
}

const realProject = Boolean(await configured('VITE_FIREBASE_API_KEY'));
const projectId = defaultProjectId();
const buildEnv = { ...process.env };

if (!realProject) {
  // Fail before a long build if the emulator cannot run anyway.
  try {
    findFirestoreJar();
  } catch (err) {
    if (err instanceof EmulatorMissingError) {
      explainMissingEmulator(err);
      process.exit(1);
    }
    throw err;
  }
  // src/remote/config.ts reads these at build time.
  buildEnv.VITE_FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestorePort}`;
  buildEnv.VITE_DATABASE_EMULATOR_HOST = `127.0.0.1:${databasePort}`;
  buildEnv.VITE_AUTH_EMULATOR_HOST = `127.0.0.1:${authPort}`;
  buildEnv.VITE_FIREBASE_PROJECT_ID = projectId;
  // The backend API v1 (user details, organisations/20): a local stand-in unless one is configured. Started
  // before the build because the build bakes its address into the app and the CSP's connect-src.
  const apiBase = await configured('VITE_API_BASE');
  if (apiBase) {
    console.log(`VITE_API_BASE is set: the app calls ${apiBase} (no API stand-in).`);
  } else {
    try {
      apiStandin = await startApiStandin({ port: apiPort });
    } catch (err) {
      console.error(`Could not start the API stand-in: ${err.message}`);
      process.exit(1);
    }
    buildEnv.VITE_API_BASE = apiStandin.url;
    console.log(`API stand-in (user details, organisations/20) at ${apiStandin.url}`);
  }
}
await haltIfShuttingDown();

// 1. Build
console.log('Building Town Square...');
// Warnings and errors only: the asset listing of two builds is noise here (npm run build shows it).
const buildStarted = Date.now();
const buildCode = await run(['build', '--logLevel', 'warn'], buildEnv).done;
await haltIfShuttingDown();
if (buildCode !== 0) {
  console.error(`Build failed (exit code ${buildCode}); not starting.`);
  process.exit(buildCode || 1);
}
console.log(`Built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s.`);

// 2. Emulators + demo data
if (realProject) {
  console.log('VITE_FIREBASE_API_KEY is set: using the configured Firebase project (no emulators, no demo data).');
} else {
  try {
    emulators = await startEmulators({ firestorePort, databasePort, authPort, ...repoRulesFiles(), quiet: true });
  } catch (err) {
    if (err instanceof EmulatorMissingError) explainMissingEmulator(err);
    else console.error(`Could not start the local emulators: ${err.message}`);
    await shutdown(1);
  }
  await haltIfShuttingDown();
  try {
    const result = await seed({
      firestoreHost: emulators.firestoreHost,
      databaseHost: emulators.databaseHost,
      projectId: emulators.projectId,
    });
    console.log(formatSummary(result, emulators.firestoreHost, emulators.projectId));
  } catch (err) {
    console.error(`Seeding demo data failed: ${err.message}`);
    await shutdown(1);
  }
  await haltIfShuttingDown();
  // One organiser to try /organiser with, made exactly as `npm run organiser -- grant` makes one (the emulator's
  // own project: where the app's sign-ins land).
  try {
    await grantOrganiser(DEMO_ORGANISER.email, { password: DEMO_ORGANISER.password, target: emulatorTarget(emulators.authHost, emulators.projectId) });
  } catch (err) {
    console.error(`Creating the demo organiser failed: ${err.message}`);
    await shutdown(1);
  }
}
await haltIfShuttingDown();

// 3. Serve the build
const preview = run(['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], buildEnv);
preview.done.then((code) => {
  if (shuttingDown) return;
  console.error(`vite preview exited (code ${code}); stopping.`);
  void shutdown(code || 1);
});
try {
  await waitForPort(port);
} catch (err) {
  console.error(`vite preview did not come up: ${err.message}`);
  await shutdown(1);
}
await haltIfShuttingDown();

console.log('');
console.log(`Town Square is running at http://127.0.0.1:${port}/?uid=demo-visitor`);
if (emulators) {
  console.log(`  Firestore emulator: ${emulators.firestoreHost}   Realtime DB: ${emulators.databaseHost}   Auth: ${emulators.authHost}   project: ${emulators.projectId}`);
}
if (apiStandin) console.log(`  API stand-in: ${apiStandin.url}`);
if (emulators) {
  console.log(`Organisers sign in at http://127.0.0.1:${port}/organiser — demo organiser: ${DEMO_ORGANISER.email}, password ${DEMO_ORGANISER.password}`);
  console.log(`  (more: ${authPort === 9099 ? '' : `AUTH_PORT=${authPort} `}npm run organiser -- grant <email> --password <password>; README, "How to run an event")`);
}
console.log('Press Ctrl-C to stop.');
