import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { integrationBlocksClient } from '../src/client';

/**
 * The elements a renderer keeps are bounded by what they weigh, not by their count: an integration is a tenant's
 * script, and a few thousand answers of megabytes each would fill a publisher's memory (issue 28). A stand-in
 * of the integrations service on 127.0.0.1 answers each block with an element of the size its id names.
 */
let server: http.Server;
let url: string;
const asked = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { blockId } = JSON.parse(body) as { blockId: string };
      asked.set(blockId, (asked.get(blockId) ?? 0) + 1);
      const size = blockId.startsWith('big') ? 1024 * 1024 : 10;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ element: { type: 'text', text: 'x'.repeat(size) }, maxAgeSeconds: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const block = (id: string) => ({ key: `key-${id}`, integration: 'status', block: id, props: {} });

test('When an integration answers with elements of a megabyte, Then the renderer keeps at most its byte bound of them, and evicts the oldest', async () => {
  const blocks = integrationBlocksClient(url, 'secret', createLogger('test', 'silent'), 'sites', 4 * 1024 * 1024);
  await blocks.render('org', 'space', block('small'));
  await blocks.render('org', 'space', block('small'));
  expect(asked.get('small')).toBe(1);

  // 20 elements of 1 MB (2 MB each in memory): far over 4 MB, far under a count of entries.
  for (let i = 0; i < 20; i++) await blocks.render('org', 'space', block(`big-${i}`));
  // The newest still fits and is kept; the small one, the oldest, was evicted to make room.
  await blocks.render('org', 'space', block('big-19'));
  expect(asked.get('big-19')).toBe(1);
  await blocks.render('org', 'space', block('small'));
  expect(asked.get('small')).toBe(2);
});
