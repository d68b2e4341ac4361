import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@dp/testing';
import { childPids, processName } from '@dp/metrics';
import { reportingScript } from '../../services/integrations/test/support/reporting-script';
import { bootStack, type TestStack } from '../support/stack';

// GitBook's CLI against the gateway: the integrations worker delivers the built script's events in the sandbox, which
// reports them to this file's server (127.0.0.1), on the schedule shortened for the test as on the integrations app's own
// tests (services/integrations/test/http/delivery.test.ts, where delivery, tunnels and rendering are tested).
process.env.OUTBOUND_ALLOW = '127.0.0.1';
process.env.INTEGRATIONS_DELIVERY_MAX_ATTEMPTS = '3';
process.env.INTEGRATIONS_DELIVERY_RETRY_BASE_MS = '200';
process.env.INTEGRATIONS_DELIVERY_RETRY_MAX_MS = '400';
process.env.INTEGRATIONS_CALL_TIMEOUT_MS = '8000';
process.env.INTEGRATIONS_DELIVERY_POLL_MS = '100';

jest.setTimeout(90_000);

/** What the test's server heard: the script reports each event it gets. */
interface Heard {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const heard: Heard[] = [];

let server: http.Server;
let origin: string;
let stack: TestStack;
let owner: { token: string };
let ownerOrg: string;
let n = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      heard.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await bootStack('intd', { withWorkers: true });
  owner = await stack.newUser('developer');
  ownerOrg = (await stack.newOrg(owner.token, 'Developer Org')).id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  // A stopped stack leaves no sandbox process behind (its api and worker closed their pools).
  expect(childPids().filter((pid) => processName(pid) === 'workerd')).toEqual([]);
});

const install = async (token: string, name: string, organization: string) => {
  const res = await stack.call('POST', `/v1/integrations/${name}/installations`, { token, body: { organization } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
/** The integration's events once none waits for an attempt, with the trace of each. */
async function settledEvents(name: string) {
  return eventually(async () => {
    const list = await stack.call('GET', `/v1/integrations/${name}/events`, { token: owner.token });
    const traces = await Promise.all(list.body.items.map(async (e: { id: string }) => (await stack.call('GET', `/v1/integrations/${name}/events/${e.id}`, { token: owner.token })).body));
    const settled = traces.every((t) => /delivered|no attempt left/.test(t.trace.logs.at(-1)?.message ?? ''));
    return list.body.items.length > 0 && settled ? traces : undefined;
  }, 45_000);
}
const reports = (name: string) => heard.filter((h) => h.path === `/report/${name}`).map((h) => JSON.parse(h.body.toString()));

describe('GitBook’s own CLI publishes and unpublishes against the gateway', () => {
  let home: string;
  /** Runs `gitbook …` (GitBook's CLI, installed without its install script) with its own config folder. */
  function gitbook(args: string[], input = ''): Promise<{ code: number | null; out: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [require.resolve('@gitbook/cli/cli.js'), ...args], {
        cwd: home,
        env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GITBOOK_TOKEN: '' },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
      child.stdin.end(input);
    });
  }
  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'gitbook-cli-'));
  });
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  test('When `gitbook publish` builds and publishes an integration (runtime v2) and it is installed, Then its built script gets the event; `gitbook unpublish` removes it', async () => {
    const name = `cli-hook-${++n}`;
    expect((await gitbook(['auth', '--endpoint', stack.baseUrl, '--token', owner.token])).out).toMatch(/You are now authenticated as developer/);
    fs.mkdirSync(path.join(home, 'src'), { recursive: true });
    fs.writeFileSync(path.join(home, 'src', 'index.js'), reportingScript(`${origin}/report/${name}`));
    fs.writeFileSync(
      path.join(home, 'gitbook-manifest.yaml'),
      [`name: ${name}`, 'title: CLI hook', 'description: Built by the CLI', 'script: ./src/index.js', 'scopes: []', 'visibility: public', `organization: ${ownerOrg}`, 'secrets:', '  TOKEN: from-the-manifest', ''].join('\n'),
    );
    const published = await gitbook(['publish']);
    expect(published).toMatchObject({ code: 0 });
    expect(published.out).toMatch(new RegExp(`Integration "${name}" published`));
    const row = await stack.schemaDb('integrations')('integrations').where({ name }).first();
    expect(row).toMatchObject({ runtime: 'v2', version: 1 });

    await install(owner.token, name, ownerOrg);
    const [traced] = await settledEvents(name);
    // With its trace, so that a failure says which attempt failed and why.
    expect({ status: traced.event.status, trace: traced.trace.logs.map((l: { message: string }) => l.message) }).toMatchObject({ status: 'success' });
    expect(reports(name)).toEqual([expect.objectContaining({ integration: name, secrets: { TOKEN: 'from-the-manifest' }, event: expect.objectContaining({ type: 'installation_setup' }) })]);

    const unpublished = await gitbook(['unpublish', name], 'y\n');
    expect(unpublished).toMatchObject({ code: 0 });
    expect(unpublished.out).toMatch(new RegExp(`"${name}" has been deleted`));
    expect((await stack.call('GET', `/v1/integrations/${name}`, { token: owner.token })).status).toBe(404);
  });
});
