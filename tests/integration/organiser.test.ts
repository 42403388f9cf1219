// The organisers' client (src/remote/organiser.ts) against the real Auth and Firestore emulators: its own
// e-mail/password sign-in beside the attendee's anonymous one, the claim, live-only writes, the live tally.
import { describe, expect, it } from 'vitest';
import { loadFirestore, loadOrganiser, signIn, type AwardPollRecord, type RefusalRow, type TallyRow } from '../../src/remote';
import { RATE_LIMITS } from '../../src/lib/limits';
import { emulatorTarget, grantOrganiser } from '../../scripts/organiser.mjs';
import { loadDemoDocuments } from '../../scripts/seed.mjs';
import { adminGet, adminWriteMany, emulatorConfig } from './env';

const cfg = emulatorConfig();
const run = Date.now().toString(36);
const authBase = () => `http://${cfg.emulators!.auth.host}:${cfg.emulators!.auth.port}/identitytoolkit.googleapis.com/v1`;

/**
 * An e-mail/password account on the Auth emulator, made an organiser when `organiser` — by scripts/organiser.mjs, as
 * `npm run organiser -- grant` and `npm start` do (it finds the emulator's own project, which is not this suite's).
 */
async function account(email: string, password: string, organiser: boolean): Promise<void> {
  const { host, port } = cfg.emulators!.auth;
  if (organiser) {
    await grantOrganiser(email, { password, target: emulatorTarget(`${host}:${port}`) });
    return;
  }
  const res = await fetch(`${authBase()}/accounts:signUp?key=demo-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) });
  expect(res.ok).toBe(true);
}

/** Resolves with the first value `watch` reports that satisfies `ok`, or rejects after `ms`. */
function first<T>(watch: (on: (v: T, asOf: number | null) => void, onError: (e: Error) => void) => () => void, ok: (v: T, asOf: number | null) => boolean, ms = 5_000): Promise<{ value: T; at: number }> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`nothing matching in ${ms} ms`));
    }, ms);
    stop = watch(
      (v, asOf) => {
        if (!ok(v, asOf)) return;
        clearTimeout(timer);
        setTimeout(() => stop(), 0);
        resolve({ value: v, at: performance.now() });
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

const category = { id: 'designer', question: 'Designer of the Year', options: ['Ada', 'Bo', 'Cy'] };

describe('organisers (issue #31) on the emulators', () => {
  const pollId = `night-${run}`;

  it('a wrong password and an account without the claim are told apart; the attendee on the device stays who it was', async () => {
    const attendee = await signIn(cfg);
    const org = await loadOrganiser(cfg);
    await account(`plain-${run}@example.org`, 'correct horse', false);
    await expect(org.signIn(`plain-${run}@example.org`, 'wrong horse')).rejects.toMatchObject({ code: 'wrong-credentials' });
    const plain = await org.signIn(`plain-${run}@example.org`, 'correct horse');
    expect(plain).toMatchObject({ email: `plain-${run}@example.org`, organiser: false });
    // Without the claim the rules refuse the tally, whatever the screen would try.
    await expect(first((on, err) => org.watchTally(pollId, on, err), () => true, 15_000)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(org.savePoll({ id: pollId, title: 'Night', questions: [category] })).rejects.toMatchObject({ code: 'not-organiser' });
    await org.signOut();
    expect(await org.current()).toBeNull();
    expect(await signIn(cfg)).toBe(attendee);
  });

  it('an organiser creates a poll (closed until opened), opens it; a vote shows in the live tally without its e-mail; close now is the server\'s time', async () => {
    const org = await loadOrganiser(cfg);
    await account(`org-${run}@example.org`, 'event night', true);
    expect(await org.signIn(`org-${run}@example.org`, 'event night')).toMatchObject({ organiser: true });
    await org.savePoll({ id: pollId, title: 'Night', questions: [category], order: 3 });
    const polls = await first<AwardPollRecord[]>((on, err) => org.watchPolls(on, err), (ps) => ps.some((p) => p.id === pollId));
    expect(polls.value.find((p) => p.id === pollId)).toMatchObject({ title: 'Night', open: false, opensAt: null, closesAt: null, order: 3 });

    // Closed: the attendee's vote is refused.
    const attendee = await loadFirestore({ ...cfg, identity: `voter-${run}` });
    const vote = (n: number) => ({ docId: `${pollId}_${n}`, data: { pollId, responseId: `r-${n}-${run}`, answers: { designer: 'Bo' }, timestamp: new Date().toISOString(), user: `v${n}@example.com` } });
    await expect(attendee.writePollResponse(vote(1))).rejects.toBeTruthy();

    await org.setWindow(pollId, { opensAt: 'now' });
    const tally = org.watchTally.bind(org, pollId);
    await first<TallyRow[]>(tally, (rows) => rows.length === 0);
    const seen = first<TallyRow[]>(tally, (rows) => rows.length === 1);
    await attendee.writePollResponse(vote(2));
    const { value: rows } = await seen; // how fast: npm run bench, section 9 (not timed here: shared machines)
    expect(rows[0]).toMatchObject({ pollId, answers: { designer: 'Bo' } });
    expect(Object.keys(rows[0]!).sort()).toEqual(['answers', 'at', 'id', 'n', 'pollId', 'via']);
    expect(rows[0]).toMatchObject({ n: 1, via: 'open' });

    await org.setWindow(pollId, { closesAt: 'now' });
    const stored = (await adminGet(`polls/${pollId}`)) as { fields: Record<string, { timestampValue?: string }> };
    const closedAt = Date.parse(stored.fields.closesAt!.timestampValue!);
    expect(Math.abs(closedAt - Date.now())).toBeLessThan(60_000); // the emulator's clock is this machine's
    expect(stored.fields.open).toBeUndefined();
    // Cast after the close: refused, in words that name the poll's close.
    const late = { ...vote(3), data: { ...vote(3).data, timestamp: new Date(Date.now() + 1_000).toISOString() } };
    await expect(attendee.writePollResponse(late)).rejects.toMatchObject({ code: 'voting-closed' });
    await org.signOut();
  });
});

describe('a poll in three languages (issue #57)', () => {
  it('the Spanish and Arabic words are saved with the poll, read back, replaced as a whole and removed; a misfit is named', async () => {
    const org = await loadOrganiser(cfg);
    await account(`lang-org-${run}@example.org`, 'event night', true);
    await org.signIn(`lang-org-${run}@example.org`, 'event night');
    const id = `three-${run}`;
    const second = { id: 'menswear', question: 'Best Menswear', options: ['Dee', 'Eve'] };
    // As the console's form writes them (features/organiser/form.ts): one text a language, a line a category.
    const i18n = { es: 'La noche\nDiseñador del año\n', ar: 'الليلة\nمصمم العام\nأفضل أزياء رجالية' };
    await org.savePoll({ id, title: 'Night', questions: [category, second], i18n });
    const read = async () => (await first<AwardPollRecord[]>((on, err) => org.watchPolls(on, err), (ps) => ps.some((p) => p.id === id))).value.find((p) => p.id === id);
    expect((await read())?.i18n).toEqual(i18n);
    // An edit that gives only Arabic leaves no Spanish behind.
    await org.savePoll({ id, title: 'Night', questions: [category, second], i18n: { ar: i18n.ar } });
    let stored = (await adminGet(`polls/${id}`)) as { fields: Record<string, { mapValue?: { fields: Record<string, unknown> } }> };
    expect(Object.keys(stored.fields.i18n!.mapValue!.fields)).toEqual(['ar']);
    await org.savePoll({ id, title: 'Night', questions: [category, second] });
    stored = (await adminGet(`polls/${id}`)) as typeof stored;
    expect(stored.fields.i18n).toBeUndefined();
    // Words for a category that is gone (one entry too many): refused, and the organiser is told what does not fit.
    await expect(org.savePoll({ id, title: 'Night', questions: [category], i18n })).rejects.toMatchObject({ code: 'poll-invalid', problem: { what: 'translation' } });
    await org.signOut();
  });
});

describe('the console on the seeded demo data (issue #53)', () => {
  // The award polls `npm start` seeds, exactly as seeded (with their `demo: true` marker), under this run's ids.
  const demoPolls = loadDemoDocuments().filter(([path]) => path.startsWith('polls/'));
  const idOf = (path: string) => `${path.slice('polls/'.length)}-${run}`;

  it('closes, reopens and edits every demo poll; each write leaves the document with the fields the rules allow', async () => {
    expect(demoPolls.length).toBeGreaterThanOrEqual(2);
    expect(demoPolls.every(([, d]) => d.demo === true)).toBe(true);
    await adminWriteMany(demoPolls.map(([path, data]) => ({ path: `polls/${idOf(path)}`, data: { ...data, id: idOf(path) } })));
    const org = await loadOrganiser(cfg);
    await account(`demo-org-${run}@example.org`, 'event night', true);
    await org.signIn(`demo-org-${run}@example.org`, 'event night');
    for (const [path, data] of demoPolls) {
      const id = idOf(path);
      await org.setWindow(id, { closesAt: 'now' });
      let stored = (await adminGet(`polls/${id}`)) as { fields: Record<string, { timestampValue?: string }> };
      expect(stored.fields.demo).toBeUndefined();
      expect(Math.abs(Date.parse(stored.fields.closesAt!.timestampValue!) - Date.now())).toBeLessThan(60_000);
      await org.setWindow(id, { opensAt: 'now', closesAt: null });
      stored = (await adminGet(`polls/${id}`)) as typeof stored;
      expect(stored.fields.closesAt).toBeUndefined();
      expect(stored.fields.opensAt?.timestampValue).toBeTruthy();
      const questions = data.questions as AwardPollRecord['questions'];
      await org.savePoll({ id, title: `${String(data.title)} (edited)`, questions: [...questions].reverse(), order: 9 });
      const edited = (await adminGet(`polls/${id}`)) as { fields: Record<string, { stringValue?: string; integerValue?: string }> };
      expect(edited.fields.title?.stringValue).toBe(`${String(data.title)} (edited)`);
      expect(edited.fields.order?.integerValue).toBe('9');
      expect(Object.keys(edited.fields).sort()).toEqual(['id', 'opensAt', 'order', 'questions', 'title']);
    }
    await org.signOut();
  });

  it('a refusal says why: a poll the rules would refuse names its part; an account without the claim is told so', async () => {
    const broken = `broken-${run}`;
    await adminWriteMany([{ path: `polls/${broken}`, data: { id: broken, title: 'x'.repeat(200), questions: [category] } }]);
    const org = await loadOrganiser(cfg);
    await org.signIn(`demo-org-${run}@example.org`, 'event night');
    await expect(org.setWindow(broken, { closesAt: 'now' })).rejects.toMatchObject({ code: 'poll-invalid', problem: { what: 'title' } });
    await expect(org.setWindow(`missing-${run}`, { closesAt: 'now' })).rejects.toMatchObject({ code: 'not-found' });
    await org.signOut();
    await account(`demo-plain-${run}@example.org`, 'event night', false);
    await org.signIn(`demo-plain-${run}@example.org`, 'event night');
    await expect(org.setWindow(idOf(demoPolls[0]![0]), { closesAt: 'now' })).rejects.toMatchObject({ code: 'not-organiser' });
    await org.signOut();
  });
});

describe('a scripted attacker on an open poll (issue #52)', () => {
  it('500 ballots with invented e-mails from one device, through the app\'s own vote commit: the tally grows by the device limit, the integrity view shows the refusals', async () => {
    const pollId = `attacked-${run}`;
    await adminWriteMany([{ path: `polls/${pollId}`, data: { id: pollId, title: 'Attacked', questions: [category] } }]);
    const attacker = await loadFirestore({ ...cfg, identity: `attacker-${run}` });
    let counted = 0;
    let refused = 0;
    const t0 = performance.now();
    const ballots = Array.from({ length: 500 }, (_, i) => i);
    // Ten at a time, as a loop on a phone would send them.
    for (let i = 0; i < ballots.length; i += 10) {
      const outcomes = await Promise.allSettled(ballots.slice(i, i + 10).map((n) => attacker.writePollResponse({ docId: `${pollId}_x${n}`, data: { pollId, responseId: `attack-${run}-${n}`, answers: { designer: 'Cy' }, timestamp: new Date().toISOString(), user: `invented${n}@example.com` } })));
      for (const o of outcomes) {
        if (o.status === 'fulfilled') counted += 1;
        else {
          refused += 1;
          // Ten at once on one count: a commit that keeps losing the race to its siblings gives up as `aborted`
          // (not counted; the outbox would send it again and meet the limit). Nothing else may refuse it.
          expect(['device-limit', 'aborted']).toContain((o.reason as { code?: string }).code);
        }
      }
    }
    console.log(`500 invented ballots: ${counted} counted, ${refused} refused in ${Math.round(performance.now() - t0)} ms`);
    expect(counted).toBe(1);
    const org = await loadOrganiser(cfg);
    await account(`attack-org-${run}@example.org`, 'event night', true);
    await org.signIn(`attack-org-${run}@example.org`, 'event night');
    const rows = await first<TallyRow[]>((on, err) => org.watchTally(pollId, on, err), (r) => r.length > 0);
    expect(rows.value).toHaveLength(1);
    // The refusals it reported (the rules count 30 an hour a device, so a loop cannot flood the view either).
    const reports = await first<RefusalRow[]>((on, err) => org.watchRefusals(pollId, on, err), (r) => r.length > 0);
    expect(reports.value.every((r) => r.cause === 'device-limit')).toBe(true);
    expect(reports.value.length).toBeGreaterThanOrEqual(25);
    expect(reports.value.length).toBeLessThanOrEqual(RATE_LIMITS.refusals);
    await org.signOut();
  }, 180_000);
});
