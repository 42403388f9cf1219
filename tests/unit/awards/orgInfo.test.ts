import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { BUNDLED_STORIES, ORG_INFO_IDS, mergeStories, parseStories, refreshOrgInfo, storiesFrom, type FetchOrgDoc } from '../../../src/features/awards/orgInfo';

let db: TownSquareDB;
let n = 0;
beforeEach(async () => {
  db = new TownSquareDB(`org-info-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const doc = (ids: string[]) => ({ demo: true, stories: ids.map((id) => ({ id, name: `Name ${id}`, bio: `Bio ${id}`, smallImg: `/demo/${id}.svg`, bigImg: `/demo/${id}.svg` })) });

describe('parseStories', () => {
  it('keeps valid stories and the social links that are http(s)', () => {
    const stories = parseStories({
      stories: [
        { id: 's1', name: ' Ada ', bio: 'b', smallImg: '/demo/a.svg', bigImg: 'https://cdn.example/a.jpg', insta: 'https://instagram.com/a', twitter: 'javascript:alert(1)', tiktok: '' },
        { id: 7, name: 'Numeric id', bio: '', smallImg: '//evil.example/x.png', bigImg: 'data:image/png;base64,xx' },
      ],
    });
    expect(stories).toEqual([
      { id: 's1', name: 'Ada', bio: 'b', smallImg: '/demo/a.svg', bigImg: 'https://cdn.example/a.jpg', insta: 'https://instagram.com/a' },
      { id: '7', name: 'Numeric id', bio: '', smallImg: '', bigImg: '' },
    ]);
  });

  it('keeps what an honoree is honoured for when it is a short line (issue #54), and nothing else in its place', () => {
    const [a, b, c] = parseStories({ stories: [{ id: 'a', name: 'A', award: ' Designer of the Year ' }, { id: 'b', name: 'B', award: 'x'.repeat(121) }, { id: 'c', name: 'C', award: { en: 'Object' } }] });
    expect(a?.award).toBe('Designer of the Year');
    expect(b).not.toHaveProperty('award');
    expect(c).not.toHaveProperty('award');
  });

  it('drops entries without id or name, duplicates and junk', () => {
    expect(parseStories({ stories: [{ id: 'a', name: 'A' }, { id: 'a', name: 'Again' }, { name: 'no id' }, { id: 'b' }, null, 'x'] }).map((s) => s.name)).toEqual(['A']);
    expect(parseStories(null)).toEqual([]);
    expect(parseStories({ stories: 'nope' })).toEqual([]);
  });
});

describe('mergeStories / storiesFrom', () => {
  it('puts detroitchoiceawards first, then org 20, each honoree once', () => {
    const merged = mergeStories([
      { id: '20', stories: parseStories(doc(['x', 'shared'])) },
      { id: 'detroitchoiceawards', stories: parseStories(doc(['a', 'shared'])) },
    ]);
    expect(merged.map((s) => s.id)).toEqual(['a', 'shared', 'x']);
  });

  it('uses the bundled copy only when nothing is stored', () => {
    expect(storiesFrom([undefined, undefined])).toBe(BUNDLED_STORIES);
    expect(storiesFrom([{ id: 'detroitchoiceawards', stories: [], fetchedAt: 1 }, undefined])).toEqual([]);
    expect(BUNDLED_STORIES.length).toBeGreaterThanOrEqual(4);
    expect(BUNDLED_STORIES[0]?.id).toBe('story-1');
  });
});

describe('refreshOrgInfo (stale-while-revalidate)', () => {
  it('reads org-info/detroitchoiceawards and org-info/20 and stores both in Dexie', async () => {
    const asked: string[] = [];
    const fetchDoc: FetchOrgDoc = async (id) => {
      asked.push(id);
      return doc([`${id}-1`, `${id}-2`]);
    };
    const r = await refreshOrgInfo(fetchDoc, db, 1234);
    expect(asked.sort()).toEqual([...ORG_INFO_IDS].sort());
    expect(r.updated.sort()).toEqual([...ORG_INFO_IDS].sort());
    const rows = await db.orgInfo.bulkGet([...ORG_INFO_IDS]);
    expect(rows.map((row) => row?.fetchedAt)).toEqual([1234, 1234]);
    expect(storiesFrom(rows).map((s) => s.id)).toEqual(['detroitchoiceawards-1', 'detroitchoiceawards-2', '20-1', '20-2']);
  });

  it('a failed read keeps the stored copy', async () => {
    await refreshOrgInfo(async (id) => doc([`${id}-old`]), db, 1);
    const r = await refreshOrgInfo(async (id) => {
      if (id === '20') throw new Error('unavailable');
      return doc([`${id}-new`]);
    }, db, 2);
    expect(r.failed.map((f) => f.id)).toEqual(['20']);
    expect((await db.orgInfo.get('20'))?.stories.map((s) => s.id)).toEqual(['20-old']);
    expect((await db.orgInfo.get('detroitchoiceawards'))?.stories.map((s) => s.id)).toEqual(['detroitchoiceawards-new']);
  });

  it('a document the server does not have leaves the stored copy alone', async () => {
    await refreshOrgInfo(async (id) => doc([`${id}-old`]), db, 1);
    const r = await refreshOrgInfo(async () => null, db, 2);
    expect(r.missing.sort()).toEqual([...ORG_INFO_IDS].sort());
    expect((await db.orgInfo.get('20'))?.fetchedAt).toBe(1);
  });
});
