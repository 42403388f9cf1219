// Field metrics (issue 8): LCP, INP, CLS, FCP and TTFB from real visits, measured by the web-vitals
// library. It is imported dynamically, so it never weighs on the entry chunk or the first paint.
//   * development (import.meta.env.DEV): each report goes to console.debug;
//   * VITE_VITALS_ENDPOINT set at build time: each report is sent with navigator.sendBeacon as JSON
//     {name, value, rating, id, navigationType, path}. The endpoint's origin must be allowed by the
//     Content-Security-Policy's connect-src, which governs beacons.
// With neither, web-vitals is not even downloaded.
import type { Metric } from 'web-vitals';

export interface VitalPayload {
  name: Metric['name'];
  value: number;
  rating: Metric['rating'];
  id: string;
  navigationType: Metric['navigationType'];
  path: string;
}

const MAX_PATH = 200;

/** The page's path only: no query or hash, so no visitor id (?uid=), poll id or e-mail ever leaves. */
function cleanPath(path: string): string {
  let pathname: string;
  try {
    pathname = new URL(path, 'http://localhost').pathname;
  } catch {
    pathname = path.split(/[?#]/, 1)[0] ?? '';
  }
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  return pathname.length > MAX_PATH ? pathname.slice(0, MAX_PATH) : pathname;
}

/** The beacon body for one report: milliseconds rounded to whole numbers, CLS (unitless) to 4 decimals. */
export function vitalPayload(metric: Pick<Metric, 'name' | 'value' | 'rating' | 'id' | 'navigationType'>, path: string): VitalPayload {
  const value = Number.isFinite(metric.value) ? metric.value : 0;
  return {
    name: metric.name,
    value: metric.name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value),
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
    path: cleanPath(path),
  };
}

function send(endpoint: string, payload: VitalPayload): void {
  // A string body is sent as text/plain, a CORS-safelisted type: a cross-origin collector needs no preflight.
  const body = JSON.stringify(payload);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body)) return;
  } catch {
    // a refused beacon (e.g. too large, or blocked): try fetch below
  }
  if (typeof fetch === 'function') {
    void fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }).catch(() => undefined);
  }
}

let started = false;

/** Starts reporting LCP, INP, CLS, FCP and TTFB for this page load (idempotent). */
export function startVitals(): void {
  if (started || typeof window === 'undefined') return;
  const configured: unknown = import.meta.env.VITE_VITALS_ENDPOINT;
  const endpoint = typeof configured === 'string' && configured.length > 0 ? configured : null;
  const dev = Boolean(import.meta.env.DEV);
  if (!endpoint && !dev) return;
  started = true;

  const report = (metric: Metric): void => {
    const payload = vitalPayload(metric, window.location.pathname);
    if (dev) console.debug(`[vitals] ${payload.name} ${payload.value} (${payload.rating})`, payload);
    if (endpoint) send(endpoint, payload);
  };

  import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      onCLS(report);
      onFCP(report);
      onINP(report);
      onLCP(report);
      onTTFB(report);
    })
    .catch(() => {
      // Offline before the chunk was ever cached: no field metrics for this visit, nothing else affected.
    });
}
