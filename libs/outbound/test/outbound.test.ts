import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchOutbound, OutboundError } from '../src';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hello') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello');
    } else if (req.url === '/big') {
      // No content-length: the cap must hold while streaming.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 64; i++) res.write(Buffer.alloc(1024, 1));
      res.end();
    } else if (req.url === '/to-hello') {
      res.writeHead(302, { location: '/hello' });
      res.end();
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (req.url === '/slow') {
      res.writeHead(200);
      res.write('a');
      setTimeout(() => res.end('b'), 3000).unref();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (err) => (err instanceof OutboundError ? err.code : `not an OutboundError: ${err}`),
  );

test('When the target is on 127.0.0.1 and the allow-list is empty, Then it is refused before connecting', async () => {
  expect(await codeOf(fetchOutbound(`${base}/hello`))).toBe('BLOCKED_ADDRESS');
  // By name too: the resolved address is checked at connect time.
  expect(await codeOf(fetchOutbound(`${base.replace('127.0.0.1', 'localhost')}/hello`))).toBe('BLOCKED_ADDRESS');
});

test('When the allow-list names 127.0.0.1, Then the body, status and content type come back, redirects followed', async () => {
  const res = await fetchOutbound(`${base}/to-hello`, { allow: ['127.0.0.1'] });
  expect(res).toMatchObject({ status: 200, contentType: 'text/plain', url: `${base}/hello` });
  expect(res.body.toString()).toBe('hello');
  const byName = await fetchOutbound(`${base.replace('127.0.0.1', 'localhost')}/hello`, { allow: '127.0.0.0/8' });
  expect(byName.body.toString()).toBe('hello');
});

test('When the body is larger than the cap, Then it is TOO_LARGE', async () => {
  expect(await codeOf(fetchOutbound(`${base}/big`, { allow: ['127.0.0.1'], maxBytes: 10 * 1024 }))).toBe('TOO_LARGE');
  expect((await fetchOutbound(`${base}/big`, { allow: ['127.0.0.1'], maxBytes: 64 * 1024 })).body.length).toBe(64 * 1024);
});

test('When a redirect points at a blocked address, Then it is refused; endless redirects stop', async () => {
  expect(await codeOf(fetchOutbound(`${base}/to-metadata`, { allow: ['127.0.0.1'] }))).toBe('BLOCKED_ADDRESS');
  expect(await codeOf(fetchOutbound(`${base}/loop`, { allow: ['127.0.0.1'], maxRedirects: 3 }))).toBe('TOO_MANY_REDIRECTS');
});

test('When the server is too slow, Then it is TIMEOUT; a non-2xx is BAD_STATUS; other schemes are BAD_URL', async () => {
  const started = Date.now();
  expect(await codeOf(fetchOutbound(`${base}/slow`, { allow: ['127.0.0.1'], timeoutMs: 300 }))).toBe('TIMEOUT');
  expect(Date.now() - started).toBeLessThan(2500);
  expect(await codeOf(fetchOutbound(`${base}/missing`, { allow: ['127.0.0.1'] }))).toBe('BAD_STATUS');
  expect(await codeOf(fetchOutbound('file:///etc/passwd'))).toBe('BAD_URL');
  expect(await codeOf(fetchOutbound('not a url'))).toBe('BAD_URL');
});

test('When a port is refused, Then it is refused on loopback although allowed, by IP, by name and after a redirect (docs/adr/0057)', async () => {
  const port = Number(new URL(base).port);
  const refusedPorts = new Set([port]);
  const refusal = `port ${port} of 127.0.0.1 belongs to the platform itself and is refused whatever OUTBOUND_ALLOW says`;
  await expect(fetchOutbound(`${base}/hello`, { allow: ['127.0.0.1'], refusedPorts })).rejects.toEqual(new OutboundError('BLOCKED_ADDRESS', refusal));
  await expect(fetchOutbound(`http://localhost:${port}/hello`, { allow: ['127.0.0.0/8', 'localhost'], refusedPorts })).rejects.toMatchObject({ code: expect.stringMatching(/BLOCKED_ADDRESS|NETWORK/) });
  // A server on another port, allowed, that redirects to the refused one: the hop is checked too.
  const hop = http.createServer((req, res) => res.writeHead(302, { location: `${base}/hello` }).end());
  await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
  try {
    const from = `http://127.0.0.1:${(hop.address() as AddressInfo).port}/`;
    await expect(fetchOutbound(from, { allow: ['127.0.0.1'], refusedPorts })).rejects.toEqual(new OutboundError('BLOCKED_ADDRESS', refusal));
    expect((await fetchOutbound(from, { allow: ['127.0.0.1'] })).body.toString()).toBe('hello');
  } finally {
    hop.close();
  }
});
