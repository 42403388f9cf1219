// firestore.rules for the civic data packs (issue #34) against the real Firestore emulator: anyone reads
// civic-packs/{name}; no client — signed in or not — creates, changes or deletes one. Only the Admin SDK
// (`npm run data:publish`), which rules do not govern, writes them. A file of its own so it stays apart from
// the award and poll rules' tests.
// Run: node scripts/with-emulators.mjs npx vitest run --project integration tests/integration/rules.civicPacks.test.ts
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT ?? 'demo-town-square';
const fsOf = (ctx: RulesTestContext): Firestore => ctx.firestore() as unknown as Firestore;

const PUBLISHED = { version: 9, asOf: '2026-11-27', checksum: 'sha256-test', pack: { pack: 'cabinet', version: 9, asOf: '2026-11-27', entries: [] } };

let testEnv: RulesTestEnvironment;
let signedIn: Firestore;
let visitor: Firestore;

beforeAll(async () => {
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostPort) throw new Error('Run through scripts/with-emulators.mjs: FIRESTORE_EMULATOR_HOST is not set.');
  const [host = '127.0.0.1', port = '8080'] = hostPort.split(':');
  testEnv = await initializeTestEnvironment({
    projectId: `${projectId}-civic-rules`,
    firestore: { host, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
  // What the Admin SDK leaves behind (rules disabled, as for the Admin SDK).
  await testEnv.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(fsOf(ctx), 'civic-packs', 'cabinet'), PUBLISHED);
  });
  signedIn = fsOf(testEnv.authenticatedContext('civic-reader', { provider_id: 'anonymous' }));
  visitor = fsOf(testEnv.unauthenticatedContext());
});

afterAll(async () => {
  await testEnv?.clearFirestore();
  await testEnv?.cleanup();
});

describe('civic-packs: anyone reads, no client writes', () => {
  it('a visitor, not signed in, reads a published pack and lists them all', async () => {
    const snap = await assertSucceeds(getDoc(doc(visitor, 'civic-packs', 'cabinet')));
    expect(snap.data()).toEqual(PUBLISHED);
    expect((await assertSucceeds(getDocs(collection(visitor, 'civic-packs')))).size).toBe(1);
  });

  it('a signed-in visitor reads it too', async () => {
    expect((await assertSucceeds(getDoc(doc(signedIn, 'civic-packs', 'cabinet')))).exists()).toBe(true);
  });

  for (const [who, db] of [['not signed in', () => visitor], ['signed in', () => signedIn]] as const) {
    it(`a client ${who} cannot publish, correct or remove a pack`, async () => {
      await assertFails(setDoc(doc(db(), 'civic-packs', 'governors'), { ...PUBLISHED, pack: { ...PUBLISHED.pack, pack: 'governors' } }));
      await assertFails(setDoc(doc(db(), 'civic-packs', 'cabinet'), { ...PUBLISHED, version: 10 }));
      await assertFails(updateDoc(doc(db(), 'civic-packs', 'cabinet'), { version: 10 }));
      await assertFails(deleteDoc(doc(db(), 'civic-packs', 'cabinet')));
    });
  }

  it('the published pack is unchanged after every attempt', async () => {
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      const snap = await getDoc(doc(fsOf(ctx), 'civic-packs', 'cabinet'));
      expect(snap.data()).toEqual(PUBLISHED);
      expect((await getDoc(doc(fsOf(ctx), 'civic-packs', 'governors'))).exists()).toBe(false);
    });
  });
});
