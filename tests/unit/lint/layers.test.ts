// The layer rule of eslint.config.js, run through ESLint's Node API on small snippets placed (virtually) in the
// folders they name: an upward import and a deep import across folders must fail lint, the same imports through
// the folder's entry point must pass. (`npm run lint` only shows the code as it is; this shows the rule bites.)
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer findings (import rules only) for `code` as if it were the file at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layers (eslint.config.js)', { timeout: 60_000 }, () => {
  it('fails an upward import: a feature reaching the top wiring, lib reaching the database', async () => {
    expect(await layerErrors("import { router } from '../../app/router';\nexport const r = router;\n", 'src/features/polls/Fixture.tsx')).toEqual([
      expect.stringContaining('features may not import app'),
    ]);
    expect(await layerErrors("import { db } from '../db';\nexport const d = db;\n", 'src/lib/fixture.ts')).toEqual([expect.stringContaining('lib may not import db')]);
    expect(await layerErrors("import { visitorId } from '../session';\nexport const v = visitorId;\n", 'src/remote/fixture.ts')).toEqual([
      expect.stringContaining('remote may not import session'),
    ]);
  });

  it('fails a deep import across folders, static or dynamic', async () => {
    expect(await layerErrors("import { useOnlineFlag } from '../../session/online';\nexport const o = useOnlineFlag;\n", 'src/features/civic/Fixture.tsx')).toEqual([
      expect.stringContaining('Enter src/session through its index.ts'),
    ]);
    expect(await layerErrors("export const load = () => import('../../db/schema');\n", 'src/features/civic/fixture.ts')).toEqual([expect.stringContaining('Enter src/db through its index.ts')]);
    expect(await layerErrors("import { AwardBallots } from '../polls/AwardBallots';\nexport const a = AwardBallots;\n", 'src/features/awards/Fixture.tsx')).toEqual([
      expect.stringContaining('Enter another feature through its index.ts'),
    ]);
  });

  it('passes the same imports through the entry points', async () => {
    expect(await layerErrors("import { useOnline } from '../../session';\nexport const o = useOnline;\n", 'src/features/civic/Fixture.tsx')).toEqual([]);
    expect(await layerErrors("export const load = () => import('../../db');\n", 'src/features/civic/fixture.ts')).toEqual([]);
    expect(await layerErrors("import { AwardBallotLinks } from '../polls';\nexport const a = AwardBallotLinks;\n", 'src/features/awards/Fixture.tsx')).toEqual([]);
    expect(await layerErrors("import { router } from './app/router';\nexport const r = router;\n", 'src/main.tsx')).toEqual([]);
  });
});
