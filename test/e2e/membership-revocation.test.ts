import { untilStatus } from '@dp/testing';
import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

/**
 * Identity is the only source of memberships; the gateway caches principals and evicts them on identity's
 * events (ADR 0021): a member whose role is lowered, or who is removed, loses that access in every service as
 * soon as the relay and the broker carry the event (`untilStatus` allows far less than the cache's TTL); the
 * one-second target is held by a benchmark, `bench/staleness.ts` (docs/benchmarks.md).
 */
let stack: StackClient;
let admin: { id: string; token: string; email: string };
let bob: { id: string; token: string; email: string };
let orgId: string;

beforeAll(async () => {
  // Workers on: identity's relay publishes the member events that evict the gateway's cached principals.
  stack = await sharedStack();
  admin = await stack.newUser('admin');
  bob = await stack.newUser('bob');
  orgId = (await stack.newOrg(admin.token)).id;
  await stack.addMember(admin.token, orgId, bob.email, 'admin');
});

const integrationName = `revoke-${Date.now()}`;
const integration = () => ({
  organization: orgId,
  title: 'Revocation probe',
  description: 'Checks access',
  script: 'export default () => new Response("ok")',
  scopes: ['site:views:read'],
  visibility: 'private',
});

/** One write per service that needs more than `read`. */
const writes = (spaceId: string, n: number) => [
  ['content', 'POST', `/v1/orgs/${orgId}/spaces`, { title: `s${n}` }],
  ['sites', 'POST', `/v1/orgs/${orgId}/sites`, { title: `site ${n}` }],
  ['openapi', 'POST', `/v1/orgs/${orgId}/openapi`, { slug: `spec-${n}`, source: { url: 'https://example.com/openapi.json' } }],
  ['translations', 'POST', `/v1/orgs/${orgId}/translations`, { language: 'fr', source: { space: spaceId, language: 'en' } }],
  ['integrations', 'POST', `/v1/integrations/${integrationName}`, integration()],
  ['identity', 'PATCH', `/v1/orgs/${orgId}`, { title: `Renamed ${n}` }],
] as const;


describe('access follows identity, in every service, by its events', () => {
  test('When a member is lowered to read and then removed, Then every service soon refuses their writes (403) and then hides everything (404)', async () => {
    const space = await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: bob.token, body: { title: 'Source' } });
    expect(space.status).toBe(201);
    const spaceId = space.body.id;

    for (const [service, method, path, body] of writes(spaceId, 1)) {
      const res = await stack.call(method, path, { token: bob.token, body });
      expect({ service, ok: res.status === 200 || res.status === 201 }).toEqual({ service, ok: true });
    }
    const site = (await stack.call('GET', `/v1/orgs/${orgId}/sites`, { token: bob.token })).body.items[0];
    const reads = [
      ['identity', `/v1/orgs/${orgId}`],
      ['content', `/v1/spaces/${spaceId}`],
      ['sites', `/v1/orgs/${orgId}/sites/${site.id}`],
      ['openapi', `/v1/orgs/${orgId}/openapi/spec-1`],
      ['translations', `/v1/orgs/${orgId}/translations`],
      ['integrations', `/v1/integrations/${integrationName}`],
    ] as const;

    const lowered = await stack.call('PATCH', `/v1/orgs/${orgId}/members/${bob.id}`, { token: admin.token, body: { role: 'read' } });
    expect(lowered.status).toBe(200);
    await untilStatus(() => stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: bob.token, body: { title: 'probe' } }), 403);
    for (const [service, method, path, body] of writes(spaceId, 2)) {
      const res = await stack.call(method, path, { token: bob.token, body });
      expect({ service, status: res.status }).toEqual({ service, status: 403 });
    }
    for (const [service, path] of reads) {
      const res = await stack.call('GET', path, { token: bob.token });
      expect({ service, status: res.status }).toEqual({ service, status: 200 });
    }

    expect((await stack.call('DELETE', `/v1/orgs/${orgId}/members/${bob.id}`, { token: admin.token })).status).toBe(205);
    await untilStatus(() => stack.call('GET', `/v1/spaces/${spaceId}`, { token: bob.token }), 404);
    for (const [service, path] of reads) {
      const res = await stack.call('GET', path, { token: bob.token });
      expect({ service, status: res.status }).toEqual({ service, status: 404 });
    }
    for (const [service, method, path, body] of writes(spaceId, 3)) {
      const res = await stack.call(method, path, { token: bob.token, body });
      expect({ service, status: res.status }).toEqual({ service, status: 404 });
    }
  });

  test("When a reader joins a team granted edit on a space, Then they soon may write there; when they leave it, Then they soon may not (docs/adr/0097)", async () => {
    const carol = await stack.newUser('carol');
    await stack.addMember(admin.token, orgId, carol.email, 'read');
    const spaceId = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: admin.token, body: { title: 'Team space' } })).body.id;
    const team = await stack.call('PUT', `/v1/orgs/${orgId}/teams`, { token: admin.token, body: { title: 'Editors', members: [] } });
    expect(team.status).toBe(201);
    expect((await stack.call('POST', `/v1/spaces/${spaceId}/permissions`, { token: admin.token, body: { role: 'edit', teams: [team.body.id] } })).status).toBe(204);
    const write = () => stack.call('POST', `/v1/spaces/${spaceId}/change-requests`, { token: carol.token, body: { subject: 'Edit' } });
    expect((await write()).status).toBe(403);
    const members = `/v1/orgs/${orgId}/teams/${team.body.id}/members`;
    expect((await stack.call('PUT', members, { token: admin.token, body: { add: [carol.id] } })).status).toBe(204);
    await untilStatus(write, 201);
    expect((await stack.call('PUT', members, { token: admin.token, body: { remove: [carol.id] } })).status).toBe(204);
    await untilStatus(write, 403);
  });
});
