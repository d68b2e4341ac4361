import type { Server } from 'node:http';
import zlib from 'node:zlib';
import { Router } from 'express';
import { createLogger } from '@dp/log';
import { closeServer, listen } from '@dp/listen';
import { createServiceApp, finishServiceApp, jsonBody, validate } from '../src';

/**
 * JSON bodies every service parses (docs/adr/0023, 0062): what the body's Content-Encoding says must be true,
 * and a document may nest only so deep. Each was a 500 before: zlib's error, and a stack overflow in the NUL scan.
 */
let server: Server;
let base: string;
beforeAll(async () => {
  const app = createServiceApp({ log: createLogger('json-body-test', 'silent') });
  const router = Router();
  router.post('/v1/things', validate({ body: { type: 'object' } }), (req, res) => {
    res.json({ received: req.body });
  });
  app.use(jsonBody({ maxDepth: 64 }), router);
  finishServiceApp(app);
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => closeServer(server));

const post = async (body: string | ArrayBuffer, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as { received?: unknown; error?: { code: number; message: string } } };
};

describe('Given a service app parsing JSON bodies', () => {
  test.each(['br', 'gzip', 'deflate', 'GZIP'])('When the body is plain JSON but says Content-Encoding: %s, Then it is a 400 saying the body is not what its encoding says', async (encoding) => {
    const res = await post('{"title":"plain"}', { 'content-encoding': encoding });
    expect(res).toEqual({ status: 400, body: { error: { code: 400, message: `The request body is not valid ${encoding.toLowerCase()} data, as its Content-Encoding says` } } });
  });

  test.each(['zstd', 'compress', 'gzip, br'])('When the Content-Encoding is %s, Then it is a 415 naming it and what is supported', async (encoding) => {
    const res = await post('{"title":"plain"}', { 'content-encoding': encoding });
    expect(res).toEqual({ status: 415, body: { error: { code: 415, message: `Content-Encoding "${encoding}" is not supported: send the body as identity, gzip, deflate, br` } } });
  });

  test.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('When the body really is %s, Then it is inflated and read', async (encoding, compress) => {
    const packed = compress(Buffer.from('{"title":"packed"}'));
    const res = await post(new Uint8Array(packed).buffer, { 'content-encoding': encoding });
    expect(res).toEqual({ status: 200, body: { received: { title: 'packed' } } });
  });

  test('When a body is nested 10,000 deep, Then it is a 400 naming the depth limit, not a 500', async () => {
    const res = await post(`{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(res).toEqual({ status: 400, body: { error: { code: 400, message: 'body nests arrays and objects deeper than 64 levels' } } });
    const objects = await post(`${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)}`);
    expect(objects.status).toBe(400);
  });

  test('When a body nests up to the limit, Then it is accepted', async () => {
    const body = `${'{"a":'.repeat(64)}1${'}'.repeat(64)}`;
    const res = await post(body);
    expect(res).toEqual({ status: 200, body: { received: JSON.parse(body) } });
  });
});
