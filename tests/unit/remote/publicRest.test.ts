import { describe, expect, it } from 'vitest';
import { decodeFields, listPublicCollection, publicListUrl, PUBLIC_PAGE_SIZE } from '../../../src/remote/publicRest';
import { readConfig } from '../../../src/remote/config';

const emulators = readConfig({});
const real = readConfig({ VITE_FIREBASE_API_KEY: 'AIza-test', VITE_FIREBASE_PROJECT_ID: 'town-square-prod' });

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('public REST reads', () => {
  it('builds the list URL for the emulators and for a real project (the URL the /vote page preloads)', () => {
    expect(publicListUrl(emulators, 'user-polls')).toBe(`http://127.0.0.1:8080/v1/projects/demo-town-square/databases/(default)/documents/user-polls?pageSize=${PUBLIC_PAGE_SIZE}&key=demo-key`);
    expect(publicListUrl(real, 'user-polls', 'tok/en')).toBe(`https://firestore.googleapis.com/v1/projects/town-square-prod/databases/(default)/documents/user-polls?pageSize=${PUBLIC_PAGE_SIZE}&key=AIza-test&pageToken=tok%2Fen`);
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
