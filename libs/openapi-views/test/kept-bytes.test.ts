import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { openapiOperations } from '../src/client';

/**
 * The views a renderer keeps are bounded by what they weigh, not by their count: a spec is a tenant's, and a
 * schemas view may be megabytes (issue 28). A stand-in of the openapi service on 127.0.0.1 answers each schemas
 * view with a size its first name says.
 */
let server: http.Server;
let url: string;
const asked = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const names = new URL(req.url ?? '/', 'http://x').searchParams.get('names') ?? '';
    asked.set(names, (asked.get(names) ?? 0) + 1);
    const size = names.startsWith('Big') ? 1024 * 1024 : 10;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ schemas: [{ name: names, description: 'x'.repeat(size) }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('When a spec answers with views of a megabyte, Then the renderer keeps at most its byte bound of them, and evicts the oldest', async () => {
  const operations = openapiOperations(url, 'secret', createLogger('test', 'silent'), 'sites', 4 * 1024 * 1024);
  await operations.schemas('org', 'petstore', ['Small']);
  await operations.schemas('org', 'petstore', ['Small']);
  expect(asked.get('Small')).toBe(1);

  for (let i = 0; i < 20; i++) await operations.schemas('org', 'petstore', [`Big${i}`]);
  await operations.schemas('org', 'petstore', ['Big19']);
  expect(asked.get('Big19')).toBe(1);
  await operations.schemas('org', 'petstore', ['Small']);
  expect(asked.get('Small')).toBe(2);
});
