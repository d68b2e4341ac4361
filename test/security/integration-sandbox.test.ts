import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compressToEncodedURIComponent } from 'lz-string';
import { eventually } from '@dp/testing';
import { compressToEncodedURIComponentFast } from '../support/lz-string-fast';
import { bootStack, type TestStack } from '../support/stack';

/**
 * Issue 21 §2, §3, §5, §7 (render) and §8 (unsigned delivery), through the gateway of a whole stack
 * (docs/adr/0057): a script's work after its answer is bounded and said in the event's trace, its answer is
 * capped, its fetches never reach the platform's ports even with loopback allowed, the render request's
 * decompression is capped, and no event goes out unsigned. This file's server, on 127.0.0.1, is the
 * developer's tunnel.
 */
process.env.OUTBOUND_ALLOW = '127.0.0.1';
process.env.INTEGRATIONS_CALL_TIMEOUT_MS = '4000';
process.env.INTEGRATIONS_DELIVERY_MAX_ATTEMPTS = '1';
process.env.INTEGRATIONS_DELIVERY_POLL_MS = '100';

jest.setTimeout(120_000);

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
let org: string;
let n = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      heard.push({ path: (req.url ?? '/').split('?')[0], headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await bootStack('intsec', { withWorkers: true });
  owner = await stack.newUser('sandboxed');
  org = (await stack.newOrg(owner.token, 'Sandboxed Org')).id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * A render answers with what its component asks: `probe` fetches every URL of its props and shows each
 * status and text, `flood` streams 50 MB. Its installation_setup answers at once and leaves a CPU loop to
 * ctx.waitUntil.
 */
const script = `
export default {
  async fetch(request, env, ctx) {
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    if (event.type === 'installation_setup') {
      ctx.waitUntil((async () => { await new Promise((r) => setTimeout(r, 10)); for (;;) {} })());
      return new Response('answered');
    }
    if (event.componentId === 'flood') {
      const chunk = new Uint8Array(65536).fill(32);
      let sent = 0;
      return new Response(new ReadableStream({ pull(c) { if (sent >= 50 * 1048576) return c.close(); sent += chunk.length; c.enqueue(chunk); } }), { headers: { 'content-type': 'application/json' } });
    }
    const seen = [];
    for (const url of event.props.urls || []) {
      try {
        const res = await fetch(url, { method: 'POST', body: 'from a script' });
        seen.push(res.status + ' ' + (await res.text()).slice(0, 200));
      } catch (err) {
        seen.push('threw ' + err.message);
      }
    }
    return Response.json({ type: 'element', state: {}, props: event.props, element: { type: 'block', children: [{ type: 'text', children: JSON.stringify(seen) }] } });
  },
};`;

async function publishAndInstall(name: string) {
  const published = await stack.call('POST', `/v1/integrations/${name}`, {
    token: owner.token,
    body: { organization: org, title: 'Sandboxed', description: 'Under test', scopes: [], visibility: 'public', script },
  });
  expect(published.status).toBe(200);
}
const install = async (name: string) => expect((await stack.call('POST', `/v1/integrations/${name}/installations`, { token: owner.token, body: { organization: org } })).status).toBe(201);
const context = { type: 'configuration_account', theme: 'light' };
const render = (name: string, componentId: string, props: object = {}) =>
  stack.call('POST', `/v1/integrations/${name}/render`, { token: owner.token, body: { componentId, props, context } });
/** Every trace message of the integration's events, once each has had its one attempt. */
async function traces(name: string): Promise<string[]> {
  return eventually(async () => {
    const list = await stack.call('GET', `/v1/integrations/${name}/events`, { token: owner.token });
    const events = await Promise.all(list.body.items.map(async (e: { id: string }) => (await stack.call('GET', `/v1/integrations/${name}/events/${e.id}`, { token: owner.token })).body));
    const messages = events.flatMap((e: { trace: { logs: Array<{ message: string }> } }) => e.trace.logs.map((l) => l.message));
    return list.body.items.length > 0 && messages.some((m: string) => /attempt \d+ to/.test(m)) ? messages : undefined;
  }, 45_000);
}

test('When a script leaves a CPU loop to ctx.waitUntil, Then the event fails at the deadline with a trace that says so, and the next call runs at once', async () => {
  const name = `burner-${++n}`;
  await publishAndInstall(name);
  await install(name);
  const messages = await traces(name);
  expect(messages.find((m) => m.startsWith('attempt'))).toMatch(
    /^attempt 1 to the script: the integration script did not finish within 4000 ms \(its answer and the work it handed to ctx.waitUntil\) in \d+ ms; no attempt left: failed$/,
  );
  // The looping process was ended with the event: the next call gets a new one and answers.
  const res = await render(name, 'probe');
  expect(res.status).toBe(200);
  expect(res.body.element.children[0].children).toBe('[]');
});

test('When a script answers 50 MB, Then the render is a 502 that names the cap', async () => {
  const name = `flood-${++n}`;
  await publishAndInstall(name);
  await install(name);
  const res = await render(name, 'flood');
  expect(res.status).toBe(502);
  expect(res.body.error.message).toBe(`Integration ${name} did not render: the integration script answered more than 5242880 bytes: its answer was cut off and its sandbox ended`);
});

test('When a script fetches the gateway, the apis, the publisher, PostgreSQL or RabbitMQ over allowed loopback, Then every fetch is refused', async () => {
  const name = `prober-${++n}`;
  await publishAndInstall(name);
  await install(name);
  const ports = [...Object.values(stack.ports), stack.publisher.port, 5432, 5672];
  const urls = ports.map((port) => `http://127.0.0.1:${port}/`);
  const res = await render(name, 'probe', { urls: [...urls, `${origin}/allowed`] });
  expect(res.status).toBe(200);
  const seen: string[] = JSON.parse(res.body.element.children[0].children);
  expect(seen).toHaveLength(urls.length + 1);
  seen.slice(0, urls.length).forEach((answer, i) =>
    expect(answer).toBe(`502 outbound request refused or failed: BLOCKED_ADDRESS: port ${ports[i]} of 127.0.0.1 belongs to the platform itself and is refused whatever OUTBOUND_ALLOW says`),
  );
  // An ordinary allowed server still answers.
  expect(seen.at(-1)).toBe('200 ok');
});

test('When a GET render request decompresses to 30 million characters, Then it is a 400 that names the limit', async () => {
  const name = `bomb-${++n}`;
  await publishAndInstall(name);
  await install(name);
  const bomb = compressToEncodedURIComponentFast(JSON.stringify({ componentId: 'probe', props: { pad: 'a'.repeat(30_000_000) }, context }));
  expect(bomb.length).toBeLessThan(65_536);
  const started = Date.now();
  const res = await stack.call('GET', `/v1/integrations/${name}/render?request=${bomb}`, { token: owner.token });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe(
    'query.request decompresses to more than 1048576 characters (INTEGRATIONS_RENDER_REQUEST_MAX_CHARS): send a smaller request, or POST it',
  );
  expect(Date.now() - started).toBeLessThan(5000);
  // A request of ordinary size still renders by GET.
  const ok = await stack.call('GET', `/v1/integrations/${name}/render?request=${compressToEncodedURIComponent(JSON.stringify({ componentId: 'probe', props: {}, context }))}`, { token: owner.token });
  expect(ok.status).toBe(200);
});

test('When an integration has no signing secret, Then its event is not sent unsigned: a secret is sealed, signs it, and the trace says so', async () => {
  const name = `unsigned-${++n}`;
  await publishAndInstall(name);
  expect((await stack.call('PUT', `/v1/integrations/${name}/dev`, { token: owner.token, body: { tunnelUrl: `${origin}/tunnel/${name}` } })).status).toBe(204);
  // As an integration of a deployment that predates signing secrets, not yet sealed by the api's start.
  const db = stack.schemaDb('integrations');
  expect(await db('integrations').where({ name }).update({ signing_secret_sealed: null })).toBe(1);
  await install(name);
  const messages = await traces(name);
  expect(messages.find((m) => m.startsWith('the integration had no signing secret'))).toMatch(
    /^the integration had no signing secret: a new one was sealed, and signs this attempt; attempt 1 to the development tunnel .* HTTP 200 in \d+ ms; delivered$/,
  );
  const [delivery] = heard.filter((h) => h.path === `/tunnel/${name}`);
  const form = await new Request('http://x/', { method: 'POST', body: new Uint8Array(delivery.body), headers: { 'content-type': String(delivery.headers['content-type']) } }).formData();
  const secret = JSON.parse(String(form.get('environment'))).signingSecrets.integration;
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-gitbook-signature'])) ?? [];
  const mac = (key: string) => createHmac('sha256', key).update(`${t}.`).update(delivery.body).digest('hex');
  expect(v1).toBe(mac(secret));
  expect(v1).not.toBe(mac(''));
  expect((await db('integrations').where({ name }).first('signing_secret_sealed')).signing_secret_sealed).toEqual(expect.any(String));
});

test('When a development tunnel points at a platform port over allowed loopback, Then the event is not sent there and the trace says why', async () => {
  const name = `tunnel-${++n}`;
  await publishAndInstall(name);
  const gateway = `http://127.0.0.1:${stack.ports.gateway}/v1/orgs`;
  expect((await stack.call('PUT', `/v1/integrations/${name}/dev`, { token: owner.token, body: { tunnelUrl: gateway } })).status).toBe(204);
  await install(name);
  const messages = await traces(name);
  expect(messages.find((m) => m.startsWith('attempt'))?.replace(/ in \d+ ms;/, ' in N ms;')).toBe(
    `attempt 1 to the development tunnel ${gateway}: the development tunnel: port ${stack.ports.gateway} of 127.0.0.1 belongs to the platform itself and is refused whatever OUTBOUND_ALLOW says in N ms; no attempt left: failed`,
  );
});
