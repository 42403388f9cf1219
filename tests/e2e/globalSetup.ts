// Serves the production build (built by scripts/test-all.mjs or here) on 127.0.0.1 for the e2e suites, once
// per lane (tests/e2e/lanes.ts): lane i on E2E_PORT + i - 1 with its own project id.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
// @ts-expect-error — plain ESM script without types
import * as shared from '../../scripts/lib/chromium.mjs';
import { laneClaims, laneLog, lane, laneCount, prepareLaneBuild } from './lanes';

const { CHROMIUM } = shared as { CHROMIUM: string };

// E2E_PORT / E2E_OUT_DIR let several people run the suites side by side (each with its own emulator ports).
const OUT_DIR = lane(1).outDir;

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`preview server did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const servers: ChildProcess[] = [];

export async function setup(): Promise<void> {
  // Which browser the results are about (offline emulation has differed between Chromium versions).
  const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  console.log(`e2e browser: ${version || 'unknown (chromium --version gave nothing)'}`);
  if (process.env.E2E_BASE_URL) return; // pointed at a server someone else runs
  if (!existsSync(`${OUT_DIR}/index.html`) || process.env.E2E_BUILD === '1') {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', OUT_DIR], {
      stdio: 'inherit',
      // vitest runs with NODE_ENV=test, which would give a development React build and no service worker.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  rmSync(laneClaims(), { recursive: true, force: true }); // claims a killed run left behind
  rmSync(laneLog(), { force: true });
  const lanes = Array.from({ length: laneCount() }, (_, i) => lane(i + 1));
  for (const l of lanes) {
    const changed = prepareLaneBuild(l);
    console.log(`e2e lane ${l.index}: http://127.0.0.1:${l.port}, project ${l.projectId}, ${l.outDir}${changed ? ` (${changed} files name the lane's project)` : ''}`);
    servers.push(spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(l.port), '--strictPort', '--outDir', l.outDir], { stdio: ['ignore', 'ignore', 'inherit'] }));
  }
  await Promise.all(lanes.map((l) => waitForHttp(`http://127.0.0.1:${l.port}/`, 30_000)));
}

export async function teardown(): Promise<void> {
  if (laneCount() > 1 && existsSync(laneLog())) console.log(`\ne2e lanes, who held which when:\n${readFileSync(laneLog(), 'utf8')}`);
  await Promise.all(
    servers.splice(0).map(async (server) => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }),
  );
}
