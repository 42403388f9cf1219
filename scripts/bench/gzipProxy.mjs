// The Firestore emulator answers uncompressed; Google's production endpoint compresses what it sends a browser
// (and leaves out the JSON's indentation when asked, prettyPrint=false, which the emulator ignores). The bench
// puts this proxy in front of the emulator so the bytes a page waits for are the ones a phone would receive:
// every whole REST answer (`/v1/…` with a Content-Length, JSON) is gzipped when the request accepts it; the full
// SDK's streamed WebChannel (`/google.firestore.v1.Firestore/…`) and everything else pass through untouched.
import http from 'node:http';
import { gzipSync } from 'node:zlib';

/** Listens on 127.0.0.1:`port`, forwarding to `target` ("host:port"). Resolves to the server once listening. */
export function startGzipProxy({ port, target }) {
  const [host, targetPort] = target.split(':');
  const server = http.createServer((req, res) => {
    const upstream = http.request({ host, port: Number(targetPort), method: req.method, path: req.url, headers: { ...req.headers, host: target, 'accept-encoding': 'identity' }, agent: false }, (up) => {
      const headers = { ...up.headers };
      const type = String(headers['content-type'] ?? '');
      const whole = headers['content-length'] !== undefined;
      const wanted = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (!String(req.url).startsWith('/v1/') || !whole || !wanted || !/json/.test(type) || headers['content-encoding']) {
        res.writeHead(up.statusCode ?? 502, headers);
        up.pipe(res);
        return;
      }
      const chunks = [];
      up.on('data', (c) => chunks.push(c));
      up.on('end', () => {
        const body = gzipSync(Buffer.concat(chunks));
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers['content-length'] = String(body.length);
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
        res.writeHead(up.statusCode ?? 502, headers);
        res.end(body);
      });
    });
    // A connection per request (agent: false): reusing idle connections to the emulator failed now and then
    // (it closes them), which turned into a 502 here that the real service would never send.
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bench gzip proxy: ${err.message}`);
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
