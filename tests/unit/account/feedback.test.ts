import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { describeStorageError } from '../../../src/db/storageError';
import { t } from '../../../src/features/account/t';
import { FEEDBACK_DRAFT_ID, FEEDBACK_MAX, checkFeedback, loadDraft, saveDraft, submitFeedback } from '../../../src/features/account/feedback';

let db: TownSquareDB;
let n = 0;
beforeEach(async () => {
  db = new TownSquareDB(`feedback-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('checkFeedback', () => {
  it('refuses blank text', () => {
    expect(checkFeedback('')).toMatchObject({ ok: false });
    expect(checkFeedback('   \n\t ')).toMatchObject({ ok: false });
  });
  it('caps at 2,000 characters', () => {
    expect(FEEDBACK_MAX).toBe(2000);
    expect(checkFeedback('x'.repeat(2000))).toEqual({ ok: true, text: 'x'.repeat(2000) });
    const over = checkFeedback('x'.repeat(2001));
    expect(over.ok).toBe(false);
    expect(over.ok ? '' : over.error).toContain('2,000');
  });
  it('trims the ends only', () => {
    expect(checkFeedback('  Great  show!\n')).toEqual({ ok: true, text: 'Great  show!' });
  });
  it('the thank-you the screen shows is the spec’s, exactly', () => {
    expect(t('account.feedback.thanks')).toBe('Thanks for your feedback!');
  });
});

describe('submitFeedback', () => {
  it('writes the feedback row and a feedback outbox item aimed at feedbacks/{pushKey}, in one transaction', async () => {
    await saveDraft('Loved it', db);
    const key = await submitFeedback('Loved it', 'visitor-1', { database: db, now: 1000, pushKey: 'KEY-1' });
    expect(key).toBe('KEY-1');
    expect(await db.feedback.get('KEY-1')).toEqual({ pushKey: 'KEY-1', feedback: 'Loved it', uid: 'visitor-1', createdAt: 1000 });
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'feedback', key: 'feedbacks/KEY-1', state: 'queued', payload: { pushKey: 'KEY-1', data: { feedback: 'Loved it' } } });
    // Only the text leaves the device (spec §3: feedback).
    expect(Object.keys((rows[0]!.payload as { data: object }).data)).toEqual(['feedback']);
    expect(await db.drafts.get(FEEDBACK_DRAFT_ID)).toBeUndefined();
  });

  it('makes a fresh push key for every submission', async () => {
    const a = await submitFeedback('one', 'v', { database: db });
    const b = await submitFeedback('two', 'v', { database: db });
    expect(a).not.toBe(b);
    expect(a).toHaveLength(20);
    expect(await db.outbox.count()).toBe(2);
  });

  it('a storage failure saves nothing and keeps the draft', async () => {
    await submitFeedback('first', 'v', { database: db, pushKey: 'SAME' });
    await saveDraft('second try', db);
    let caught: unknown = null;
    try {
      await submitFeedback('second try', 'v', { database: db, pushKey: 'SAME' }); // constraint error inside the transaction
    } catch (err) {
      caught = err;
    }
    expect(caught).not.toBeNull();
    expect(describeStorageError(caught)).toMatch(/could not be saved/);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.feedback.get('SAME'))?.feedback).toBe('first');
    expect(await loadDraft(db)).toBe('second try');
  });
});

describe('feedback draft', () => {
  it('is kept while typing and removed when emptied', async () => {
    expect(await loadDraft(db)).toBe('');
    await saveDraft('half a thought', db, 5);
    expect(await loadDraft(db)).toBe('half a thought');
    await saveDraft('   ', db);
    expect(await loadDraft(db)).toBe('');
  });
});
