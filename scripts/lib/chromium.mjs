// Debian's Chromium through playwright-core, with the flags of /work/shared/environment.md. Shared by the
// build's prerender step (scripts/prerender.mjs), the benchmarks (scripts/bench/) and the e2e harness.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
export const PHONE = { width: 390, height: 844 };

export const hasChromium = () => existsSync(CHROMIUM);

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
}
