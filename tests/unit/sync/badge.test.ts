// The home-screen badge (issue #33): the number of items that will still go out, cleared at 0, silent where
// the browser has no Badging API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { showOnBadge, type BadgeNavigator } from '../../../src/sync/badge';
import { outboxCounts } from '../../../src/sync/counts';
import { enqueue } from '../../../src/sync/outbox';
import { feedback } from '../../../src/features/account/mutations/feedback';

let db: TownSquareDB;
let n = 0;
beforeEach(async () => {
  db = new TownSquareDB(`badge-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

function spyNavigator(): BadgeNavigator & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    setAppBadge: (count) => {
      calls.push(`set ${count}`);
      return Promise.resolve();
    },
    clearAppBadge: () => {
      calls.push('clear');
      return Promise.resolve();
    },
  };
}

describe('showOnBadge', () => {
  it('sets the number, and clears the badge at 0', async () => {
    const nav = spyNavigator();
    await showOnBadge(3, nav);
    await showOnBadge(0, nav);
    expect(nav.calls).toEqual(['set 3', 'clear']);
  });
  it('does nothing where there is no Badging API, and swallows a refusal', async () => {
    await expect(showOnBadge(2, {})).resolves.toBeUndefined();
    await expect(showOnBadge(2, { setAppBadge: () => Promise.reject(new Error('NotAllowedError')) })).resolves.toBeUndefined();
  });
});

describe('outboxCounts (the badge’s and the strip’s number)', () => {
  it('counts queued and sending rows as waiting, refused ones apart', async () => {
    for (let i = 0; i < 3; i++) await enqueue(feedback, { pushKey: `f${i}`, data: { feedback: `t${i}` } }, 0, db);
    expect(await outboxCounts(db)).toEqual({ waiting: 3, failed: 0 });
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    await db.outbox.update(first!.seq!, { state: 'sending' });
    await db.outbox.update(second!.seq!, { state: 'failed' });
    expect(await outboxCounts(db)).toEqual({ waiting: 2, failed: 1 });
  });
});
