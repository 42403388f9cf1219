import { describe, expect, it, vi } from 'vitest';
import { countPublic, decodeFields, queryPublic, getPublicDocument, listPublicCollection, listPublicUserPolls, publicListUrl, PUBLIC_PAGE_SIZE, shareInitialList, takeInitialList } from '../../../src/remote/publicRest';
import { readConfig } from '../../../src/remote/config';

const emulators = readConfig({});
const real = readConfig({ VITE_FIREBASE_API_KEY: 'AIza-test', VITE_FIREBASE_PROJECT_ID: 'town-square-prod' });

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('public REST reads', () => {
  it('builds the list URL for the emulators and for a real project (the URL the /vote page preloads)', () => {
    expect(publicListUrl(emulators, 'user-polls')).toBe(`http://127.0.0.1:8080/v1/projects/demo-town-square/databases/(default)/documents/user-polls?pageSize=${PUBLIC_PAGE_SIZE}&prettyPrint=false&key=demo-key`);
    expect(publicListUrl(real, 'user-polls', 'tok/en')).toBe(`https://firestore.googleapis.com/v1/projects/town-square-prod/databases/(default)/documents/user-polls?pageSize=${PUBLIC_PAGE_SIZE}&prettyPrint=false&key=AIza-test&pageToken=tok%2Fen`);
  });

  it("decodes Firestore's typed values into plain ones", () => {
    expect(
      decodeFields({
        s: { stringValue: 'x' },
        i: { integerValue: '42' },
        d: { doubleValue: 1.5 },
        b: { booleanValue: false },
        n: { nullValue: null },
        t: { timestampValue: '2026-11-25T12:00:00.123Z' },
        m: { mapValue: { fields: { first_name: { stringValue: 'Uma' } } } },
        a: { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: '' }] } },
        e: { arrayValue: {} },
      }),
    ).toEqual({ s: 'x', i: 42, d: 1.5, b: false, n: null, t: Date.parse('2026-11-25T12:00:00.123Z'), m: { first_name: 'Uma' }, a: ['a', ''], e: [] });
  });

  it('follows page tokens and keeps document ids', async () => {
    const calls: string[] = [];
    const fetcher = (async (url: string) => {
      calls.push(url);
      return url.includes('pageToken=p2')
        ? json(200, { documents: [{ name: 'projects/p/databases/(default)/documents/user-polls/b', fields: { title: { stringValue: 'B' } } }] })
        : json(200, { documents: [{ name: 'projects/p/databases/(default)/documents/user-polls/a', fields: { title: { stringValue: 'A' } } }], nextPageToken: 'p2' });
    }) as typeof fetch;
    expect(await listPublicCollection(emulators, 'user-polls', fetcher)).toEqual([{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }]);
    expect(calls).toHaveLength(2);
  });

  it('reads one document by id with batchGet, and a missing one is null, not an error (no 404 in the console)', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const found = await getPublicDocument(emulators, 'user-polls', 'p-1', (async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return json(200, [{ found: { name: 'projects/demo-town-square/databases/(default)/documents/user-polls/p-1', fields: { title: { stringValue: 'T' } } }, readTime: 'x' }]);
    }) as typeof fetch);
    expect(found).toEqual({ id: 'p-1', title: 'T' });
    expect(calls[0]?.url).toBe('http://127.0.0.1:8080/v1/projects/demo-town-square/databases/(default)/documents:batchGet?prettyPrint=false&key=demo-key');
    expect(calls[0]?.body).toEqual({ documents: ['projects/demo-town-square/databases/(default)/documents/user-polls/p-1'] });
    expect(await getPublicDocument(emulators, 'user-polls', 'x', (async () => json(200, [{ missing: 'projects/p/databases/(default)/documents/user-polls/x' }])) as typeof fetch)).toBeNull();
    await expect(getPublicDocument(emulators, 'user-polls', 'x', (async () => json(503, {})) as typeof fetch)).rejects.toMatchObject({ code: 'unavailable' });
    // An id no document can have (a path, a reserved name) is not asked for at all.
    const never = (async () => {
      throw new Error('no request expected');
    }) as typeof fetch;
    for (const id of ['../../polls/x', 'a/b', '..', '__name__']) expect(await getPublicDocument(emulators, 'user-polls', id, never)).toBeNull();
  });

  it('an empty collection is an empty list, not an error', async () => {
    expect(await listPublicCollection(emulators, 'user-polls', (async () => json(200, {})) as typeof fetch)).toEqual([]);
  });

  it('turns refusals, server errors and network failures into RemoteErrors with stable codes', async () => {
    const denied = (async () => json(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'Missing or insufficient permissions.' } })) as typeof fetch;
    await expect(listPublicCollection(emulators, 'user-polls', denied)).rejects.toMatchObject({ name: 'RemoteError', code: 'permission-denied' });
    const down = (async () => json(503, { error: { code: 503, status: 'UNAVAILABLE', message: 'down' } })) as typeof fetch;
    await expect(listPublicCollection(emulators, 'user-polls', down)).rejects.toMatchObject({ code: 'unavailable' });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(listPublicCollection(emulators, 'user-polls', offline)).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('handing the /vote preview’s list request to the app', () => {
  it('gives the app the preview’s request once, only for the same project and only while fresh', async () => {
    const list = Promise.resolve([{ pollId: 'p1', uploadedOnMs: 1 }]);
    shareInitialList(publicListUrl(emulators, 'user-polls'), 'user-polls', list);
    expect(takeInitialList(real, 'user-polls')).toBeUndefined(); // another project's list is never used
    shareInitialList(publicListUrl(emulators, 'user-polls'), 'user-polls', list);
    expect(await takeInitialList(emulators, 'user-polls')).toEqual([{ pollId: 'p1', uploadedOnMs: 1 }]);
    expect(takeInitialList(emulators, 'user-polls')).toBeUndefined(); // taken once: later refreshes ask the server
    shareInitialList(publicListUrl(emulators, 'polls'), 'polls', list);
    expect(takeInitialList(emulators, 'user-polls')).toBeUndefined(); // one collection's list is never another's
    expect(await takeInitialList(emulators, 'polls')).toEqual([{ pollId: 'p1', uploadedOnMs: 1 }]);

    vi.useFakeTimers();
    try {
      shareInitialList(publicListUrl(emulators, 'user-polls'), 'user-polls', list);
      vi.advanceTimersByTime(61_000);
      expect(takeInitialList(emulators, 'user-polls')).toBeUndefined(); // a minute-old answer is not "the list now"
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed preview request is not an unhandled rejection; the app sees the failure only if it takes it', async () => {
    const failed = Promise.reject(new Error('offline'));
    shareInitialList(publicListUrl(emulators, 'user-polls'), 'user-polls', failed);
    await new Promise((r) => setTimeout(r, 0));
    await expect(takeInitialList(emulators, 'user-polls')).rejects.toThrow('offline');
  });

  it('maps the list to poll ids, upload and hiding times, null when a time is missing or not a number', async () => {
    const page = { documents: [
      { name: 'projects/p/databases/(default)/documents/user-polls/a', fields: { title: { stringValue: 'A' }, uploadedOn: { timestampValue: '2025-05-02T18:30:00.000Z' } } },
      { name: 'projects/p/databases/(default)/documents/user-polls/b', fields: { title: { stringValue: 'B' }, uploadedOn: { stringValue: 'yesterday' } } },
      { name: 'projects/p/databases/(default)/documents/user-polls/c', fields: { title: { stringValue: 'C' }, hiddenAt: { timestampValue: '2025-05-03T20:00:00.000Z' } } },
      { name: 'projects/p/databases/(default)/documents/user-polls/d', fields: { title: { stringValue: 'D' }, closedAt: { timestampValue: '2025-05-04T20:00:00.000Z' }, removedAt: { timestampValue: '2025-05-04T21:00:00.000Z' } } },
    ] };
    const polls = await listPublicUserPolls(emulators, async () => json(200, page));
    const none = { hiddenAtMs: null, closedAtMs: null, removedAtMs: null };
    expect(polls).toEqual([
      { title: 'A', uploadedOn: Date.parse('2025-05-02T18:30:00.000Z'), pollId: 'a', uploadedOnMs: Date.parse('2025-05-02T18:30:00.000Z'), ...none },
      { title: 'B', uploadedOn: 'yesterday', pollId: 'b', uploadedOnMs: null, ...none },
      // A poll the organisers hid (issue #53): the preview learns when, and drops it.
      { title: 'C', hiddenAt: Date.parse('2025-05-03T20:00:00.000Z'), pollId: 'c', uploadedOnMs: null, ...none, hiddenAtMs: Date.parse('2025-05-03T20:00:00.000Z') },
      // Closed, then removed by its owner (issue #54): the preview drops it too.
      { title: 'D', closedAt: Date.parse('2025-05-04T20:00:00.000Z'), removedAt: Date.parse('2025-05-04T21:00:00.000Z'), pollId: 'd', uploadedOnMs: null, hiddenAtMs: null, closedAtMs: Date.parse('2025-05-04T20:00:00.000Z'), removedAtMs: Date.parse('2025-05-04T21:00:00.000Z') },
    ]);
  });
});

describe('counting over REST (the vote counts on /vote)', () => {
  it('asks the server for one count aggregation and reads the number from the streamed answer', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const n = await countPublic(emulators, 'user-poll-votes', 'pollId', 'p "1"', async (url, init) => {
      calls.push({ url: String(url), init });
      return json(200, [{ readTime: '2026-01-01T00:00:00Z' }, { result: { aggregateFields: { n: { integerValue: '4' } } }, readTime: '2026-01-01T00:00:00Z' }]);
    });
    expect(n).toBe(4);
    expect(calls[0]?.url).toBe('http://127.0.0.1:8080/v1/projects/demo-town-square/databases/(default)/documents:runAggregationQuery?key=demo-key');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'user-poll-votes' }], where: { fieldFilter: { field: { fieldPath: 'pollId' }, op: 'EQUAL', value: { stringValue: 'p "1"' } } } },
        aggregations: [{ alias: 'n', count: {} }],
      },
    });
  });

  it('refusals and broken answers become errors the screen can word, never a wrong number', async () => {
    await expect(countPublic(emulators, 'c', 'f', 'v', async () => json(403, { error: { status: 'PERMISSION_DENIED', message: 'no' } }))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(countPublic(emulators, 'c', 'f', 'v', async () => json(503, {}))).rejects.toMatchObject({ code: 'unavailable' });
    await expect(countPublic(emulators, 'c', 'f', 'v', async () => json(200, [{ readTime: 'x' }]))).rejects.toMatchObject({ code: 'unknown' });
    await expect(countPublic(emulators, 'c', 'f', 'v', async () => json(200, [{ result: { aggregateFields: { n: { stringValue: 'many' } } } }]))).rejects.toMatchObject({ code: 'unknown' });
  });
});

describe('querying over REST (a community poll\'s results, issue #54)', () => {
  it('asks for the selected fields of the matching documents in one runQuery and decodes each', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const rows = await queryPublic(emulators, 'user-poll-votes', 'pollId', 'p1', ['answers'], async (url, init) => {
      calls.push({ url: String(url), init });
      return json(200, [
        { document: { name: '…/user-poll-votes/r1', fields: { answers: { mapValue: { fields: { q1: { stringValue: 'Yes' } } } } } }, readTime: 'x' },
        { document: { name: '…/user-poll-votes/r2', fields: {} }, readTime: 'x' },
        { readTime: 'x' },
      ]);
    });
    expect(rows).toEqual([{ answers: { q1: 'Yes' } }, {}]);
    expect(calls[0]?.url).toBe('http://127.0.0.1:8080/v1/projects/demo-town-square/databases/(default)/documents:runQuery?prettyPrint=false&key=demo-key');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'user-poll-votes' }],
        where: { fieldFilter: { field: { fieldPath: 'pollId' }, op: 'EQUAL', value: { stringValue: 'p1' } } },
        select: { fields: [{ fieldPath: 'answers' }] },
      },
    });
  });

  it('no documents is an empty list; refusals and broken answers are errors, never made-up results', async () => {
    expect(await queryPublic(emulators, 'c', 'f', 'v', ['a'], async () => json(200, [{ readTime: 'x' }]))).toEqual([]);
    await expect(queryPublic(emulators, 'c', 'f', 'v', ['a'], async () => json(403, { error: { status: 'PERMISSION_DENIED' } }))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(queryPublic(emulators, 'c', 'f', 'v', ['a'], async () => json(503, {}))).rejects.toMatchObject({ code: 'unavailable' });
    await expect(queryPublic(emulators, 'c', 'f', 'v', ['a'], async () => json(200, { oops: true }))).rejects.toMatchObject({ code: 'unknown' });
  });
});
