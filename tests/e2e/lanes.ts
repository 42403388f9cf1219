// The e2e files run side by side in lanes (issue #21; docs/testing.md). A lane is a preview server on its own
// port, a copy of the build and an emulator project id of its own, so one suite's adminClear() can never wipe
// or count another's data; a worker claims a free lane before its file runs (tests/e2e/laneSetup.ts).
// Lane 1 is the build and project as they are: a single file run alone behaves exactly as before lanes.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What lane 1 uses, recorded in the environment the first time a lane is asked for: a worker's setup then
 * rewrites the live variables to its own lane's, and a process that runs a second file must not read those.
 * (Not at import: vitest.config.ts imports laneCount, and a production build has no use for these.)
 */
function base(): { project: string; port: number; outDir: string } {
  const env = process.env;
  env.E2E_BASE_PROJECT ??= env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';
  env.E2E_BASE_PORT ??= env.E2E_PORT ?? '4173';
  env.E2E_BASE_OUT_DIR ??= env.E2E_OUT_DIR ?? 'dist';
  return { project: env.E2E_BASE_PROJECT, port: Number(env.E2E_BASE_PORT), outDir: env.E2E_BASE_OUT_DIR };
}

/**
 * How many lanes: E2E_LANES, else 2 (docs/testing.md: two halve the wall time on 2 cores; three gained nothing).
 * From 2026-11-27 to the fix of tests/e2e/pages/organiserAccounts.ts the default was one, while the organiser
 * suite failed in lane 2 only (its accounts were made in the lane's project, where no sign-in looks).
 */
export function laneCount(): number {
  const n = Number(process.env.E2E_LANES ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * Where workers claim lanes (tests/e2e/laneSetup.ts); cleared by the global setup before a run. One per base port:
 * two runs side by side in one checkout (their own E2E_PORT and emulator ports) must not clear each other's claims.
 */
export const laneClaims = (): string => path.resolve(`test-results/e2e-lanes-${base().port}`);
/** Each claim, release and adminClear(), with time, pid and file (laneSetup.ts); printed by the global teardown. */
export const laneLog = (): string => path.resolve(`test-results/e2e-lanes-${base().port}.log`);

export interface Lane {
  index: number;
  port: number;
  projectId: string;
  outDir: string;
}

export function lane(index: number): Lane {
  const { project, port, outDir } = base();
  if (index === 1) return { index, port, projectId: project, outDir };
  return { index, port: port + index - 1, projectId: `${project}-lane${index}`, outDir: `${outDir}-lane${index}` };
}

/**
 * Lane 2+ serve a copy of the build that differs only in the project id the build baked in (Firebase
 * config in the chunks, the Firestore REST preloads in prerendered pages). Rebuilding per lane would cost
 * ~25 s each; the copy is byte-for-byte the build otherwise. Returns how many files changed (never 0).
 */
export function prepareLaneBuild(target: Lane): number {
  if (target.index === 1) return 0;
  const { project, outDir } = base();
  rmSync(target.outDir, { recursive: true, force: true });
  cpSync(outDir, target.outDir, { recursive: true });
  let changed = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(html|js)$/.test(name)) {
        const text = readFileSync(file, 'utf8');
        if (!text.includes(project)) continue;
        writeFileSync(file, text.replaceAll(project, target.projectId));
        changed++;
      }
    }
  };
  walk(target.outDir);
  if (changed === 0) throw new Error(`lane ${target.index}: the build in ${outDir} never names project "${project}" — was it built for another project?`);
  return changed;
}
