#!/usr/bin/env node
// node scripts/with-emulators.mjs <command> [args...]
// Starts the Firestore emulator, Realtime Database server, Auth emulator and the backend API stand-in
// (scripts/api-standin.mjs), runs <command> with FIRESTORE_EMULATOR_HOST, DATABASE_EMULATOR_HOST,
// FIREBASE_AUTH_EMULATOR_HOST, GCLOUD_PROJECT, VITE_FIREBASE_PROJECT_ID, VITE_{FIRESTORE,DATABASE,AUTH}_EMULATOR_HOST
// and VITE_API_BASE (= the stand-in, whatever was set before: the tests are hermetic) set,
// stops them all and exits with the command's exit code.
// Rules files (firestore.rules, database.rules.json) are loaded when present unless EMULATOR_RULES=off.
// FIRESTORE_PORT / DATABASE_PORT / AUTH_PORT / API_PORT choose the ports (default 8080 / 9000 / 9099 / 8787).
// A missing Firestore emulator prints "SKIPPED: no Firestore emulator on this machine" and exits 1.

import { spawn } from 'node:child_process';
import { startEmulators, repoRulesFiles, EmulatorMissingError, emulatorEnv } from './emulators.mjs';
import { startApiStandin, DEFAULT_API_PORT } from './api-standin.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-emulators.mjs <command> [args...]');
  process.exit(2);
}

let child = null;
let interrupted = null;
// While the command runs, Ctrl-C reaches it directly (same process group); we just wait for it.
// Before/after it runs, a signal means: clean up and leave.
const forward = (sig) => {
  if (child && child.exitCode === null && child.signalCode === null) {
    try {
      child.kill(sig);
    } catch {
      // already gone
    }
  }
};
const onSignal = (sig) => {
  interrupted ??= sig;
  // A terminal Ctrl-C already reached the command (same process group); only forward SIGINT if the
  // command is still running a moment later (someone signalled just us). SIGTERM is forwarded at once.
  if (sig === 'SIGINT') setTimeout(() => forward(sig), 3000).unref();
  else forward(sig);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const rules = process.env.EMULATOR_RULES === 'off' ? {} : repoRulesFiles();

// In this process (it stops when we exit); first, so a taken port fails before the emulators' slow start.
let api;
try {
  api = await startApiStandin({ port: Number(process.env.API_PORT ?? DEFAULT_API_PORT) });
} catch (err) {
  console.error(`with-emulators: could not start the API stand-in: ${err.message}`);
  process.exit(1);
}

let emu;
try {
  emu = await startEmulators({ ...rules, quiet: process.env.EMULATORS_VERBOSE !== '1' });
} catch (err) {
  await api.stop();
  if (err instanceof EmulatorMissingError) {
    console.error('SKIPPED: no Firestore emulator on this machine');
    console.error(`Reason: ${err.message}`);
  } else {
    console.error(`with-emulators: could not start the emulators: ${err.message}`);
  }
  process.exit(1);
}

if (interrupted) {
  await Promise.all([emu.stop(), api.stop()]);
  process.exit(interrupted === 'SIGINT' ? 130 : 143);
}

console.error(
  `with-emulators: Firestore ${emu.firestoreHost}, Realtime DB ${emu.databaseHost}, Auth ${emu.authHost}, project ${emu.projectId}` +
    `, API stand-in ${api.url}, rules: ${rules.firestoreRules || rules.databaseRules ? 'repo rules' : 'none'}`,
);

const env = emulatorEnv(emu, api);

const exitCode = await new Promise((resolve) => {
  child = spawn(command, args, { stdio: 'inherit', env, shell: false });
  child.on('error', (err) => {
    console.error(`with-emulators: could not run "${command}": ${err.message}`);
    resolve(127);
  });
  child.on('exit', (code, signal) => {
    if (code !== null) resolve(code);
    else resolve(128 + ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1));
  });
});

await Promise.all([emu.stop(), api.stop()]);
process.exit(exitCode);
