// `npm run data:check -- --online`: requests each distinct link once (HEAD, then GET when HEAD is refused or
// fails) and classifies the answer. Built to end quickly with no network: a few of the hosts are first resolved
// with the c-ares resolver (1.5 s timeout; it does not tie up libuv's thread pool the way getaddrinfo does) and,
// when none resolves, nothing is requested and every link is "unreachable (no network?)"; and if the first
// BREAKER_AFTER requests all fail without any HTTP answer, the rest are not attempted either.
// `fetchImpl` and `resolveImpl` are injectable so the tests run this without a network.
import { Resolver } from 'node:dns/promises';

export const USER_AGENT = `TownSquare-data-check/1.0 (civic data pack link check; Node.js ${process.versions.node})`;
export const NO_NETWORK = 'unreachable (no network?)';
/** Hosts resolved before any request, to tell "no network" from "this link is broken". */
const PROBE_HOSTS = 4;
const BREAKER_AFTER = 8;

/** HTTP statuses that usually mean "this client is refused" (bot walls), not "this page is gone". */
const REFUSED = new Set([401, 403, 405, 406, 429]);

/** The system resolver's DNS lookup through c-ares, bounded in time (also with several nameservers). */
function defaultResolve(timeoutMs) {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return (host) => {
    let timer;
    const cap = new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('DNS timeout'), { code: 'ETIMEOUT' })), timeoutMs * 2);
    });
    return Promise.race([resolver.resolve(host), cap]).finally(() => {
      clearTimeout(timer);
      resolver.cancel();
    });
  };
}

/** A readable reason for a failed request, and whether it shows the link itself is broken. */
export function classifyError(err, timeoutMs) {
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return { error: `timeout after ${timeoutMs / 1000} s`, broken: false };
  const code = err?.cause?.code ?? err?.code ?? '';
  if (code === 'ENOTFOUND') return { error: 'host not found (DNS)', broken: true };
  if (code === 'EAI_AGAIN' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH' || code === 'ENETDOWN') return { error: NO_NETWORK, broken: false };
  if (code === 'ECONNREFUSED') return { error: 'connection refused', broken: false };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return { error: 'connection reset', broken: false };
  if (/CERT|TLS|SSL|SELF_SIGNED|ALTNAME/i.test(code)) return { error: `TLS error (${code})`, broken: true };
  return { error: code || err?.cause?.message || err?.message || String(err), broken: false };
}

/**
 * Checks each target { url, refs } and resolves to
 * { results: [{ url, refs, ok, broken, status?, error?, method?, finalUrl?, ms }], networkDown, note, ms }.
 * `ok`: an HTTP answer below 400. `broken`: the link itself looks wrong (404/410/5xx, unknown host, bad TLS).
 * Anything else (timeouts, refused, bot walls, no network) is neither.
 */
export async function checkOnline(targets, {
  fetchImpl = globalThis.fetch,
  resolveImpl = undefined,
  timeoutMs = 10_000,
  dnsTimeoutMs = 1_500,
  concurrency = 6,
  userAgent = USER_AGENT,
} = {}) {
  const t0 = Date.now();
  const hostOf = (u) => {
    try {
      return new URL(u).hostname;
    } catch {
      return '';
    }
  };
  const hosts = [...new Set(targets.map((t) => hostOf(t.url)).filter(Boolean))];
  const resolve = resolveImpl ?? defaultResolve(dnsTimeoutMs);
  const probes = hosts.slice(0, PROBE_HOSTS);
  const resolved = (await Promise.all(probes.map((h) => resolve(h).then(() => true, () => false)))).filter(Boolean).length;
  const unreachable = (t) => ({ url: t.url, refs: t.refs, ok: false, broken: false, error: NO_NETWORK, ms: 0 });
  if (probes.length > 0 && resolved === 0) {
    return {
      results: targets.map(unreachable),
      networkDown: true,
      note: `none of ${probes.length} hosts resolved (${probes.join(', ')}); no link was requested`,
      ms: Date.now() - t0,
    };
  }

  let answered = 0;
  let failedBeforeAnswer = 0;
  let breaker = false;
  const request = async (url, method) => {
    const res = await fetchImpl(url, {
      method,
      redirect: 'follow',
      headers: { 'user-agent': userAgent, accept: method === 'HEAD' ? '*/*' : 'text/html,image/*,*/*;q=0.8' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    try {
      await res.body?.cancel();
    } catch {
      // the body is not needed
    }
    return res;
  };
  const one = async (t) => {
    const started = Date.now();
    const base = { url: t.url, refs: t.refs };
    const host = hostOf(t.url);
    if (!host) return { ...base, ok: false, broken: true, error: 'not a URL', ms: 0 };
    if (breaker) return unreachable(t);
    let res;
    let method = 'HEAD';
    let failure;
    try {
      res = await request(t.url, 'HEAD');
    } catch (err) {
      failure = err;
    }
    const timedOut = failure?.name === 'TimeoutError' || failure?.name === 'AbortError';
    if (!timedOut && (failure || res.status >= 400)) {
      try {
        res = await request(t.url, 'GET');
        failure = undefined;
        method = 'GET';
      } catch (err) {
        // keep HEAD's answer when it had one; otherwise GET's error is the one to report
        if (!res) {
          failure = err;
          method = 'GET';
        }
      }
    }
    const ms = Date.now() - started;
    if (res && !failure) {
      answered++;
      const out = { ...base, ok: res.status < 400, broken: res.status >= 400 && !REFUSED.has(res.status), status: res.status, method, ms };
      if (res.redirected && res.url && res.url !== t.url) out.finalUrl = res.url;
      return out;
    }
    const why = classifyError(failure, timeoutMs);
    if (answered === 0 && !why.broken && ++failedBeforeAnswer >= BREAKER_AFTER) breaker = true;
    return { ...base, ...why, ok: false, method, ms };
  };

  const results = new Array(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      results[i] = await one(targets[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  const networkDown = breaker || (results.length > 0 && results.every((r) => r.error === NO_NETWORK));
  return {
    results,
    networkDown,
    note: breaker
      ? `the first ${failedBeforeAnswer} requests got no HTTP answer; the rest were not attempted`
      : networkDown ? 'no request got an answer' : '',
    ms: Date.now() - t0,
  };
}
