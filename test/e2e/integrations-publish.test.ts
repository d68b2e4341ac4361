import knex, { type Knex } from 'knex';
import { eventually, expectOfficialSchema, TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * Publishing integrations where integrations meets identity through the gateway: an organization read from identity's
 * API (created a moment ago, its event lost, named by its subdomain) and kept from identity's events over the bus.
 * Publishing, reading and listing on their own are tested on the integrations app (services/integrations/test/http/publish.test.ts).
 */
let stack: TestStack;
let db: Knex;
let owner: { id: string; token: string; email: string };
let orgId: string;
let n = 0;

const uniqueName = (prefix = 'intg') => `${prefix}-${Date.now().toString(36)}-${++n}`;
const manifest = <T extends object>(organization: string, extra: T = {} as T) => ({
  organization,
  title: 'Acme Analytics',
  description: 'Counts page views',
  script: 'export default () => new Response("ok")',
  scopes: ['site:views:read'],
  ...extra,
});
const publish = (token: string, name: string, body: object) => stack.call('POST', `/v1/integrations/${name}`, { token, body });
const get = (token: string, name: string) => stack.call('GET', `/v1/integrations/${name}`, { token });
const schema = () => db.withSchema(stack.envOf('integrations').DB_SCHEMA!);

beforeAll(async () => {
  stack = await bootStack('intp');
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  owner = await stack.newUser('publisher');
  orgId = (await stack.newOrg(owner.token, 'Acme Integrations')).id;
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
}, 60_000);

describe('publishing an integration', () => {
  test('When an admin publishes a new name for an organization created a moment ago, Then it is 200, version 1, an official Integration owned by that organization', async () => {
    const user = await stack.newUser('fresh');
    const org = await stack.newOrg(user.token, 'Fresh Org');
    const name = uniqueName('Fresh.integration_1');
    const res = await publish(user.token, name, manifest(org.id, { summary: '# Hello', categories: ['analytics'], secrets: { API_KEY: 's3cr3t' } }));
    expect(res.status).toBe(200);
    expectOfficialSchema('Integration', res.body);
    expect(res.body).toMatchObject({
      object: 'integration',
      name,
      version: 1,
      title: 'Acme Analytics',
      description: 'Counts page views',
      summary: '# Hello',
      visibility: 'private',
      target: 'all',
      verified: false,
      scopes: ['site:views:read'],
      categories: ['analytics'],
      previewImages: [],
      blocks: [],
      contentSources: [],
      externalLinks: [],
      permissions: { admin: true, install: true },
      owner: { object: 'organization', id: org.id, title: 'Fresh Org', permissions: expect.objectContaining({ admin: true }) },
    });
    expect(res.body.urls.location).toMatch(new RegExp(`/v1/integrations/${name.replace(/\./g, '\\.')}$`));
    expect(res.body).not.toHaveProperty('secrets');
    expect(res.body).not.toHaveProperty('script');
    expect(JSON.stringify(res.body)).not.toContain('s3cr3t');
    expectOfficialSchema('Organization', res.body.owner);

    const again = await get(user.token, name);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });


  test('When the organization is unknown to the local copy (its created event never arrived), Then it is read from identity and the publish succeeds', async () => {
    const u = await stack.newUser('lost');
    const org = (await stack.newOrg(u.token, 'Lost Event Org')).id;
    await eventually(async () => !!(await schema().from('organizations').where({ id: org }).first()), 15_000);
    await schema().from('organizations').where({ id: org }).delete();
    const res = await publish(u.token, uniqueName(), manifest(org));
    expect(res.status).toBe(200);
    expect(res.body.owner).toMatchObject({ id: org, title: 'Lost Event Org' });
    const identityOrg = await stack.call('GET', `/v1/orgs/${org}`, { token: u.token });
    expect(res.body.owner.createdAt).toBe(identityOrg.body.createdAt);
  });


  test('When the organization is given by its subdomain, Then the integration is published under that organization; an unknown subdomain is 404', async () => {
    const hostname = `acme${Date.now().toString(36)}`;
    const patched = await stack.call('PATCH', `/v1/orgs/${orgId}`, { token: owner.token, body: { hostname } });
    expect(patched.status).toBe(200);
    const name = uniqueName();
    const res = await publish(owner.token, name, manifest(hostname));
    expect(res.status).toBe(200);
    expect(res.body.owner.id).toBe(orgId);
    const unknown = await publish(owner.token, uniqueName(), manifest(`nope${Date.now().toString(36)}`));
    expect(unknown.status).toBe(404);
  });
});

describe('owner kept from identity events', () => {
  test('When an organization is created, Then integrations keeps its copy; when it is renamed, Then the owner of its integrations follows', async () => {
    const u = await stack.newUser('renamer');
    const org = (await stack.newOrg(u.token, 'Before Rename')).id;
    await eventually(async () => (await schema().from('organizations').where({ id: org }).first())?.title === 'Before Rename', 15_000);
    const name = uniqueName();
    await publish(u.token, name, manifest(org));
    expect((await stack.call('PATCH', `/v1/orgs/${org}`, { token: u.token, body: { title: 'After Rename' } })).status).toBe(200);
    await eventually(async () => (await get(u.token, name)).body.owner?.title === 'After Rename', 15_000);
  });
});
