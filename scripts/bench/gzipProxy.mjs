// The Firestore emulator answers uncompressed; Google's production endpoint compresses what it sends a browser
// (and leaves out the JSON's indentation when asked, prettyPrint=false, which the emulator ignores). The bench
// puts this proxy in front of the emulator so the bytes a page waits for are the ones a phone would receive:
// every whole response (one with a Content-Length) of a JSON or text type is gzipped when the request accepts
// it; streamed answers (the full SDK's WebChannel) and everything else pass through untouched.
import http from 'node:http';
import { gzipSync } from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Listens on 127.0.0.1:`port`, forwarding to `target` ("host:port"). Resolves to the server once listening. */
export function startGzipProxy({ port, target }) {
  const [host, targetPort] = target.split(':');
  const server = http.createServer((req, res) => {
    const upstream = http.request({ host, port: Number(targetPort), method: req.method, path: req.url, headers: { ...req.headers, host: target, 'accept-encoding': 'identity' }, agent }, (up) => {
      const headers = { ...up.headers };
      const type = String(headers['content-type'] ?? '');
      const whole = headers['content-length'] !== undefined;
      const wanted = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (!whole || !wanted || !/json|text/.test(type) || headers['content-encoding']) {
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
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
