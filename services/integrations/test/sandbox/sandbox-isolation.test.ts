import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { ScriptSandboxes } from '../../src/sandbox/script-sandbox';
import { scriptOutbound } from '../../src/sandbox/script-outbound';

/**
 * Issue 21 §5 (docs/adr/0057): with loopback allowed (OUTBOUND_ALLOW=127.0.0.1, as docs and tests set it), one
 * organization's script cannot call another's sandbox, nor the platform's own ports; a sandbox answers its own
 * runtime only. Two real sandboxes; a server of this file stands for the platform (its port is given as one
 * of the platform's), another for an ordinary allowed server.
 */
jest.setTimeout(60_000);

const servers: http.Server[] = [];
let platformPort: number;
let allowedOrigin: string;
let sandboxes: ScriptSandboxes;

async function serve(answer: string): Promise<number> {
  const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(answer));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  platformPort = await serve('platform secrets');
  allowedOrigin = `http://127.0.0.1:${await serve('allowed')}`;
  sandboxes = new ScriptSandboxes(
    { timeMs: 5000, memoryBytes: 256 * 1024 * 1024, maxSandboxes: 4, maxResponseBytes: 1024 * 1024, idleCpuMs: 200, platformPorts: [platformPort] },
    scriptOutbound({ allow: ['127.0.0.1'], timeoutMs: 5000, maxBytes: 1024 * 1024 }),
    createLogger('sandbox-isolation-test', 'silent'),
  );
});
afterAll(async () => {
  await sandboxes?.close();
  for (const server of servers) server.close();
});

const call = (key: string, script: string, body = '') => sandboxes.call(key, script, { url: 'https://integration.invalid/v1', method: 'POST', headers: { 'content-type': 'text/plain' }, body: Buffer.from(body) });

/** Org B's private integration: it answers whatever it is sent (what an attacker would want to reach). */
const privateScript = 'export default { async fetch(request) { return new Response("org B handled: " + await request.text()); } }';
/** Org A's script: POSTs to every URL it is sent, and answers what each answered. */
const probingScript = `export default {
  async fetch(request) {
    const results = [];
    for (const url of JSON.parse(await request.text())) {
      try {
        const res = await fetch(url, { method: 'POST', body: 'from org A' });
        results.push(res.status + ' ' + (await res.text()));
      } catch (err) {
        results.push('threw ' + err.message);
      }
    }
    return Response.json(results);
  },
};`;

test('When a script in org A calls org B’s sandbox sockets over allowed loopback, Then each call is refused and org B’s script never runs', async () => {
  expect((await call('org-b', privateScript, 'from its runtime')).body.toString()).toBe('org B handled: from its runtime');
  // Every socket of org B's sandbox (its entry and its loopback callback) is refused, as are A's own.
  const sandboxPorts = [...sandboxes.refusedPorts()].filter((port) => port !== platformPort);
  expect(sandboxPorts.length).toBeGreaterThanOrEqual(2);
  const results: string[] = JSON.parse((await call('org-a', probingScript, JSON.stringify(sandboxPorts.map((port) => `http://127.0.0.1:${port}/v1`)))).body.toString());
  expect(results).toHaveLength(sandboxPorts.length);
  for (const result of results) expect(result).toMatch(/^502 outbound request refused or failed: BLOCKED_ADDRESS: port \d+ of 127\.0\.0\.1 belongs to the platform itself/);
  // The refusal holds for every name loopback has, and the allowed server still answers.
  const [byName, allowed] = JSON.parse((await call('org-a', probingScript, JSON.stringify([`http://localhost:${sandboxPorts[0]}/v1`, allowedOrigin]))).body.toString());
  expect(byName).toMatch(/^502 outbound request refused or failed: (BLOCKED_ADDRESS|NETWORK)/);
  expect(allowed).toBe('200 allowed');
});

test('When anything but its runtime calls a sandbox’s entry socket, Then the sandbox answers 403 without running the script', async () => {
  await call('org-b', privateScript, 'warm');
  const ports = [...sandboxes.refusedPorts()].filter((port) => port !== platformPort);
  const answers = await Promise.all(
    ports.map(async (port) => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/v1`, { method: 'POST', body: 'from outside' });
        return `${res.status} ${await res.text()}`;
      } catch (err) {
        return `unreachable ${(err as Error).message}`;
      }
    }),
  );
  // The entry socket refuses; no answer anywhere is the private script's.
  expect(answers).toContain('403 this sandbox answers its own runtime only');
  expect(answers.join('\n')).not.toMatch(/org B handled/);
});

test('When a script calls the platform’s ports over allowed loopback, Then it is refused whatever OUTBOUND_ALLOW says', async () => {
  const [platform] = JSON.parse((await call('org-a', probingScript, JSON.stringify([`http://127.0.0.1:${platformPort}/`]))).body.toString());
  expect(platform).toBe(`502 outbound request refused or failed: BLOCKED_ADDRESS: port ${platformPort} of 127.0.0.1 belongs to the platform itself and is refused whatever OUTBOUND_ALLOW says`);
});
