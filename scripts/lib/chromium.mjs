// Debian's Chromium through playwright-core, with the flags of /work/shared/environment.md. Shared by the
// benchmarks (scripts/bench/) and the e2e harness (the build needs no browser).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
  // English unless a context asks for another language: the app starts in the browser's language (issue #22),
  // and the build, tests and benchmarks are about the English pages whatever the machine's own language is.
  '--lang=en-US',
];
export const PHONE = { width: 390, height: 844 };

export const hasChromium = () => existsSync(CHROMIUM);

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
}
