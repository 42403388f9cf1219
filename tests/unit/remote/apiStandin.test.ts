// The local stand-in for the backend API v1 (scripts/api-standin.mjs) that `npm start` and the tests point the app
// at: what it answers, to whom (CORS), and that src/remote/api.ts reads its answers as the spec says.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error — plain ESM script without types
import { startApiStandin } from '../../../scripts/api-standin.mjs';
import { fetchOrganisation, fetchUserDetails } from '../../../src/remote/api';

interface Standin {
  url: string;
  port: number;
  stop: () => Promise<void>;
}
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => unknown;
}

let api: Standin;

/** A raw request (node:http), so the test can send any method, Origin header or path. */
function request(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: api.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

const APP = 'http://127.0.0.1:4173';
const demoAccounts = JSON.parse(readFileSync('scripts/demo-data/users.json', 'utf8')) as Record<string, { fName?: string }>;
const apiOnlyUsers = JSON.parse(readFileSync('scripts/demo-data/api/users.json', 'utf8')) as Record<string, { first_name: string }>;

beforeAll(async () => {
  api = (await startApiStandin({ port: 0 })) as Standin;
});
afterAll(async () => {
  await api?.stop();
});

describe('API stand-in: user details', () => {
  it('answers the demo visitor with the first name of their account (Dana)', async () => {
    const res = await request('GET', '/api/v1/user-details/demo-visitor', { Origin: APP });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.json()).toEqual({ data: { id: 'demo-visitor', first_name: 'Dana', last_name: 'Demo' } });
  });

  it('knows every demo account and the API-only users, by uid', async () => {
    for (const [docPath, doc] of Object.entries(demoAccounts)) {
      const uid = /^users\/([^/]+)\/user_details\/info$/.exec(docPath)?.[1];
      if (!uid) continue;
      const res = await request('GET', `/api/v1/user-details/${encodeURIComponent(uid)}`);
      expect(res.status, uid).toBe(200);
      expect((res.json() as { data: { id: string; first_name: string } }).data).toMatchObject({ id: uid, first_name: doc.fName });
    }
    expect(Object.keys(apiOnlyUsers).length).toBeGreaterThan(0);
    for (const [uid, user] of Object.entries(apiOnlyUsers)) {
      const res = await request('GET', `/api/v1/user-details/${encodeURIComponent(uid)}`);
      expect((res.json() as { data: unknown }).data).toMatchObject({ id: uid, first_name: user.first_name });
    }
  });

  it('anyone else: 404 { message: "User not found" }, readable by the app (CORS header on the error too)', async () => {
    for (const uid of ['nobody', '', 'demo-visitor%2F..', 'x'.repeat(129), encodeURIComponent('<script>')]) {
      const res = await request('GET', `/api/v1/user-details/${uid}`, { Origin: APP });
      expect(res.status, uid).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found' });
      expect(res.headers['access-control-allow-origin']).toBe(APP);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('API stand-in: organisations', () => {
  it('organisation 20 carries an advertisement_banner from the demo data', async () => {
    const res = await request('GET', '/api/v1/organisations/20');
    expect(res.status).toBe(200);
    const { data } = res.json() as { data: { id: number; advertisement_banner: unknown } };
    expect(data.id).toBe(20);
    expect(data.advertisement_banner).toMatch(/^\/demo\/.+\.svg$/);
  });

  it('any other organisation: 404 JSON', async () => {
    for (const id of ['21', '020', 'abc', '20.0']) {
      const res = await request('GET', `/api/v1/organisations/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Organisation not found' });
    }
  });
});

describe('API stand-in: everything else', () => {
  it('unknown paths: 404 JSON', async () => {
    for (const path of ['/', '/api', '/api/v1', '/api/v2/user-details/demo-visitor', '/api/v1/user-details/demo-visitor/extra', '/api/v1/other/20', '//api/v1/organisations/20']) {
      const res = await request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('a query string does not change the answer', async () => {
    expect((await request('GET', '/api/v1/organisations/20?lang=en')).status).toBe(200);
  });

  it('writes: 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await request(method, '/api/v1/user-details/demo-visitor', { Origin: APP });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.json()).toEqual({ message: 'Method not allowed' });
    }
  });

  it('preflight: 204 allowing GET for a local origin', async () => {
    const res = await request('OPTIONS', '/api/v1/user-details/demo-visitor', { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
    expect(res.text).toBe('');
  });

  it('CORS only for pages served from this machine', async () => {
    for (const origin of ['http://127.0.0.1:4373', 'http://localhost', 'http://[::1]:4173']) {
      expect((await request('GET', '/api/v1/organisations/20', { Origin: origin })).headers['access-control-allow-origin'], origin).toBe(origin);
    }
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example:4173', 'null']) {
      const res = await request('GET', '/api/v1/organisations/20', { Origin: origin });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    expect((await request('GET', '/api/v1/organisations/20')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('odd or oversized paths are refused cleanly, with JSON', async () => {
    const bad = await request('GET', '/api/v1/user-details/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ message: 'Bad request' });
    const long = await request('GET', `/api/v1/user-details/${'a'.repeat(3000)}`);
    expect(long.status).toBe(414);
    expect(long.json()).toEqual({ message: 'Request path too long' });
    // Still serving afterwards.
    expect((await request('GET', '/api/v1/organisations/20')).status).toBe(200);
  });

  it('a taken port is reported plainly', async () => {
    await expect(startApiStandin({ port: api.port })).rejects.toThrow(/already in use.*API_PORT/);
  });

  it('stop() closes it (and may be called twice)', async () => {
    const other = (await startApiStandin({ port: 0 })) as Standin;
    expect(other.url).toBe(`http://127.0.0.1:${other.port}`);
    await Promise.all([other.stop(), other.stop()]);
    await expect(fetch(`${other.url}/api/v1/organisations/20`)).rejects.toThrow();
  });
});

describe('src/remote/api.ts against the stand-in', () => {
  it('fetchUserDetails gives the user object; an unknown visitor gives null and logs "User not found"', async () => {
    expect(await fetchUserDetails('demo-visitor', api.url)).toEqual({ id: 'demo-visitor', first_name: 'Dana', last_name: 'Demo' });
    expect(await fetchUserDetails('demo-visitor', `${api.url}/`)).toMatchObject({ first_name: 'Dana' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await fetchUserDetails('nobody', api.url)).toBeNull();
      expect(error).toHaveBeenCalledWith('User not found');
    } finally {
      error.mockRestore();
    }
  });

  it('fetchOrganisation(20) reads data.advertisement_banner', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const banner = await fetchOrganisation(20, api.url);
      expect(banner).toMatch(/^\/demo\//);
      expect(info).toHaveBeenCalledWith('advertisement_banner', banner);
    } finally {
      info.mockRestore();
    }
  });
});
