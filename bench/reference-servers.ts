/**
 * The references the throughput ratio is measured against, each in its own process (forked by throughput.ts,
 * like the measured services): `floor`, a bare node:http server answering the body it is given; `express`,
 * an empty Express handler answering that body; `express-proxy`, an empty Express app proxying everything to
 * a target with http-proxy-middleware. Receives `{ role, body, target? }` over IPC and answers `{ port }`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

export type ReferenceRole = 'floor' | 'express' | 'express-proxy';
export interface ReferenceStart {
  role: ReferenceRole;
  body: string;
  /** floor only: the content type answered (default JSON). */
  contentType?: string;
  /** express-proxy only: base URL proxied to. */
  target?: string;
}

function listener(start: ReferenceStart): http.RequestListener {
  const body = Buffer.from(start.body);
  if (start.role === 'floor') {
    return (_req, res) => {
      res.writeHead(200, { 'content-type': start.contentType ?? 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    };
  }
  const app = express();
  if (start.role === 'express') {
    app.get('/{*path}', (_req, res) => {
      res.type('application/json').send(body);
    });
  } else {
    // Keep-alive to the next hop, as the gateway does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 512, scheduling: 'lifo' });
    app.use(createProxyMiddleware({ target: start.target, agent }));
  }
  return app;
}

process.once('message', (start: ReferenceStart) => {
  const server = http.createServer({ keepAliveTimeout: 65_000 }, listener(start));
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.once('SIGTERM', () => process.exit(0));
  process.once('disconnect', () => process.exit(0));
});
