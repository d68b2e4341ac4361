import { eventually } from '@dp/testing';
import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

/**
 * An installation bound to spaces and sites of its organization (docs/adr/0043): one by one, or every one
 * (space_selection / site_selection `all`, which follows spaces and sites made and deleted later), listed
 * per integration and per installation with their external ids and, `extended`, the whole Space or Site.
 */
let stack: StackClient;
let admin: { token: string; email: string };
let org: string;
let name: string;
let installationId: string;
let n = 0;

const script = 'export default { async fetch() { return new Response("ok"); } }';
const newSpace = async (title = `Space ${++n}`) => (await stack.call('POST', `/v1/orgs/${org}/spaces`, { token: admin.token, body: { title } })).body as { id: string };
const newSite = async (title = `Site ${++n}`) => (await stack.call('POST', `/v1/orgs/${org}/sites`, { token: admin.token, body: { title } })).body as { id: string };
const installation = () => `/v1/integrations/${name}/installations/${installationId}`;
const eventTypes = async () => ((await stack.call('GET', `/v1/integrations/${name}/events?limit=1000`, { token: admin.token })).body.items as Array<{ payload: { type: string; spaceId?: string; siteId?: string } }>).map((e) => e.payload);

beforeAll(async () => {
  stack = await sharedStack();
  const user = await stack.newUser('binder');
  admin = user;
  org = (await stack.newOrg(user.token, 'Binding Org')).id;
  name = `bound-${Date.now().toString(36)}`;
  const published = await stack.call('POST', `/v1/integrations/${name}`, { token: admin.token, body: { organization: org, title: 'Bound', description: 'On spaces and sites', scopes: [], visibility: 'public', script } });
  expect(published.status).toBe(200);
  installationId = (await stack.call('POST', `/v1/integrations/${name}/installations`, { token: admin.token, body: { organization: org } })).body.id;
}, 120_000);

describe('spaces', () => {
  test('When an admin installs the integration on a space, Then it is bound (201, Location), listed with its Space when extended, counted, and announced', async () => {
    const space = await newSpace();
    const res = await stack.call('POST', `${installation()}/spaces`, { token: admin.token, body: { space: space.id } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ integration: name, installation: installationId, status: 'active', configuration: {}, externalIds: [], space: space.id });
    expect((await stack.call('GET', res.body.urls.location.replace(/^https?:\/\/[^/]+/, ''), { token: admin.token })).body.space).toBe(space.id);

    const list = await stack.call('GET', `/v1/integrations/${name}/spaces`, { token: admin.token });
    expect(list.body).toMatchObject({ count: 1, items: [{ space: space.id }] });
    const extended = await stack.call('GET', `/v1/integrations/${name}/spaces?extended=true`, { token: admin.token });
    expect(extended.body.items[0].space).toMatchObject({ object: 'space', id: space.id, organization: org });
    expect((await stack.call('GET', installation(), { token: admin.token })).body.spaces).toBe(1);
    await eventually(async () => (await eventTypes()).some((e) => e.type === 'space_installation_setup' && e.spaceId === space.id));
    // Binding again changes nothing.
    expect((await stack.call('POST', `${installation()}/spaces`, { token: admin.token, body: { space: space.id } })).status).toBe(201);
    expect((await stack.call('GET', `${installation()}/spaces`, { token: admin.token })).body.count).toBe(1);
  });

  test('When a binding gets external ids and a configuration, Then the lists filter by external id; deleting it is 205 then 204', async () => {
    const space = await newSpace();
    await stack.call('POST', `${installation()}/spaces`, { token: admin.token, body: { space: space.id } });
    const patched = await stack.call('PATCH', `${installation()}/spaces/${space.id}`, { token: admin.token, body: { externalIds: ['repo-42'], configuration: { branch: 'main' } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ externalIds: ['repo-42'], configuration: { branch: 'main' }, space: space.id });
    expect((await stack.call('GET', `/v1/integrations/${name}/spaces?externalId=repo-42`, { token: admin.token })).body).toMatchObject({ count: 1, items: [{ space: space.id }] });
    expect((await stack.call('GET', `/v1/integrations/${name}/spaces?externalId=nope`, { token: admin.token })).body.count).toBe(0);
    await eventually(async () => (await eventTypes()).some((e) => e.type === 'space_installation_setup' && e.spaceId === space.id && 'previous' in e));
    expect((await stack.call('DELETE', `${installation()}/spaces/${space.id}`, { token: admin.token })).status).toBe(205);
    expect((await stack.call('DELETE', `${installation()}/spaces/${space.id}`, { token: admin.token })).status).toBe(204);
    expect((await stack.call('GET', `${installation()}/spaces/${space.id}`, { token: admin.token })).status).toBe(404);
    await eventually(async () => (await eventTypes()).some((e) => e.type === 'space_installation_deleted' && e.spaceId === space.id));
  });

  test('When the installation takes every space, Then the existing ones are bound, a new one is bound and a deleted one unbound', async () => {
    const before = (await stack.call('GET', `/v1/orgs/${org}/spaces?limit=1000`, { token: admin.token })).body.items.map((s: { id: string }) => s.id);
    const res = await stack.call('PATCH', installation(), { token: admin.token, body: { space_selection: 'all', configuration: { mode: 'all' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ space_selection: 'all', configuration: { mode: 'all' }, spaces: before.length });
    const bound = async () => (await stack.call('GET', `${installation()}/spaces?limit=1000`, { token: admin.token })).body.items.map((b: { space: string }) => b.space).sort();
    expect(await bound()).toEqual([...before].sort());
    const later = await newSpace('Made later');
    await eventually(async () => (await bound()).includes(later.id));
    expect((await stack.call('DELETE', `/v1/spaces/${later.id}`, { token: admin.token })).status).toBeLessThan(300);
    await eventually(async () => !(await bound()).includes(later.id));
    const types = await eventTypes();
    expect(types).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'installation_setup', previous: expect.objectContaining({ status: 'active' }) })]));
  });
});

describe('sites', () => {
  test('When the integration is installed on a site, and later on every site, Then each is bound, listed (extended: the Site) and followed', async () => {
    const site = await newSite();
    const res = await stack.call('POST', `${installation()}/sites`, { token: admin.token, body: { siteId: site.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ installation: installationId, site: site.id });
    const extended = await stack.call('GET', `/v1/integrations/${name}/sites?extended=true`, { token: admin.token });
    expect(extended.body.items).toEqual([expect.objectContaining({ site: expect.objectContaining({ object: 'site', id: site.id }) })]);
    expect((await stack.call('PATCH', installation(), { token: admin.token, body: { site_selection: 'all' } })).body.site_selection).toBe('all');
    const later = await newSite('Later site');
    const sites = async () => (await stack.call('GET', `/v1/integrations/${name}/sites`, { token: admin.token })).body.items.map((b: { site: string }) => b.site);
    await eventually(async () => (await sites()).includes(later.id));
    expect((await stack.call('DELETE', `/v1/orgs/${org}/sites/${later.id}`, { token: admin.token })).status).toBeLessThan(300);
    await eventually(async () => !(await sites()).includes(later.id));
  });
});

describe('who may', () => {
  test('When someone not admin of the installation’s organization binds, or names a space of another organization, Then it is 403 or 404', async () => {
    const member = await stack.newUser('member');
    await stack.addMember(admin.token, org, member.email, 'edit');
    await stack.joined(member.token, org);
    const space = await newSpace();
    expect((await stack.call('POST', `${installation()}/spaces`, { token: member.token, body: { space: space.id } })).status).toBe(403);
    expect((await stack.call('PATCH', installation(), { token: member.token, body: { site_selection: 'selected' } })).status).toBe(403);
    const outsider = await stack.newUser('outsider');
    const outsiderOrg = (await stack.newOrg(outsider.token, 'Elsewhere')).id;
    expect((await stack.call('POST', `${installation()}/spaces`, { token: outsider.token, body: { space: space.id } })).status).toBe(404);
    const foreign = (await stack.call('POST', `/v1/orgs/${outsiderOrg}/spaces`, { token: outsider.token, body: { title: 'Theirs' } })).body;
    expect((await stack.call('POST', `${installation()}/spaces`, { token: admin.token, body: { space: foreign.id } })).status).toBe(404);
    expect((await stack.call('POST', `${installation()}/spaces`, { token: admin.token, body: { space: 'no-such-space' } })).status).toBe(404);
    // Members read the bindings of their organization's installation; outsiders see none.
    expect((await stack.call('GET', `${installation()}/spaces`, { token: member.token })).status).toBe(200);
    expect((await stack.call('GET', `/v1/integrations/${name}/spaces`, { token: outsider.token })).body.count).toBe(0);
  });
});
