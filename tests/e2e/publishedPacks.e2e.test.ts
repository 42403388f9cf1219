// Corrections without a release (issue #34), in real Chromium against the emulators: `npm run data:publish` of a
// corrected cabinet pack while the app is open reaches the screen when the connection returns — no reload, no new
// build; a pack that fails the schema is refused (by the script, and by the app if one is planted) and the last
// good one stays; offline, the last good one is what shows.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { adminClear, adminWriteMany, emulatorConfig } from '../integration/env';
import { describe, expect, test as it } from './fixtures';

beforeAll(adminClear);
afterAll(adminClear); // no published pack left for the next file of this lane

const builtIn = JSON.parse(readFileSync('src/data/packs/cabinet.json', 'utf8')) as { version: number; entries: { name: string; title: string }[] };
const first = builtIn.entries[0]!;

/** `npm run data:publish` for these packs in `dir`, against this lane's emulator project. */
function publish(dir: string): { status: number | null; output: string } {
  const cfg = emulatorConfig();
  const res = spawnSync(process.execPath, ['scripts/data-publish.mjs', `--dir=${dir}`, '--packs=cabinet'], {
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: `${cfg.emulators!.firestore.host}:${cfg.emulators!.firestore.port}`, GCLOUD_PROJECT: cfg.firebase.projectId },
    encoding: 'utf8',
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

function packDir(pack: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ts-packs-'));
  writeFileSync(path.join(dir, 'cabinet.json'), JSON.stringify(pack, null, 2));
  return dir;
}

describe('civic packs published as data (issue #34)', () => {
  it('a correction published while the app is open shows after reconnecting; a broken one is refused; offline keeps the last good', async ({ app, page }) => {
    await app.goto('/cabinet');
    await app.installed();
    await page.getByText(first.name, { exact: true }).first().waitFor();

    // The visitor's Wi-Fi drops; meanwhile the team publishes a corrected cabinet pack.
    await app.offline();
    const corrected = { ...builtIn, version: builtIn.version + 1, entries: builtIn.entries.map((e, i) => (i === 0 ? { ...e, name: `${e.name} (corrected)` } : e)) };
    const ok = publish(packDir(corrected));
    expect(ok.status, ok.output).toBe(0);
    expect(ok.output).toContain(`published cabinet v${builtIn.version + 1}`);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await page.getByText(`${first.name} (corrected)`).count()).toBe(0); // offline: nothing new yet

    await app.online();
    await page.getByText(`${first.name} (corrected)`, { exact: true }).first().waitFor({ timeout: 20_000 });
    await app.screenshot('cabinet-published-correction');

    // A pack that fails the schema: data:publish refuses it and publishes nothing…
    const broken = { ...corrected, version: builtIn.version + 2, entries: corrected.entries.map((e, i) => (i === 0 ? { ...e, name: '' } : e)) };
    const refused = publish(packDir(broken));
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain('nothing was published');
    // …and one planted past the script (checksum right, schema wrong) is refused by the app: the last good stays.
    const text = JSON.stringify({ ...broken, entries: broken.entries.map((e, i) => (i === 0 ? { ...e, name: 'Planted Nonsense' } : e)).concat([{ id: 'x' } as never]) });
    await adminWriteMany([
      { path: 'civic-packs/cabinet', data: { version: builtIn.version + 2, asOf: '2026-11-27', checksum: createHash('sha256').update(text).digest('hex'), pack: text } },
      { path: 'civic-packs/index', data: { versions: { cabinet: builtIn.version + 2 } } },
    ]);
    await app.offline();
    await app.online();
    await new Promise((r) => setTimeout(r, 3000));
    await page.reload();
    await page.getByText(`${first.name} (corrected)`, { exact: true }).first().waitFor();
    expect(await page.getByText('Planted Nonsense').count()).toBe(0);

    // Offline, a fresh load shows the last good copy.
    await app.offline();
    await page.reload();
    await page.getByText(`${first.name} (corrected)`, { exact: true }).first().waitFor();
  });
});
