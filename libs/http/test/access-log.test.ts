import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import { Router } from 'express';
import { createLogger } from '@dp/log';
import { createServiceApp, finishServiceApp, mountHealth } from '@dp/http';
import { closeServer, listen } from '@dp/listen';

/** Every line the app's logger writes, parsed (pino writes one JSON object per line). */
const lines: Array<Record<string, unknown>> = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let server: Server;
let base: string;

beforeAll(async () => {
  const app = createServiceApp({ log: createLogger('probe-api', 'info', capture), routeOf: (req) => (req.originalUrl.startsWith('/proxied/') ? '/proxied/*' : undefined) });
  const router = Router();
  router.use((_req, res, next) => {
    res.locals.callerId = 'user-42';
    next();
  });
  router.get('/v1/things/:thingId', (_req, res) => void res.json({ ok: true }));
  mountHealth(router, 'probe-api', async () => undefined);
  router.get('/v1/broken', () => {
    throw new Error('boom');
  });
  app.use(router);
  finishServiceApp(app);
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => closeServer(server));

const accessLine = async (reqId: string) => {
  // Up to 5 s: the line is written when the answer is, which a busy machine may delay.
  for (let i = 0; i < 500 && !lines.some((l) => l.reqId === reqId && (l.msg === 'request' || l.msg === 'request failed')); i++) await new Promise((r) => setTimeout(r, 10));
  return lines.find((l) => l.reqId === reqId && (l.msg === 'request' || l.msg === 'request failed'));
};

describe('the access log: one line per request', () => {
  it('When a route answers, Then one info line has method, route pattern, status, duration, request id and caller id', async () => {
    const res = await fetch(`${base}/v1/things/Ab12Cd34?x=1`, { headers: { 'x-request-id': 'req-ok-1' } });
    expect(res.status).toBe(200);
    const line = await accessLine('req-ok-1');
    expect(line).toMatchObject({ level: 30, service: 'probe-api', method: 'GET', route: '/v1/things/:thingId', status: 200, reqId: 'req-ok-1', callerId: 'user-42' });
    expect(typeof line?.ms).toBe('number');
    // The URL stays out at info: it may carry a capability (a PDF token, a share key).
    expect(line?.url).toBeUndefined();
    expect(lines.filter((l) => l.reqId === 'req-ok-1')).toHaveLength(1);
  });

  it('When no route matches, Then the line says unmatched, or what routeOf names (the gateway’s proxied paths)', async () => {
    await fetch(`${base}/nowhere/123`, { headers: { 'x-request-id': 'req-404' } });
    expect(await accessLine('req-404')).toMatchObject({ route: 'unmatched', status: 404 });
    await fetch(`${base}/proxied/abc/def`, { headers: { 'x-request-id': 'req-proxied' } });
    expect(await accessLine('req-proxied')).toMatchObject({ route: '/proxied/*', status: 404 });
  });

  it('When a handler fails, Then the line is an error with the URL', async () => {
    await fetch(`${base}/v1/broken`, { headers: { 'x-request-id': 'req-500' } });
    expect(await accessLine('req-500')).toMatchObject({ level: 50, msg: 'request failed', route: '/v1/broken', status: 500, url: '/v1/broken' });
  });

  it('When a health probe answers, Then its line is at debug, not info: probes every few seconds would drown the requests', async () => {
    const res = await fetch(`${base}/health/ready`, { headers: { 'x-request-id': 'req-probe' } });
    expect(res.status).toBe(200);
    // The logger is at info: the probe's debug line is not written, while the request after it is.
    await fetch(`${base}/v1/things/Ef56`, { headers: { 'x-request-id': 'req-after-probe' } });
    expect(await accessLine('req-after-probe')).toMatchObject({ status: 200 });
    expect(lines.filter((l) => l.reqId === 'req-probe')).toEqual([]);
  });
});
