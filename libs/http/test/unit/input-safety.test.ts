import type { Server } from 'node:http';
import { Router } from 'express';
import { createLogger } from '@dp/log';
import { closeServer, listen } from '@dp/listen';
import { createServiceApp, finishServiceApp, jsonBody, pathParams, validate } from '../../src';
import { nestsDeeperThan, pathOfNul } from '../../src/input-safety';

test('When a string or a key holds NUL, Then its path is named; Then clean values have none', () => {
  expect(pathOfNul({ title: 'a\u0000b' }, 'body')).toBe('body.title');
  expect(pathOfNul({ a: [{ b: 'ok' }, { b: '\u0000' }] }, 'body')).toBe('body.a.1.b');
  expect(pathOfNul({ ['k\u0000']: 1 }, 'query')).toBe('query.k\\u0000');
  expect(pathOfNul({ a: ['x', 1, null, { b: true }] }, 'body')).toBeUndefined();
});

/** `{"a": {"a": ... leaf}}` nested `depth` times. */
const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

test('When a document is nested 10,000 deep, Then the NUL scan walks it without overflowing the stack and names the deep field', () => {
  expect(pathOfNul(nested(10_000, 'clean'), 'body')).toBeUndefined();
  const found = pathOfNul(nested(10_000, 'a\u0000'), 'body');
  expect(found).toBe(`body${'.a'.repeat(10_000)}`);
  const deepArray = JSON.parse(`${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`);
  expect(pathOfNul(deepArray, 'body')).toBe(`body${'.0'.repeat(10_000)}`);
});

test('When a document nests past the limit, Then it is said so; at the limit, not', () => {
  expect(nestsDeeperThan('x', 0)).toBe(false);
  expect(nestsDeeperThan({}, 0)).toBe(false);
  expect(nestsDeeperThan({ a: 1 }, 0)).toBe(true);
  expect(nestsDeeperThan(nested(256, 'x'), 256)).toBe(false);
  expect(nestsDeeperThan(nested(257, 'x'), 256)).toBe(true);
  expect(nestsDeeperThan([[], [[[1]]]], 3)).toBe(true);
  expect(nestsDeeperThan([[], [[[1]]]], 4)).toBe(false);
  expect(nestsDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 256)).toBe(true);
});

describe('Given a service app with a validated route', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = createServiceApp({ log: createLogger('test', 'silent') });
    const router = Router();
    router.post(
      '/v1/things/:thingId/parts/:partName',
      validate({
        params: pathParams('thingId'),
        query: { type: 'object', properties: { q: { type: 'string' } } },
        body: { type: 'object', properties: { title: { type: 'string' } } },
      }),
      (req, res) => {
        res.json({ params: req.params, body: req.body });
      },
    );
    app.use(jsonBody(), router);
    finishServiceApp(app);
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => closeServer(server));

  const post = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { params?: Record<string, string>; error?: { code: number; message: string } } };
  };

  test.each([
    ['a malformed escape', '/v1/things/%zz/parts/p', 'thingId'],
    ['invalid UTF-8', '/v1/things/%ED%A0%80/parts/p', 'thingId'],
    ['a truncated escape in the second parameter', '/v1/things/t1/parts/ab%E2%82', 'partName'],
  ])('When a path parameter has %s, Then it is a 400 naming the parameter', async (_, path, name) => {
    const res = await post(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: `params.${name} is not valid percent-encoded UTF-8` } });
  });

  test('When a parameter is a well-formed escape of "%zz", Then it is that text, not an error', async () => {
    const res = await post('/v1/things/t1/parts/%25zz');
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ thingId: 't1', partName: '%zz' });
  });

  test.each([
    ['body', '/v1/things/t1/parts/p', { title: 'a\u0000' }, 'body.title'],
    ['query', '/v1/things/t1/parts/p?q=a%00b', {}, 'query.q'],
    ['path', '/v1/things/t1/parts/a%00', {}, 'params.partName'],
  ])('When a %s string holds NUL, Then it is a 400 naming it', async (_, path, body, where) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(`${where} must not contain NUL (\\u0000) characters`);
  });
});
