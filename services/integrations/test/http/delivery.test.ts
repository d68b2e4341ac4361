import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compressToEncodedURIComponent } from 'lz-string';
import type { Role } from '@dp/auth';
import { newId } from '@dp/db';
import { createEvent, IdentityEvents } from '@dp/events';
import { componentOf, eventually, expectOfficialSchema } from '@dp/testing';
import { integrationsService } from '../../src';
import { childPids, processName } from '@dp/metrics';
import { reportingScript } from '../support/reporting-script';
import { bindTarget } from '../../src/data/target-installations';

/**
 * Event delivery, development tunnels and UI rendering on the integrations app (component level, docs/testing.md).
 * The service's own delivery job (run by the test, as the worker's timer would) delivers to scripts in the sandbox
 * and to tunnels on this file's server (127.0.0.1), on a schedule shortened for the test: three attempts, 200 to
 * 400 ms apart, each within 8 s (generous: a cold, loaded machine must not time a healthy call out; the stalling
 * scripts below take that long to be stopped). Organizations are fed as identity.organization.created.
 */
const PUBLIC_URL = 'http://localhost:3999';
const api = componentOf('intd', integrationsService, {
  INTEGRATIONS_SECRETS_KEY: randomBytes(32).toString('base64'),
  PUBLIC_URL,
  OUTBOUND_ALLOW: '127.0.0.1',
  INTEGRATIONS_DELIVERY_MAX_ATTEMPTS: '3',
  INTEGRATIONS_DELIVERY_RETRY_BASE_MS: '200',
  INTEGRATIONS_DELIVERY_RETRY_MAX_MS: '400',
  INTEGRATIONS_CALL_TIMEOUT_MS: '8000',
});

jest.setTimeout(90_000);

/** A user and their roles per organization, as the gateway asserts them. */
type User = { user: string; roles: Record<string, Role> };
/** A user who creates an organization (its admin), announced to integrations as identity does. */
const newUserWithOrg = async (title: string): Promise<{ user: User; orgId: string }> => {
  const organizationId = newId();
  const user: User = { user: newId(), roles: { [organizationId]: 'admin' } };
  await api.handle(createEvent(IdentityEvents.ORGANIZATION_CREATED, { organizationId, title, createdBy: user.user }, { source: 'identity', subject: organizationId }));
  return { user, orgId: organizationId };
};

/** What the test's server heard: scripts report each event they get; tunnels receive events themselves. */
interface Heard {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const heard: Heard[] = [];
/** Status the server answers per path, in order (then 200). */
const answers = new Map<string, number[]>();
/** Paths where the server answers as an integration's render would (a development tunnel's). */
const rendering = new Set<string>();
const tunnelRender = { type: 'element', state: {}, props: {}, element: { type: 'block', children: [{ type: 'text', children: 'from the tunnel' }] } };

let server: http.Server;
let origin: string;
let owner: User;
let ownerOrg: string;
let other: User;
let otherOrg: string;
let n = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      heard.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      if (rendering.has(path)) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tunnelRender));
      const status = answers.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ user: owner, orgId: ownerOrg } = await newUserWithOrg('Developer Org'));
  ({ user: other, orgId: otherOrg } = await newUserWithOrg('Customer Org'));
});
// Declared after componentOf's: the app and its delivery job have closed their sandboxes by now.
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  // A stopped service leaves no sandbox process behind (its app and its job closed their pools).
  expect(childPids().filter((pid) => processName(pid) === 'workerd')).toEqual([]);
});

async function publish(name: string, extra: object = {}) {
  const res = await api.call('POST', `/v1/integrations/${name}`, {
    as: owner,
    body: { organization: ownerOrg, title: 'Hooked', description: 'Hears events', scopes: [], visibility: 'public', script: reportingScript(`${origin}/report/${name}`), ...extra },
  });
  expect(res.status).toBe(200);
  return res.body;
}
const install = async (as: User, name: string, organization: string) => {
  const res = await api.call('POST', `/v1/integrations/${name}/installations`, { as, body: { organization } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
/** The integration's events once none waits for an attempt, with the trace of each. */
async function settledEvents(name: string) {
  return eventually(async () => {
    await api.runJobs();
    const list = await api.call('GET', `/v1/integrations/${name}/events`, { as: owner });
    const traces = await Promise.all(list.body.items.map(async (e: { id: string }) => (await api.call('GET', `/v1/integrations/${name}/events/${e.id}`, { as: owner })).body));
    const settled = traces.every((t) => /delivered|no attempt left/.test(t.trace.logs.at(-1)?.message ?? ''));
    return list.body.items.length > 0 && settled ? traces : undefined;
  }, 45_000);
}
/** An event's trace messages, shown with a failed expectation so that it says why. */
const traceOf = (traced: { trace: { logs: Array<{ message: string }> } }) => traced.trace.logs.map((l) => l.message);
/** Fails, with the event's whole trace in the message (a diff would show only the status), unless it ended `status`. */
function expectEnded(name: string, traced: { event: { id: string; status: string }; trace: { logs: Array<{ message: string }> } }, status: 'success' | 'failed') {
  if (traced.event.status === status) return;
  const heardFromScript = reports(name).length;
  throw new Error(`event ${traced.event.id} of ${name} ended ${traced.event.status}, not ${status} (its script reported ${heardFromScript} times); its trace:\n${traceOf(traced).join('\n')}`);
}
const reports = (name: string) => heard.filter((h) => h.path === `/report/${name}`).map((h) => JSON.parse(h.body.toString()));

describe('Events delivered to an integration’s script', () => {
  test('When an integration is installed, Then its script gets the installation_setup event with its environment, and the event is delivered (success) with a trace', async () => {
    const name = `hook-${++n}`;
    await publish(name, { secrets: { TOKEN: 's3cret', PROBE: 'http://169.254.169.254/latest/meta-data' } });
    const installationId = await install(owner, name, ownerOrg);
    const [traced] = await settledEvents(name);
    expectEnded(name, traced, 'success');
    expect(traced.event).toMatchObject({ installationId, payload: { type: 'installation_setup', installationId } });
    expectOfficialSchema('IntegrationEvent', traced.event);
    expect(traced.trace.logs.at(-1).message).toMatch(/^attempt 1 to the script: HTTP 200 in \d+ ms; delivered$/);
    const [report] = reports(name);
    expect(report).toMatchObject({ path: '/v1', installation: installationId, integration: name, hasSigningSecret: true, event: { eventId: traced.event.payload.eventId, type: 'installation_setup' } });
    expect(report.secrets).toEqual({ TOKEN: 's3cret', PROBE: 'http://169.254.169.254/latest/meta-data' });
    expect(report.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(report.apiEndpoint).toBe(PUBLIC_URL);
    // The script's own fetch goes through the SSRF guard: the metadata address is refused (a 502 from the sandbox).
    expect(report.probe).toBe(502);
    // No environment leaks into the sandbox.
    expect(report.env).toEqual([]);
  });

  test('When the script’s endpoint fails twice then succeeds, Then three attempts are in the trace and the event is success', async () => {
    const name = `flaky-${++n}`;
    await publish(name);
    answers.set(`/report/${name}`, [500, 503]);
    await install(owner, name, ownerOrg);
    const [traced] = await settledEvents(name);
    expectEnded(name, traced, 'success');
    const attempts = traced.trace.logs.filter((l: { message: string }) => l.message.startsWith('attempt'));
    expect(attempts.map((l: { message: string; level: string }) => [l.message.replace(/ in \d+ ms/, '').replace(/in \d+ s$/, 'in N s'), l.level])).toEqual([
      ['attempt 1 to the script: HTTP 500: failed; next attempt in N s', 'warn'],
      ['attempt 2 to the script: HTTP 500: failed; next attempt in N s', 'warn'],
      ['attempt 3 to the script: HTTP 200; delivered', 'info'],
    ]);
    expect(reports(name)).toHaveLength(3);
    // Each attempt is signed afresh, and every one carries the same event id.
    expect(new Set(reports(name).map((r) => r.event.eventId)).size).toBe(1);
  });

  test('When the endpoint always fails, Then the event is failed once its attempts are spent; a manual redelivery delivers it', async () => {
    const name = `down-${++n}`;
    await publish(name);
    answers.set(`/report/${name}`, [500, 500, 500]);
    await install(owner, name, ownerOrg);
    const [traced] = await settledEvents(name);
    expect(traced.event.status).toBe('failed');
    expect(traced.trace.logs.at(-1)).toMatchObject({ level: 'error', message: expect.stringMatching(/^attempt 3 to the script: HTTP 500: failed in \d+ ms; no attempt left: failed$/) });
    const again = await api.call('POST', `/v1/integrations/${name}/events/${traced.event.id}/redeliver`, { as: owner });
    expect(again.status).toBe(202);
    const redelivered = await eventually(async () => {
      await api.runJobs();
      const res = await api.call('GET', `/v1/integrations/${name}/events/${traced.event.id}`, { as: owner });
      return res.body.event.status === 'success' ? res.body : undefined;
    });
    expect(redelivered.trace.logs.map((l: { message: string }) => l.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^redelivery asked by user /), expect.stringMatching(/^attempt 1 to the script: HTTP 200/)]));
    expect((await api.call('POST', `/v1/integrations/${name}/events/${traced.event.id}/redeliver`, { as: other })).status).toBe(403);
  });

  test('When a script never answers, Then each attempt is stopped at the time limit and the event fails; other integrations are delivered meanwhile', async () => {
    const stalling = `stall-${++n}`;
    await publish(stalling, { secrets: { MODE: 'stall' } });
    const healthy = `healthy-${++n}`;
    await publish(healthy);
    await install(owner, stalling, ownerOrg);
    await install(owner, healthy, ownerOrg);
    const [ok] = await settledEvents(healthy);
    expectEnded(healthy, ok, 'success');
    const [stuck] = await settledEvents(stalling);
    expect(stuck.event.status).toBe('failed');
    const attempts = stuck.trace.logs.filter((l: { message: string }) => l.message.startsWith('attempt'));
    expect(attempts).toHaveLength(3);
    for (const a of attempts) expect(a.message).toMatch(/the integration script did not finish within 8000 ms \(its answer and the work it handed to ctx\.waitUntil\)/);
  });
});

describe('Development mode: events to the developer’s tunnel', () => {
  test('When development mode is on, Then the owner organization’s events go to the tunnel, signed with the published algorithm, and other organizations’ to the script unless `all`', async () => {
    const name = `dev-${++n}`;
    await publish(name);
    expect((await api.call('PUT', `/v1/integrations/${name}/dev`, { as: owner, body: { tunnelUrl: `${origin}/tunnel/${name}` } })).status).toBe(204);
    await install(owner, name, ownerOrg);
    await install(other, name, otherOrg);
    const traces = await settledEvents(name);
    expect(traces.map((t) => t.event.status)).toEqual(['success', 'success']);
    const tunnel = heard.filter((h) => h.path === `/tunnel/${name}`);
    expect(tunnel).toHaveLength(1);
    // The receiver checks the signature as GitBook documents it: HMAC-SHA256 of "<t>.<raw body>" with the integration's signing secret.
    const [delivery] = tunnel;
    const form = await new Request('http://x/', { method: 'POST', body: new Uint8Array(delivery.body), headers: { 'content-type': String(delivery.headers['content-type']) } }).formData();
    const environment = JSON.parse(String(form.get('environment')));
    const event = JSON.parse(String(form.get('event')));
    expect(event).toMatchObject({ type: 'installation_setup' });
    expect(environment.installation.target).toEqual({ organization: ownerOrg });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-gitbook-signature']))!;
    const expected = createHmac('sha256', environment.signingSecrets.integration).update(`${t}.`).update(delivery.body).digest('hex');
    expect(v1).toBe(expected);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(60);
    // The other organization's installation went to the script.
    expect(reports(name).map((r) => r.installation)).toHaveLength(1);

    // `all`: every organization's events go to the tunnel; ended: the script again.
    expect((await api.call('PUT', `/v1/integrations/${name}/dev`, { as: owner, body: { tunnelUrl: `${origin}/tunnel/${name}`, all: true } })).status).toBe(204);
    const { user: third, orgId: thirdOrg } = await newUserWithOrg('Third Org');
    await install(third, name, thirdOrg);
    await eventually(async () => (await api.runJobs(), heard.filter((h) => h.path === `/tunnel/${name}`).length === 2));
    expect((await api.call('DELETE', `/v1/integrations/${name}/dev`, { as: owner })).status).toBe(204);
    const { user: fourth, orgId: fourthOrg } = await newUserWithOrg('Fourth Org');
    await install(fourth, name, fourthOrg);
    await eventually(async () => (await api.runJobs(), reports(name).length === 2));
    expect(heard.filter((h) => h.path === `/tunnel/${name}`)).toHaveLength(2);
  });

  test('When development mode is set by a non-admin, with a bad URL, or on an unknown integration, Then it is 403, 400 or 404', async () => {
    const name = `dev-auth-${++n}`;
    await publish(name);
    expect((await api.call('PUT', `/v1/integrations/${name}/dev`, { as: other, body: { tunnelUrl: `${origin}/t` } })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/integrations/${name}/dev`, { as: other })).status).toBe(403);
    expect((await api.call('PUT', `/v1/integrations/${name}/dev`, { as: owner, body: { tunnelUrl: 'ftp://example.com/' } })).status).toBe(400);
    expect((await api.call('PUT', `/v1/integrations/${name}/dev`, { as: owner, body: {} })).status).toBe(400);
    expect((await api.call('PUT', `/v1/integrations/no-such-${n}/dev`, { as: owner, body: { tunnelUrl: `${origin}/t` } })).status).toBe(404);
  });
});

describe('Rendering an integration’s UI', () => {
  const context = { type: 'configuration_account', theme: 'light' };
  const render = (name: string, request: object, as: User = owner) =>
    api.call('GET', `/v1/integrations/${name}/render?request=${compressToEncodedURIComponent(JSON.stringify(request))}`, { as });

  test('When a member renders a component (GET with the compressed request, or POST), Then the script’s element tree is the answer, with its state and cache header', async () => {
    const name = `ui-${++n}`;
    await publish(name);
    const installationId = await install(owner, name, ownerOrg);
    const first = await render(name, { componentId: 'counter', props: { title: 'Counter' }, context });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('max-age=30');
    expect(first.body).toMatchObject({ type: 'element', state: { count: 0 }, props: { title: 'Counter' }, element: { type: 'block' } });
    expect(first.body.element.children[0].children).toMatch(new RegExp(`^Pressed 0 times by \\w+ on ${installationId}$`));
    expectOfficialSchema('ContentKitRenderOutput', first.body);
    const pressed = await api.call('POST', `/v1/integrations/${name}/render`, {
      as: owner,
      body: { componentId: 'counter', props: { title: 'Counter' }, state: first.body.state, action: { action: 'increment' }, context: { ...context, organizationId: ownerOrg } },
    });
    expect(pressed.status).toBe(200);
    expect(pressed.body.state).toEqual({ count: 1 });
  });

  test('When development mode is on, Then the render goes to the tunnel', async () => {
    const name = `ui-dev-${++n}`;
    await publish(name);
    await install(owner, name, ownerOrg);
    expect((await api.call('PUT', `/v1/integrations/${name}/dev`, { as: owner, body: { tunnelUrl: `${origin}/tunnel/${name}` } })).status).toBe(204);
    rendering.add(`/tunnel/${name}`);
    const before = heard.filter((h) => h.path === `/tunnel/${name}`).length;
    const res = await render(name, { componentId: 'counter', props: {}, context });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(tunnelRender);
    const calls = heard.filter((h) => h.path === `/tunnel/${name}`);
    expect(calls.length).toBe(before + 1);
    const form = await new Request('http://x/', { method: 'POST', body: new Uint8Array(calls.at(-1)!.body), headers: { 'content-type': String(calls.at(-1)!.headers['content-type']) } }).formData();
    expect(JSON.parse(String(form.get('event')))).toMatchObject({ type: 'ui_render', componentId: 'counter', context });
    // A tunnel that answers something else than a render output: a 502 that says so.
    rendering.delete(`/tunnel/${name}`);
    const bad = await render(name, { componentId: 'counter', props: {}, context });
    expect(bad.status).toBe(502);
    expect(bad.body.error.message).toBe(`Integration ${name} answered the render with something that is not JSON`);
  });

  test('When the request is bad, the caller has no installation, or the script fails or never answers, Then it is 400, 404 or a 502 that says why', async () => {
    const name = `ui-bad-${++n}`;
    await publish(name);
    await install(owner, name, ownerOrg);
    const get = (query: string) => api.call('GET', `/v1/integrations/${name}/render${query}`, { as: owner });
    expect((await get('')).status).toBe(400);
    expect((await get('?request=not-lz-at-all!')).body.error.message).toMatch(/query\.request/);
    expect((await get(`?request=${compressToEncodedURIComponent('not json')}`)).status).toBe(400);
    const missing = await render(name, { props: {}, context });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/query\.request.*componentId/);
    expect((await render(name, { componentId: 'x', props: {}, context: { type: 'nowhere', theme: 'light' } })).status).toBe(400);
    expect((await render(name, { componentId: 'counter', props: {}, context }, other)).status).toBe(404);
    const broken = await render(name, { componentId: 'broken', props: {}, context });
    expect(broken.status).toBe(502);
    expect(broken.body.error.message).toBe(`Integration ${name} answered the render with HTTP 404: no such component`);
    const stalling = `ui-stall-${++n}`;
    await publish(stalling, { secrets: { MODE: 'stall' } });
    await install(owner, stalling, ownerOrg);
    const stuck = await render(stalling, { componentId: 'counter', props: {}, context });
    expect(stuck.status).toBe(502);
    expect(stuck.body.error.message).toBe(`Integration ${stalling} did not render: the integration script did not finish within 8000 ms (its answer and the work it handed to ctx.waitUntil)`);
  });

  test('When a page s integration block is rendered for its readers (docs/adr/0094), Then the script s element comes back with its max age, only where the integration is installed on the space and only for the services that render pages', async () => {
    const name = `ui-block-${++n}`;
    await publish(name);
    const installationId = await install(owner, name, ownerOrg);
    const spaceId = newId();
    const renderBlock = (body: object, as: { service: string } = { service: 'sites' }) => api.call('POST', `/internal/integrations/${name}/blocks/render`, { as, body });
    const body = { organizationId: ownerOrg, spaceId, blockId: 'counter', props: { title: 'Readers' } };
    // Installed on the organization, not on this space yet: the block shows its text.
    expect((await renderBlock(body)).status).toBe(404);
    await bindTarget(api.db, { installation_id: installationId, kind: 'space', target_id: spaceId, organization_id: ownerOrg });
    const rendered = await renderBlock(body);
    expect(rendered.status).toBe(200);
    expect(rendered.body).toEqual({ element: { type: 'block', children: [{ type: 'text', children: `Pressed 0 times by a reader on ${installationId}` }], controls: expect.any(Array) }, maxAgeSeconds: 30 });
    expect((await renderBlock(body, { service: 'content' })).status).toBe(200);
    expect((await renderBlock(body, { service: 'identity' })).status).toBe(403);
    // Another organization's page naming the integration: not installed there.
    expect((await renderBlock({ ...body, organizationId: otherOrg })).status).toBe(404);
    const broken = await renderBlock({ ...body, blockId: 'broken' });
    expect(broken.status).toBe(502);
    expect(broken.body.error.message).toBe(`Integration ${name} answered the render with HTTP 404: no such component`);
  });
});
