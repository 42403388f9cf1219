// The e2e files run side by side in lanes (issue #21: the suite's minutes are mostly browsers waiting on
// networks and timers, not CPU). A lane is one Vitest worker slot with its own preview server, its own copy of
// the build and its own emulator project id, so one suite's adminClear() can never wipe another's data.
// Lane 1 is the build and project as they are: a single file run alone behaves exactly as before lanes.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// What lane 1 uses, read once per process: a worker's setup rewrites the live variables to its own lane's.
process.env.E2E_BASE_PROJECT ??= process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? '4173';
process.env.E2E_BASE_OUT_DIR ??= process.env.E2E_OUT_DIR ?? 'dist';
export const DEFAULT_PROJECT = process.env.E2E_BASE_PROJECT;
const BASE_PORT = Number(process.env.E2E_BASE_PORT);
const BASE_OUT_DIR = process.env.E2E_BASE_OUT_DIR;

/** How many lanes: E2E_LANES, else 2 (the suite is CPU-bound on a 2-core machine: a third lane measured no faster). */
export function laneCount(): number {
  const n = Number(process.env.E2E_LANES ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Where workers claim lanes (tests/e2e/laneSetup.ts); cleared by the global setup before a run. */
export const LANE_CLAIMS = path.resolve('test-results/e2e-lanes');

export interface Lane {
  index: number;
  port: number;
  projectId: string;
  outDir: string;
}

export function lane(index: number): Lane {
  if (index === 1) return { index, port: BASE_PORT, projectId: DEFAULT_PROJECT, outDir: BASE_OUT_DIR };
  return { index, port: BASE_PORT + index - 1, projectId: `${DEFAULT_PROJECT}-lane${index}`, outDir: `${BASE_OUT_DIR}-lane${index}` };
}

/**
 * Lane 2+ serve a copy of the build that differs only in the project id the build baked in (Firebase
 * config in the chunks, the Firestore REST preloads in prerendered pages). Rebuilding per lane would cost
 * ~25 s each; the copy is byte-for-byte the build otherwise. Returns how many files changed (never 0).
 */
export function prepareLaneBuild(target: Lane): number {
  if (target.index === 1) return 0;
  rmSync(target.outDir, { recursive: true, force: true });
  cpSync(BASE_OUT_DIR, target.outDir, { recursive: true });
  let changed = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(html|js)$/.test(name)) {
        const text = readFileSync(file, 'utf8');
        if (!text.includes(DEFAULT_PROJECT)) continue;
        writeFileSync(file, text.replaceAll(DEFAULT_PROJECT, target.projectId));
        changed++;
      }
    }
  };
  walk(target.outDir);
  if (changed === 0) throw new Error(`lane ${target.index}: the build in ${BASE_OUT_DIR} never names project "${DEFAULT_PROJECT}" — was it built for another project?`);
  return changed;
}
