// A phone's network in user space, for the first-visit bench (issue #33 item 3): what CDP throttling leaves out.
// CDP's Network.emulateNetworkConditions delays each *request* by the round trip and caps its throughput, but a
// new connection costs nothing there — no DNS lookup, no TCP handshake, no TLS handshake — and those are three or
// four round trips (1.8–2.4 s on a 600 ms network) before the first byte from a host the page has not talked to
// yet, such as Firestore's. `tc netem` is not available in this kernel, so, as WebPageTest's tsproxy does:
//
//   Chromium ──SOCKS5──▶ shaper ──▶ TLS terminator (one per name: the app's origin, firestore.googleapis.com, …)
//                          │             └─▶ plain HTTP upstream (vite preview, the Firestore emulator, …)
//                          └ every byte through one shared link: half the RTT each way, the down/up rates
//
// - DNS: Chromium hands host names to a SOCKS5 proxy (it resolves nothing itself), so the shaper charges one round
//   trip the first time a visit asks for a name (`resetDns()` between visits: a phone's first visit).
// - TCP: one round trip before the SOCKS reply says the connection is open.
// - TLS: real handshakes (TLS 1.3 with ALPN h2, as Google's front ends and Firebase Hosting answer) travel through
//   the shaped tunnel, so they cost what they cost: no figure is assumed.
// - Bandwidth: one link per direction shared by every connection, like a phone's radio; bytes leave in order at
//   the link's rate and arrive half a round trip later.
// Not modelled: packet loss, TCP slow start (the shaper paces bytes, it does not model congestion windows), QUIC.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A self-signed certificate for the given names (Chromium is told to accept it: --ignore-certificate-errors). */
function certificate(names) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-tls-'));
  try {
    const san = names.map((n) => `DNS:${n}`).join(',');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${san}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te', 'host']);

/**
 * One HTTPS front (HTTP/2, HTTP/1.1 fallback) that forwards each request to a plain HTTP upstream, chosen by the
 * request's host name. `prefix` puts a path in front (the Auth emulator serves Google's hosts under
 * /identitytoolkit.googleapis.com/…).
 */
async function startTlsFront(routes, tls) {
  const server = http2.createSecureServer({ ...tls, allowHTTP1: true });
  server.on('request', (req, res) => {
    const host = String(req.headers[':authority'] ?? req.headers.host ?? '').replace(/:\d+$/, '');
    const route = routes[host];
    if (!route) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`no upstream for ${host}`);
      return;
    }
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && !HOP_BY_HOP.has(k)) headers[k] = v;
    headers.host = `${route.host}:${route.port}`;
    const up = http.request({ host: route.host, port: route.port, method: req.method, path: `${route.prefix ?? ''}${req.url}`, headers }, (upRes) => {
      const out = {};
      for (const [k, v] of Object.entries(upRes.headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
      res.writeHead(upRes.statusCode ?? 502, out);
      upRes.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  server.on('sessionError', () => undefined);
  server.on('tlsClientError', () => undefined);
  // Every session and connection, so stop() can end them: server.close() waits for open HTTP/2 sessions, and one
  // whose socket the shaper destroyed was never reported closed, so the bench hung after its last section.
  const open = new Set();
  const track = (thing) => {
    open.add(thing);
    thing.once('close', () => open.delete(thing));
  };
  server.on('session', track);
  server.on('secureConnection', track);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, {
    closeAll() {
      for (const thing of open) thing.destroy();
    },
  });
}

const SEGMENT = 1400; // bytes: about one TCP segment, so a long response arrives as a stream, not all at its end

/**
 * One direction of the link: segments leave at `bitsPerSecond` and arrive `delayMs` after they left. The
 * connections that have bytes waiting take turns, a segment each (fair queuing, as a Wi-Fi access point or a
 * phone network's scheduler with fq_codel does): a small response on a fresh connection — Firestore's — is not
 * stuck behind a large script already queued on another; within one connection, bytes stay in order.
 */
class Link {
  constructor(bitsPerSecond, delayMs) {
    this.bps = bitsPerSecond;
    this.delay = delayMs;
    this.flows = [];
    this.turn = 0;
    this.busyUntil = 0;
    this.timer = null;
  }
  /** A connection's direction over this link: `deliver(chunk)` is called when its bytes arrive. */
  flow(deliver) {
    const flow = { waiting: [], arriving: [], timer: null, deliver, ended: false, onEnd: null };
    return {
      send: (chunk) => {
        for (let i = 0; i < chunk.length; i += SEGMENT) flow.waiting.push(chunk.subarray(i, i + SEGMENT));
        if (!this.flows.includes(flow)) this.flows.push(flow);
        if (this.timer === null) this.pump();
      },
      end: (onEnd) => {
        flow.ended = true;
        flow.onEnd = onEnd;
        this.arrive(flow);
      },
    };
  }
  pump() {
    this.timer = null;
    const now = performance.now();
    this.busyUntil = Math.max(this.busyUntil, now);
    while (this.busyUntil <= now + 1 && this.flows.length > 0) {
      this.turn %= this.flows.length;
      const flow = this.flows[this.turn];
      const segment = flow.waiting.shift();
      this.busyUntil += (segment.length * 8 * 1000) / this.bps;
      flow.arriving.push({ at: this.busyUntil + this.delay, segment });
      if (flow.timer === null) this.arrive(flow);
      if (flow.waiting.length === 0) this.flows.splice(this.turn, 1);
      else this.turn += 1;
    }
    if (this.flows.length > 0) this.timer = setTimeout(() => this.pump(), this.busyUntil - now);
  }
  /** Hands a connection the segments that have arrived by now; ends it once everything sent has arrived. */
  arrive(flow) {
    flow.timer = null;
    const now = performance.now();
    while (flow.arriving.length > 0 && flow.arriving[0].at <= now + 1) flow.deliver(flow.arriving.shift().segment);
    if (flow.arriving.length > 0) flow.timer = setTimeout(() => this.arrive(flow), flow.arriving[0].at - now);
    else if (flow.ended && flow.waiting.length === 0) flow.onEnd?.();
  }
}

/** Pipes `from` into `to` through `link`. Reading is not paused: a sender keeps sending while earlier bytes are
 * still on their way, as TCP does within its window. */
function shapedPipe(from, to, link) {
  const flow = link.flow((chunk) => {
    if (!to.destroyed) to.write(chunk);
  });
  from.on('data', (chunk) => flow.send(chunk));
  from.on('end', () => flow.end(() => !to.destroyed && to.end()));
  from.on('error', () => to.destroy());
}

/**
 * Starts the shaper: `hosts` maps each name the browser may ask for to the plain-HTTP upstream behind its TLS
 * front ({host, port, prefix?}). Returns the SOCKS5 address for Chromium's --proxy-server, `shape(network)` to
 * set the link ({latency (RTT, ms), down, up in bit/s}), `resetDns()` and `stop()`.
 */
export async function startShaper(hosts) {
  const tls = certificate(Object.keys(hosts));
  const front = await startTlsFront(hosts, tls);
  const frontPort = front.address().port;
  let down = new Link(400_000, 300);
  let up = new Link(200_000, 300);
  let rtt = 600;
  const resolved = new Set();
  const sockets = new Set();
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    client.once('data', (hello) => {
      // SOCKS5 greeting: version 5, any method list → "no authentication".
      if (hello[0] !== 5) return client.destroy();
      client.write(Buffer.from([5, 0]));
      client.once('data', async (req) => {
        // CONNECT request: 5, 1, 0, address type (1 IPv4, 3 name, 4 IPv6), address, port.
        if (req[0] !== 5 || req[1] !== 1) return client.destroy();
        let name;
        let offset;
        if (req[3] === 3) {
          const len = req[4];
          name = req.subarray(5, 5 + len).toString('latin1');
          offset = 5 + len;
        } else if (req[3] === 1) {
          name = [...req.subarray(4, 8)].join('.');
          offset = 8;
        } else return client.destroy();
        const port = req.readUInt16BE(offset);
        const known = Object.hasOwn(hosts, name) && port === 443;
        // The phone's lookup of a name it has not resolved on this visit, then the TCP handshake.
        if (!resolved.has(name)) {
          resolved.add(name);
          await sleep(rtt);
        }
        if (!known) {
          client.end(Buffer.from([5, 4, 0, 1, 0, 0, 0, 0, 0, 0])); // host unreachable
          return;
        }
        await sleep(rtt);
        const upstream = net.connect(frontPort, '127.0.0.1');
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.once('connect', () => {
          client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, (port >> 8) & 255, port & 255]));
          shapedPipe(client, upstream, up);
          shapedPipe(upstream, client, down);
        });
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    proxy: `socks5://127.0.0.1:${server.address().port}`,
    shape(network) {
      rtt = network.latency;
      down = new Link(network.downloadThroughput * 8, rtt / 2);
      up = new Link(network.uploadThroughput * 8, rtt / 2);
    },
    resetDns() {
      resolved.clear();
    },
    async stop() {
      for (const s of sockets) s.destroy();
      front.closeAll();
      const closed = Promise.all([new Promise((r) => server.close(r)), new Promise((r) => front.close(r))]);
      // Never hang the bench on a close that is not reported: everything is destroyed by now.
      await Promise.race([closed, sleep(3000)]);
    },
  };
}
