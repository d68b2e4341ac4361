import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import { createLogger } from '@dp/log';
import { eventually, openConnections, type OpenConnection } from '@dp/testing';
import { closeServer, DEFAULT_LISTENER_LIMITS, listen } from '../src';

/**
 * Past HTTP_MAX_CONNECTIONS Node closes a new connection at once and only emits 'drop' (docs/adr/0062): the
 * listener hands each drop to its `onDrop` (the metrics wiring counts it) and warns, at most once per window,
 * with how many were dropped since its previous warning. Before, a full listener refused clients in silence.
 */
const WINDOW_MS = 1500;
const lines: Array<{ msg: string; listener: string; dropped: number; at: number }> = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push({ ...JSON.parse(line), at: Date.now() });
    done();
  },
});

let server: Server;
let port: number;
const drops: string[] = [];
const clients: OpenConnection[] = [];

beforeAll(async () => {
  const log = createLogger('drops-api', 'info', capture);
  server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', { ...DEFAULT_LISTENER_LIMITS, HTTP_MAX_CONNECTIONS: 2 }, {
    name: 'drops-api',
    log,
    onDrop: (listener) => drops.push(listener),
    warnEveryMs: WINDOW_MS,
  });
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const c of clients) c.socket.destroy();
  await closeServer(server);
});

const droppedWarned = () => lines.filter((l) => l.listener === 'drops-api').reduce((n, l) => n + l.dropped, 0);

describe('Given a listener that holds at most 2 connections', () => {
  test('When 5 clients connect, Then the 3 past the cap are closed, each handed to onDrop, and warned about in at most one line per window', async () => {
    clients.push(...(await openConnections(port, 5)));
    await Promise.all(clients.slice(2).map((c) => c.closed));
    await eventually(() => drops.length === 3);
    expect(drops).toEqual(['drops-api', 'drops-api', 'drops-api']);
    // The first drop is told at once; the others of the same window once it ends, with their count.
    await eventually(() => droppedWarned() === 3, WINDOW_MS * 5);
    const warned = lines.filter((l) => l.listener === 'drops-api');
    expect(warned[0].msg).toMatch(/connection\(s\) dropped: drops-api holds HTTP_MAX_CONNECTIONS \(2\)/);
    for (let i = 1; i < warned.length; i++) expect(warned[i].at - warned[i - 1].at).toBeGreaterThanOrEqual(WINDOW_MS - 100);
    expect(warned.length).toBeLessThan(3);
    // The two held connections are still open.
    expect(await Promise.race([Promise.any(clients.slice(0, 2).map((c) => c.closed)).then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 200))])).toBe('open');
  });

  test('When a connection is dropped after a quiet window, Then it is warned about at once', async () => {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS * 2));
    const before = lines.length;
    const [late] = await openConnections(port, 1);
    clients.push(late);
    await late.closed;
    await eventually(() => lines.length === before + 1, WINDOW_MS / 2);
    expect(lines[before]).toMatchObject({ listener: 'drops-api', dropped: 1 });
    expect(drops).toHaveLength(4);
  });
});
