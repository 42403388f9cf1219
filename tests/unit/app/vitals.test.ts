import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { vitalPayload } from '../../../src/app/vitals';

type Reported = Pick<Metric, 'name' | 'value' | 'rating' | 'id' | 'navigationType'>;

const metric = (over: Partial<Reported> = {}): Reported => ({
  name: 'LCP', value: 1234.567, rating: 'good', id: 'v5-1700000000000-123', navigationType: 'navigate', ...over,
});

// The library as the app would see it: each on*() reports once, synchronously.
const { reports, loaded } = vi.hoisted(() => {
  const m = (name: Reported['name'], value: number, id: string, extra: Partial<Reported> = {}): Reported => ({ name, value, rating: 'good', id, navigationType: 'navigate', ...extra });
  return {
    reports: [
      m('CLS', 0.123456, 'cls-1', { rating: 'needs-improvement' }),
      m('FCP', 800.4, 'fcp-1'),
      m('INP', 96, 'inp-1'),
      m('LCP', 2100.6, 'lcp-1'),
      m('TTFB', 12.2, 'ttfb-1', { navigationType: 'reload' }),
    ],
    loaded: vi.fn(),
  };
});
function mockWebVitals(): void {
  // vi.doMock after vi.resetModules: the factory runs again on the next import, so `loaded` counts imports.
  vi.doMock('web-vitals', () => {
    loaded();
    const on = (name: Reported['name']) => (cb: (m: Reported) => void) => cb(reports.find((r) => r.name === name)!);
    return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
  });
}

describe('vitalPayload', () => {
  it('has exactly the beacon fields', () => {
    expect(vitalPayload(metric(), '/vote')).toEqual({ name: 'LCP', value: 1235, rating: 'good', id: 'v5-1700000000000-123', navigationType: 'navigate', path: '/vote' });
  });

  it('rounds milliseconds to whole numbers and keeps CLS to 4 decimals', () => {
    expect(vitalPayload(metric({ name: 'INP', value: 47.5 }), '/').value).toBe(48);
    expect(vitalPayload(metric({ name: 'TTFB', value: 0.2 }), '/').value).toBe(0);
    expect(vitalPayload(metric({ name: 'CLS', value: 0.123456 }), '/').value).toBe(0.1235);
    expect(vitalPayload(metric({ name: 'CLS', value: 0 }), '/').value).toBe(0);
  });

  it('never sends the query or hash: no visitor id, poll id or e-mail leaves the page', () => {
    const p = vitalPayload(metric(), '/poll?id=abc&uid=visitor-42&email=a%40b.c#results');
    expect(p.path).toBe('/poll');
    expect(JSON.stringify(p)).not.toMatch(/visitor-42|abc|a%40b|results/);
  });

  it('accepts a full URL, a path without a slash, and caps absurd lengths', () => {
    expect(vitalPayload(metric(), 'https://town.example/onegovernor?q=Gretchen%20Whitmer').path).toBe('/onegovernor');
    expect(vitalPayload(metric(), '').path).toBe('/');
    expect(vitalPayload(metric(), `/${'x'.repeat(500)}`).path).toHaveLength(200);
  });

  it('passes rating, id and navigation type through unchanged', () => {
    const p = vitalPayload(metric({ rating: 'poor', id: 'id-9', navigationType: 'back-forward-cache' }), '/');
    expect(p).toMatchObject({ rating: 'poor', id: 'id-9', navigationType: 'back-forward-cache' });
  });

  it('turns a non-finite value into 0 rather than sending null', () => {
    expect(vitalPayload(metric({ value: Number.NaN }), '/').value).toBe(0);
  });
});

describe('startVitals', () => {
  const sendBeacon = vi.fn((_url: string, _body: string) => true);
  const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);

  beforeEach(() => {
    vi.resetModules();
    mockWebVitals();
    loaded.mockClear();
    sendBeacon.mockClear();
    debug.mockClear();
    vi.stubGlobal('window', { location: { pathname: '/poll', search: '?id=p1&uid=visitor-42' } });
    vi.stubGlobal('navigator', { sendBeacon });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  const start = async () => {
    const { startVitals } = await import('../../../src/app/vitals');
    startVitals();
    startVitals(); // idempotent
    await vi.dynamicImportSettled();
  };

  it('with VITE_VITALS_ENDPOINT: one beacon per metric, JSON, path only', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_VITALS_ENDPOINT', 'https://vitals.example/collect');
    await start();
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledTimes(5);
    const sent = sendBeacon.mock.calls.map(([url, body]) => ({ url, body: JSON.parse(body) as Record<string, unknown> }));
    expect(new Set(sent.map((s) => s.url))).toEqual(new Set(['https://vitals.example/collect']));
    expect(sent.map((s) => s.body.name).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    expect(sent.find((s) => s.body.name === 'CLS')!.body).toEqual({ name: 'CLS', value: 0.1235, rating: 'needs-improvement', id: 'cls-1', navigationType: 'navigate', path: '/poll' });
    expect(debug).not.toHaveBeenCalled();
  });

  it('in development without an endpoint: console.debug only', async () => {
    vi.stubEnv('DEV', true);
    vi.stubEnv('VITE_VITALS_ENDPOINT', '');
    await start();
    expect(debug).toHaveBeenCalledTimes(5);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('in production without an endpoint: web-vitals is not even loaded', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_VITALS_ENDPOINT', '');
    await start();
    expect(loaded).not.toHaveBeenCalled();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('falls back to fetch keepalive when the beacon is refused', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_VITALS_ENDPOINT', '/vitals');
    sendBeacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    await start();
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(fetchMock.mock.calls[0]).toEqual(['/vitals', expect.objectContaining({ method: 'POST', keepalive: true })]);
    sendBeacon.mockReturnValue(true);
  });
});
