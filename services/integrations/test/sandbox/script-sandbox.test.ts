import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { SandboxError, ScriptSandboxes } from '../../src/sandbox/script-sandbox';
import { scriptOutbound } from '../../src/sandbox/script-outbound';

/**
 * The Workers-runtime sandbox on its own (real workerd processes): a script's answer, its guarded fetch,
 * and the time and memory limits that end its process without touching another integration's.
 */
jest.setTimeout(60_000);

/** A call's time limit, which is also the time a workerd process has to load (a fresh one on a loaded machine can take over 2 s). */
const LIMIT_MS = 4000;

let server: http.Server;
let origin: string;
let sandboxes: ScriptSandboxes;

beforeAll(async () => {
  server = http.createServer((req, res) => res.writeHead(req.url === '/teapot' ? 418 : 200, { 'content-type': 'text/plain' }).end(`seen ${req.method} ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandboxes = new ScriptSandboxes(
    { timeMs: LIMIT_MS, memoryBytes: 160 * 1024 * 1024, maxSandboxes: 4, maxResponseBytes: 1024 * 1024, idleCpuMs: 200, platformPorts: [] },
    scriptOutbound({ allow: ['127.0.0.1'], timeoutMs: LIMIT_MS, maxBytes: 1024 * 1024 }),
    createLogger('sandbox-test', 'silent'),
  );
});
afterAll(async () => {
  await sandboxes?.close();
  server?.close();
});

const call = (key: string, script: string, body = '') => sandboxes.call(key, script, { url: 'https://integration.invalid/v1', method: 'POST', headers: { 'content-type': 'text/plain' }, body: Buffer.from(body) });
const fetching = (target: string) => `export default { async fetch() { const r = await fetch(${JSON.stringify(target)}); return new Response(r.status + ' ' + await r.text()); } }`;

test('When a script answers, Then its status, headers and body come back', async () => {
  const res = await call('echo', 'export default { async fetch(req) { return new Response("got " + await req.text(), { status: 201, headers: { "x-a": "1" } }); } }', 'hello');
  expect(res).toMatchObject({ status: 201, headers: expect.objectContaining({ 'x-a': '1' }) });
  expect(res.body.toString()).toBe('got hello');
});

test('When a script fetches, Then allowed addresses answer with their own status and forbidden ones are a 502 that says why', async () => {
  expect((await call('fetch-ok', fetching(`${origin}/teapot`))).body.toString()).toBe('418 seen GET /teapot');
  const refused = (await call('fetch-metadata', fetching('http://169.254.169.254/latest/meta-data'))).body.toString();
  expect(refused).toMatch(/^502 outbound request refused or failed: BLOCKED_ADDRESS: 169\.254\.169\.254/);
});

test('When a script loops, Then the call fails at the time limit and the next call gets a new process', async () => {
  const script = 'export default { async fetch(req) { if (await req.text() === "loop") { for (;;) {} } return new Response("alive"); } }';
  const started = Date.now();
  await expect(call('looping', script, 'loop')).rejects.toEqual(new SandboxError('TIMEOUT', `the integration script did not finish within ${LIMIT_MS} ms (its answer and the work it handed to ctx.waitUntil)`));
  // The limit ends it, not the test's own timeout: a new workerd process to start plus the limit took 8.6 s beside
  // the stack tests on a busy machine (2026-11-29), so the bound is three limits, far below a loop left running.
  expect(Date.now() - started).toBeLessThan(3 * LIMIT_MS);
  expect((await call('looping', script, 'fine')).body.toString()).toBe('alive');
});

test('When a script grows past the memory limit, Then the call fails with MEMORY and another integration’s sandbox is untouched', async () => {
  const other = 'export default { async fetch() { return new Response("other fine"); } }';
  expect((await call('bystander', other)).body.toString()).toBe('other fine');
  const hog = 'const kept = []; export default { async fetch() { for (;;) { kept.push(new Array(1e6).fill(Math.random())); await new Promise((r) => setTimeout(r, 1)); } } }';
  await expect(call('hog', hog)).rejects.toMatchObject({ reason: 'MEMORY', message: 'the integration script used more than 160 MB of memory' });
  expect((await call('bystander', other)).body.toString()).toBe('other fine');
});

test('When a script does not load, Then the call fails with START and says why', async () => {
  await expect(call('broken', 'export default {')).rejects.toMatchObject({ reason: 'START', message: expect.stringMatching(/^the integration script could not be loaded/) });
});
