import net from 'node:net';
import type { Server } from 'node:http';
import { closeServer, createLimitedServer, DEFAULT_LISTENER_LIMITS, listen, type ListenerLimits } from '../src';

/**
 * Every listener of the platform is made by libs/listen `listen` (docs/adr/0062): clients that send their request
 * a byte at a time are cut at the header or request deadline, connections past the cap are closed at once, and
 * it binds to loopback unless told otherwise. Node's defaults were 60 s, 300 s, no cap and every interface.
 */
const servers: Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map(closeServer));
});

async function server(limits: Partial<ListenerLimits>) {
  const s = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', { ...DEFAULT_LISTENER_LIMITS, ...limits });
  servers.push(s);
  return (s.address() as net.AddressInfo).port;
}

/** A client that opens a request and sends it one byte every `everyMs`; `closed` resolves when the server hangs up. */
function slowClient(port: number, opening: string, everyMs = 200) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(opening);
  const timer = setInterval(() => socket.writable && socket.write('a'), everyMs);
  const closed = new Promise<{ at: number; answer: string }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ at: Date.now(), answer });
    }),
  );
  return { socket, closed };
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);

describe('Given a listener made by libs/listen', () => {
  test('When 200 clients send their headers a byte at a time, Then a normal request still answers at once, and the slow ones get 408 and are closed after the header deadline', async () => {
    const port = await server({ HTTP_HEADERS_TIMEOUT_MS: 1000, HTTP_REQUEST_TIMEOUT_MS: 5000 });
    const started = Date.now();
    const slow = Array.from({ length: 200 }, () => slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: '));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('ok');
    // Generous on a shared machine: the point is that it is not held behind the slow clients.
    expect(Date.now() - asked).toBeLessThan(1000);
    // Deadline 1 s, checked every second: all gone well within 6 s (Node's default: 60 s, checked every 30 s).
    expect(await within(Promise.all(slow.map((c) => c.closed)), 6000)).toBe(true);
    const outcomes = await Promise.all(slow.map((c) => c.closed));
    expect(outcomes.every((o) => o.answer.startsWith('HTTP/1.1 408'))).toBe(true);
    expect(Math.min(...outcomes.map((o) => o.at - started))).toBeGreaterThanOrEqual(900);
  });

  test('When a client sends its body a byte at a time, Then it is closed after the request deadline', async () => {
    const port = await server({ HTTP_HEADERS_TIMEOUT_MS: 500, HTTP_REQUEST_TIMEOUT_MS: 1500 });
    const client = slowClient(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n');
    expect(await within(client.closed, 6000)).toBe(true);
    expect((await client.closed).answer).toMatch(/HTTP\/1\.1 408 Request Timeout/);
  });

  test('When more clients connect than HTTP_MAX_CONNECTIONS, Then those past the cap are closed at once and the others stay', async () => {
    const port = await server({ HTTP_MAX_CONNECTIONS: 10 });
    const clients = [];
    for (let i = 0; i < 15; i++) {
      const client = slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ', 1000);
      await new Promise<void>((resolve) => client.socket.once('connect', () => resolve()));
      clients.push(client);
    }
    const closedSoon = await Promise.all(clients.map((c) => within(c.closed, 1500)));
    expect(closedSoon.filter(Boolean)).toHaveLength(5);
    expect(closedSoon.slice(0, 10).every((closed) => !closed)).toBe(true);
  });

  test('When no host is given, Then it binds to loopback only', async () => {
    const s = await listen((_req, res) => res.end('ok'), 0);
    servers.push(s);
    expect((s.address() as net.AddressInfo).address).toBe('127.0.0.1');
  });

  test('When the request deadline is shorter than the header deadline, Then the listener is refused', () => {
    expect(() => createLimitedServer(() => undefined, { ...DEFAULT_LISTENER_LIMITS, HTTP_HEADERS_TIMEOUT_MS: 5000, HTTP_REQUEST_TIMEOUT_MS: 1000 })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS \(1000\) must be at least HTTP_HEADERS_TIMEOUT_MS \(5000\)/,
    );
  });
});
