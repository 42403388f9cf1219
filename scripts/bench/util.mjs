// Small helpers shared by the benchmark sections (scripts/bench.mjs).
import { spawn } from 'node:child_process';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

export const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
export const ms = (v) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : 'n/a');
export const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : 'n/a');

/** Polls `fn` until it returns a truthy value; returns that value. */
export async function until(fn, { timeoutMs, intervalMs = 200, what }) {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

export async function waitForHttp(url, timeoutMs = 30_000) {
  await until(
    async () => {
      try {
        return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs, intervalMs: 150, what: `HTTP ${url}` },
  );
}

/** Runs a command to completion; rejects on a non-zero exit. Output goes to ours unless quiet. */
export function run(command, args, { env = process.env, cwd, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}${out ? `\n${out.slice(-3000)}` : ''}`));
    });
  });
}
