import knex, { type Knex } from 'knex';
import { IntegrationsEvents } from '@dp/events';
import { eventually, expectOfficialSchema, TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/** Installing integrations on organizations, listing installations, and the integration events they record. */
let stack: TestStack;
let db: Knex;
let owner: { id: string; token: string; email: string };
let ownerOrg: string;
let n = 0;

const uniqueName = (prefix = 'inst') => `${prefix}-${Date.now().toString(36)}-${++n}`;
const manifest = (organization: string, extra: object = {}) => ({
  organization,
  title: 'Installable',
  description: 'Something to install',
  // A script that handles every event: each is delivered (docs/adr/0043).
  script: 'export default { async fetch() { return new Response("ok"); } }',
  scopes: ['space:content:read'],
  visibility: 'public',
  ...extra,
});
const publish = async (token: string, name: string, body: object) => {
  const res = await stack.call('POST', `/v1/integrations/${name}`, { token, body });
  expect(res.status).toBe(200);
  return res.body;
};
const install = (token: string, name: string, organization: unknown) => stack.call('POST', `/v1/integrations/${name}/installations`, { token, body: { organization } });
const installations = (token: string, name: string, query = '') => stack.call('GET', `/v1/integrations/${name}/installations${query}`, { token });
const events = (token: string, name: string, query = '') => stack.call('GET', `/v1/integrations/${name}/events${query}`, { token });
const schema = () => db.withSchema(stack.envOf('integrations').DB_SCHEMA!);

/** IntegrationEvent contract, once the worker delivered it to the integration's script. */
function expectIntegrationEvent(event: { status: string }) {
  expect(event.status).toBe('success');
  expectOfficialSchema('IntegrationEvent', event);
}

beforeAll(async () => {
  stack = await bootStack('inti');
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 2 } });
  owner = await stack.newUser('owner');
  ownerOrg = (await stack.newOrg(owner.token, 'Integration Makers')).id;
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
}, 60_000);

describe('installing an integration', () => {
  test('When an admin installs on their organization, Then it is 201 with Location, an official IntegrationInstallation, readable at its location, and announced', async () => {
    const name = uniqueName();
    await publish(owner.token, name, manifest(ownerOrg));
    const res = await install(owner.token, name, ownerOrg);
    expect(res.status).toBe(201);
    expectOfficialSchema('IntegrationInstallation', res.body);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ status: 'active', spaces: 0, configuration: {}, externalIds: [], target: { organization: ownerOrg } });
    const path = new URL(res.body.urls.location).pathname;
    const again = await stack.call('GET', path, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const announced = await schema().from('outbox').where({ type: IntegrationsEvents.INSTALLATION_CREATED }).whereRaw(`event->'data'->>'installationId' = ?`, [res.body.id]);
    expect(announced).toHaveLength(1);
    expect(announced[0].event.data).toMatchObject({ installationId: res.body.id, organizationId: ownerOrg });
  });

  test('When the same organization installs it again, Then it is 409 and there is still one installation', async () => {
    const name = uniqueName();
    await publish(owner.token, name, manifest(ownerOrg));
    expect((await install(owner.token, name, ownerOrg)).status).toBe(201);
    const second = await install(owner.token, name, ownerOrg);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe(409);
    expect((await installations(owner.token, name)).body.count).toBe(1);
  });

  test('When the caller is not a member of the target organization, Then 404; a member but not admin, Then 403; nothing is installed', async () => {
    const name = uniqueName();
    await publish(owner.token, name, manifest(ownerOrg));
    const other = await stack.newUser('other-admin');
    const otherOrg = (await stack.newOrg(other.token, 'Other Org')).id;
    const editor = await stack.newUser('editor');
    await stack.addMember(other.token, otherOrg, editor.email, 'edit');
    expect((await install(owner.token, name, otherOrg)).status).toBe(404);
    const denied = await install(editor.token, name, otherOrg);
    expect(denied.status).toBe(403);
    expect((await installations(other.token, name)).body.count).toBe(0);
    expect((await install(other.token, name, otherOrg)).status).toBe(201);
  });

  test('When a private integration is installed, Then only its own organization may; another org of the same admin gets 403, a stranger 404', async () => {
    const name = uniqueName('private');
    await publish(owner.token, name, manifest(ownerOrg, { visibility: 'private' }));
    const secondOrg = (await stack.newOrg(owner.token, 'Second Org Of Owner')).id;
    const refused = await install(owner.token, name, secondOrg);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/private/);
    const stranger = await stack.newUser('stranger');
    const strangerOrg = (await stack.newOrg(stranger.token, 'Stranger Org')).id;
    expect((await install(stranger.token, name, strangerOrg)).status).toBe(404);
    expect((await install(owner.token, name, ownerOrg)).status).toBe(201);
  });

  test('When the integration does not exist, Then installing it is 404', async () => {
    expect((await install(owner.token, uniqueName('missing'), ownerOrg)).status).toBe(404);
  });

  test.each([
    ['no organization', {}],
    ['an organization that is a number', { organization: 42 }],
    ['an organization with forbidden characters', { organization: 'a/b' }],
    ['an unknown field', { organization: 'x', space: 'y' }],
  ])('When the body has %s, Then it is a 400 and nothing is installed', async (_label, body) => {
    const name = uniqueName();
    await publish(owner.token, name, manifest(ownerOrg));
    const res = await stack.call('POST', `/v1/integrations/${name}/installations`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect((await installations(owner.token, name)).body.count).toBe(0);
  });

  test('When the name breaks the pattern, Then installing and listing are 400', async () => {
    expect((await install(owner.token, 'bad$name', ownerOrg)).status).toBe(400);
    expect((await installations(owner.token, 'bad$name')).status).toBe(400);
  });
});

describe('listing installations', () => {
  let name: string;
  let installer: { token: string; email: string };
  let installerOrg: string;
  let ownInstall: string;
  let theirInstall: string;

  beforeAll(async () => {
    name = uniqueName('listed');
    await publish(owner.token, name, manifest(ownerOrg));
    installer = await stack.newUser('installer');
    installerOrg = (await stack.newOrg(installer.token, 'Installer Org')).id;
    ownInstall = (await install(owner.token, name, ownerOrg)).body.id;
    theirInstall = (await install(installer.token, name, installerOrg)).body.id;
  });

  const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((i) => i.id);

  test('When an admin of the owning organization lists, Then they see the installations of their own organizations only, in official shapes', async () => {
    const res = await installations(owner.token, name);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([ownInstall]);
    expect(res.body.count).toBe(1);
    for (const item of res.body.items) expectOfficialSchema('IntegrationInstallation', item);
    // Another organization's installation is not theirs to read either.
    expect((await stack.call('GET', `/v1/integrations/${name}/installations/${theirInstall}`, { token: owner.token })).status).toBe(404);
  });

  test('When an admin of an installing organization lists, Then they see only their own; a stranger sees none', async () => {
    expect(ids(await installations(installer.token, name))).toEqual([theirInstall]);
    const reader = await stack.newUser('reader');
    await stack.addMember(installer.token, installerOrg, reader.email, 'read');
    expect(ids(await installations(reader.token, name))).toEqual([theirInstall]);
    const stranger = await stack.newUser('nobody');
    const none = await installations(stranger.token, name);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ count: 0, items: [] });
    // ...and cannot read one at its location either
    expect((await stack.call('GET', `/v1/integrations/${name}/installations/${theirInstall}`, { token: stranger.token })).status).toBe(404);
    expect((await stack.call('GET', `/v1/integrations/${name}/installations/${ownInstall}`, { token: installer.token })).status).toBe(404);
  });

  test('When paged one at a time, Then each installation comes once; an external id nobody assigned matches none', async () => {
    // The owner installs it on a second organization of theirs: two installations they may list.
    const secondOrg = (await stack.newOrg(owner.token, 'Owner Second Org')).id;
    const secondInstall = (await install(owner.token, name, secondOrg)).body.id;
    const first = await installations(owner.token, name, '?limit=1');
    expect(ids(first)).toEqual([ownInstall]);
    const second = await installations(owner.token, name, `?limit=1&page=${first.body.next.page}`);
    expect(ids(second)).toEqual([secondInstall]);
    expect(second.body.next).toBeUndefined();
    expect((await installations(owner.token, name, '?externalId=ext-1')).body).toEqual({ count: 0, items: [] });
  });

  test.each(['?limit=1001', '?limit=0', '?page=forged'])('When listing with %s, Then it is a 400', async (query) => {
    expect((await installations(owner.token, name, query)).status).toBe(400);
  });

  test('When the integration is private to another organization or unknown, Then listing its installations is 404', async () => {
    const priv = uniqueName('priv');
    await publish(owner.token, priv, manifest(ownerOrg, { visibility: 'private' }));
    expect((await installations(installer.token, priv)).status).toBe(404);
    expect((await installations(installer.token, uniqueName('missing'))).status).toBe(404);
  });
});

describe('integration events of installations', () => {
  let name: string;
  let installation: string;
  let otherInstallation: string;
  let otherOrg: string;

  beforeAll(async () => {
    name = uniqueName('evented');
    await publish(owner.token, name, manifest(ownerOrg));
    installation = (await install(owner.token, name, ownerOrg)).body.id;
    const other = await stack.newUser('other');
    otherOrg = (await stack.newOrg(other.token, 'Evented Other')).id;
    otherInstallation = (await install(other.token, name, otherOrg)).body.id;
  });

  test('When integrations are installed, Then the owner admin reads one installation_setup event per installation, newest first', async () => {
    const res = await eventually(async () => {
      const all = await events(owner.token, name);
      return all.body.items?.every((e: { status: string }) => e.status === 'success') ? all : undefined;
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((e: { installationId: string }) => e.installationId)).toEqual([otherInstallation, installation]);
    for (const event of res.body.items) {
      expectIntegrationEvent(event);
      expectOfficialSchema('InstallationSetupEvent', event.payload);
      expect(event.payload).toEqual({ eventId: expect.any(String), type: 'installation_setup', installationId: event.installationId, status: 'active' });
    }
  });

  test('When one event is read, Then it comes with its trace of log entries', async () => {
    const [latest] = (await events(owner.token, name, '?limit=1')).body.items;
    const res = await stack.call('GET', `/v1/integrations/${name}/events/${latest.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.event).toEqual(latest);
    expectIntegrationEvent(res.body.event);
    expectOfficialSchema('IntegrationEventTrace', res.body.trace);
    expect(res.body.trace.logs).toEqual([
      { message: `installation created on organization ${otherOrg}`, timestamp: expect.any(String), level: 'info' },
      { message: expect.stringMatching(/^attempt 1 to the script: HTTP 200 in \d+ ms; delivered$/), timestamp: expect.any(String), level: 'info' },
    ]);
  });

  test('When someone else asks for the events, Then a non-admin member of the owner and an outsider get 403, and a private integration is 404 to outsiders', async () => {
    const creator = await stack.newUser('creator');
    await stack.addMember(owner.token, ownerOrg, creator.email, 'create');
    const [event] = (await events(owner.token, name)).body.items;
    expect((await events(creator.token, name)).status).toBe(403);
    expect((await stack.call('GET', `/v1/integrations/${name}/events/${event.id}`, { token: creator.token })).status).toBe(403);
    const outsider = await stack.newUser('outsider');
    expect((await events(outsider.token, name)).status).toBe(403);

    const priv = uniqueName('priv-events');
    await publish(owner.token, priv, manifest(ownerOrg, { visibility: 'private' }));
    expect((await events(outsider.token, priv)).status).toBe(404);
    expect((await events(owner.token, priv)).body).toEqual({ count: 0, items: [] });
  });

  test('When the event id is unknown or belongs to another integration, Then it is 404; bad ids and limits are 400', async () => {
    const otherName = uniqueName('other-int');
    await publish(owner.token, otherName, manifest(ownerOrg));
    const [event] = (await events(owner.token, name)).body.items;
    expect((await stack.call('GET', `/v1/integrations/${otherName}/events/${event.id}`, { token: owner.token })).status).toBe(404);
    expect((await stack.call('GET', `/v1/integrations/${name}/events/nope`, { token: owner.token })).status).toBe(404);
    expect((await stack.call('GET', `/v1/integrations/${name}/events/bad$id`, { token: owner.token })).status).toBe(400);
    expect((await events(owner.token, name, '?limit=1001')).status).toBe(400);
    expect((await events(owner.token, 'bad$name')).status).toBe(400);
  });

  test('When the integration is unpublished, Then its installations and events go with it', async () => {
    const doomed = uniqueName('doomed');
    await publish(owner.token, doomed, manifest(ownerOrg));
    await install(owner.token, doomed, ownerOrg);
    expect((await stack.call('DELETE', `/v1/integrations/${doomed}`, { token: owner.token })).status).toBe(205);
    expect((await events(owner.token, doomed)).status).toBe(404);
    expect((await installations(owner.token, doomed)).status).toBe(404);
    const left = await schema().from('installations as i').join('integrations as g', 'g.id', 'i.integration_id').where('g.name', doomed);
    expect(left).toEqual([]);
  });
});
