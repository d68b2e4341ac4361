import { randomBytes } from 'node:crypto';
import { IntegrationsEvents, isCatalogEvent, type CatalogEvent } from '@dp/events';
import { componentOf, eventually, expectOfficialSchema } from '@dp/testing';
import { integrationsService } from '../../src';
import { addMember, newUser, organizations, type User } from '../support/organizations';

/**
 * Installing integrations on organizations, listing installations, and the integration events they record, on the
 * integrations app (component level, docs/testing.md). Organizations are made known the way integrations learns
 * them in production (identity.organization.created fed to its handler); roles come in the caller's assertion;
 * events are delivered to the script by the service's own delivery job.
 */
const api = componentOf('inti', integrationsService, { INTEGRATIONS_SECRETS_KEY: randomBytes(32).toString('base64') });

const newOrg = organizations(api);

let owner: User;
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
const publish = async (as: User, name: string, body: object) => {
  const res = await api.call('POST', `/v1/integrations/${name}`, { as, body });
  expect(res.status).toBe(200);
  return res.body;
};
const install = (as: User, name: string, organization: unknown) => api.call('POST', `/v1/integrations/${name}/installations`, { as, body: { organization } });
const installations = (as: User, name: string, query = '') => api.call('GET', `/v1/integrations/${name}/installations${query}`, { as });
const events = (as: User, name: string, query = '') => api.call('GET', `/v1/integrations/${name}/events${query}`, { as });

/** IntegrationEvent contract, once the delivery job delivered it to the integration's script. */
function expectIntegrationEvent(event: { status: string }) {
  expect(event.status).toBe('success');
  expectOfficialSchema('IntegrationEvent', event);
}

beforeAll(async () => {
  owner = newUser();
  ownerOrg = (await newOrg(owner, 'Integration Makers')).id;
});

describe('installing an integration', () => {
  test('When an admin installs on their organization, Then it is 201 with Location, an official IntegrationInstallation, readable at its location, and announced', async () => {
    const name = uniqueName();
    await publish(owner, name, manifest(ownerOrg));
    const res = await install(owner, name, ownerOrg);
    expect(res.status).toBe(201);
    expectOfficialSchema('IntegrationInstallation', res.body);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ status: 'active', spaces: 0, configuration: {}, externalIds: [], target: { organization: ownerOrg } });
    const path = new URL(res.body.urls.location).pathname;
    const again = await api.call('GET', path, { as: owner });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const announced = (await api.outbox(IntegrationsEvents.INSTALLATION_CREATED))
      .filter((e): e is CatalogEvent<typeof IntegrationsEvents.INSTALLATION_CREATED> => isCatalogEvent(e, IntegrationsEvents.INSTALLATION_CREATED))
      .filter((e) => e.data.installationId === res.body.id);
    expect(announced).toHaveLength(1);
    expect(announced[0].data).toMatchObject({ installationId: res.body.id, organizationId: ownerOrg });
  });

  test('When the same organization installs it again, Then it is 409 and there is still one installation', async () => {
    const name = uniqueName();
    await publish(owner, name, manifest(ownerOrg));
    expect((await install(owner, name, ownerOrg)).status).toBe(201);
    const second = await install(owner, name, ownerOrg);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe(409);
    expect((await installations(owner, name)).body.count).toBe(1);
  });

  test('When the caller is not a member of the target organization, Then 404; a member but not admin, Then 403; nothing is installed', async () => {
    const name = uniqueName();
    await publish(owner, name, manifest(ownerOrg));
    const other = newUser();
    const otherOrg = (await newOrg(other, 'Other Org')).id;
    const editor = newUser();
    addMember(editor, otherOrg, 'edit');
    expect((await install(owner, name, otherOrg)).status).toBe(404);
    const denied = await install(editor, name, otherOrg);
    expect(denied.status).toBe(403);
    expect((await installations(other, name)).body.count).toBe(0);
    expect((await install(other, name, otherOrg)).status).toBe(201);
  });

  test('When a private integration is installed, Then only its own organization may; another org of the same admin gets 403, a stranger 404', async () => {
    const name = uniqueName('private');
    await publish(owner, name, manifest(ownerOrg, { visibility: 'private' }));
    const secondOrg = (await newOrg(owner, 'Second Org Of Owner')).id;
    const refused = await install(owner, name, secondOrg);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/private/);
    const stranger = newUser();
    const strangerOrg = (await newOrg(stranger, 'Stranger Org')).id;
    expect((await install(stranger, name, strangerOrg)).status).toBe(404);
    expect((await install(owner, name, ownerOrg)).status).toBe(201);
  });

  test('When the integration does not exist, Then installing it is 404', async () => {
    expect((await install(owner, uniqueName('missing'), ownerOrg)).status).toBe(404);
  });

  test.each([
    ['no organization', {}],
    ['an organization that is a number', { organization: 42 }],
    ['an organization with forbidden characters', { organization: 'a/b' }],
    ['an unknown field', { organization: 'x', space: 'y' }],
  ])('When the body has %s, Then it is a 400 and nothing is installed', async (_label, body) => {
    const name = uniqueName();
    await publish(owner, name, manifest(ownerOrg));
    const res = await api.call('POST', `/v1/integrations/${name}/installations`, { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect((await installations(owner, name)).body.count).toBe(0);
  });

  test('When the name breaks the pattern, Then installing and listing are 400', async () => {
    expect((await install(owner, 'bad$name', ownerOrg)).status).toBe(400);
    expect((await installations(owner, 'bad$name')).status).toBe(400);
  });
});

describe('listing installations', () => {
  let name: string;
  let installer: User;
  let installerOrg: string;
  let ownInstall: string;
  let theirInstall: string;

  beforeAll(async () => {
    name = uniqueName('listed');
    await publish(owner, name, manifest(ownerOrg));
    installer = newUser();
    installerOrg = (await newOrg(installer, 'Installer Org')).id;
    ownInstall = (await install(owner, name, ownerOrg)).body.id;
    theirInstall = (await install(installer, name, installerOrg)).body.id;
  });

  const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((i) => i.id);

  test('When an admin of the owning organization lists, Then they see the installations of their own organizations only, in official shapes', async () => {
    const res = await installations(owner, name);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([ownInstall]);
    expect(res.body.count).toBe(1);
    for (const item of res.body.items) expectOfficialSchema('IntegrationInstallation', item);
    // Another organization's installation is not theirs to read either.
    expect((await api.call('GET', `/v1/integrations/${name}/installations/${theirInstall}`, { as: owner })).status).toBe(404);
  });

  test('When an admin of an installing organization lists, Then they see only their own; a stranger sees none', async () => {
    expect(ids(await installations(installer, name))).toEqual([theirInstall]);
    const reader = newUser();
    addMember(reader, installerOrg, 'read');
    expect(ids(await installations(reader, name))).toEqual([theirInstall]);
    const stranger = newUser();
    const none = await installations(stranger, name);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ count: 0, items: [] });
    // ...and cannot read one at its location either
    expect((await api.call('GET', `/v1/integrations/${name}/installations/${theirInstall}`, { as: stranger })).status).toBe(404);
    expect((await api.call('GET', `/v1/integrations/${name}/installations/${ownInstall}`, { as: installer })).status).toBe(404);
  });

  test('When paged one at a time, Then each installation comes once; an external id nobody assigned matches none', async () => {
    // The owner installs it on a second organization of theirs: two installations they may list.
    const secondOrg = (await newOrg(owner, 'Owner Second Org')).id;
    const secondInstall = (await install(owner, name, secondOrg)).body.id;
    const first = await installations(owner, name, '?limit=1');
    expect(ids(first)).toEqual([ownInstall]);
    const second = await installations(owner, name, `?limit=1&page=${first.body.next.page}`);
    expect(ids(second)).toEqual([secondInstall]);
    expect(second.body.next).toBeUndefined();
    expect((await installations(owner, name, '?externalId=ext-1')).body).toEqual({ count: 0, items: [] });
  });

  test.each(['?limit=1001', '?limit=0', '?page=forged'])('When listing with %s, Then it is a 400', async (query) => {
    expect((await installations(owner, name, query)).status).toBe(400);
  });

  test('When the integration is private to another organization or unknown, Then listing its installations is 404', async () => {
    const priv = uniqueName('priv');
    await publish(owner, priv, manifest(ownerOrg, { visibility: 'private' }));
    expect((await installations(installer, priv)).status).toBe(404);
    expect((await installations(installer, uniqueName('missing'))).status).toBe(404);
  });
});

describe('integration events of installations', () => {
  let name: string;
  let installation: string;
  let otherInstallation: string;
  let otherOrg: string;

  beforeAll(async () => {
    name = uniqueName('evented');
    await publish(owner, name, manifest(ownerOrg));
    installation = (await install(owner, name, ownerOrg)).body.id;
    const other = newUser();
    otherOrg = (await newOrg(other, 'Evented Other')).id;
    otherInstallation = (await install(other, name, otherOrg)).body.id;
  });

  test('When integrations are installed, Then the owner admin reads one installation_setup event per installation, newest first', async () => {
    const res = await eventually(async () => {
      await api.runJobs();
      const all = await events(owner, name);
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
    const [latest] = (await events(owner, name, '?limit=1')).body.items;
    const res = await api.call('GET', `/v1/integrations/${name}/events/${latest.id}`, { as: owner });
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
    const creator = newUser();
    addMember(creator, ownerOrg, 'create');
    const [event] = (await events(owner, name)).body.items;
    expect((await events(creator, name)).status).toBe(403);
    expect((await api.call('GET', `/v1/integrations/${name}/events/${event.id}`, { as: creator })).status).toBe(403);
    const outsider = newUser();
    expect((await events(outsider, name)).status).toBe(403);

    const priv = uniqueName('priv-events');
    await publish(owner, priv, manifest(ownerOrg, { visibility: 'private' }));
    expect((await events(outsider, priv)).status).toBe(404);
    expect((await events(owner, priv)).body).toEqual({ count: 0, items: [] });
  });

  test('When the event id is unknown or belongs to another integration, Then it is 404; bad ids and limits are 400', async () => {
    const otherName = uniqueName('other-int');
    await publish(owner, otherName, manifest(ownerOrg));
    const [event] = (await events(owner, name)).body.items;
    expect((await api.call('GET', `/v1/integrations/${otherName}/events/${event.id}`, { as: owner })).status).toBe(404);
    expect((await api.call('GET', `/v1/integrations/${name}/events/nope`, { as: owner })).status).toBe(404);
    expect((await api.call('GET', `/v1/integrations/${name}/events/bad$id`, { as: owner })).status).toBe(400);
    expect((await events(owner, name, '?limit=1001')).status).toBe(400);
    expect((await events(owner, 'bad$name')).status).toBe(400);
  });

  test('When the integration is unpublished, Then its installations and events go with it', async () => {
    const doomed = uniqueName('doomed');
    await publish(owner, doomed, manifest(ownerOrg));
    await install(owner, doomed, ownerOrg);
    expect((await api.call('DELETE', `/v1/integrations/${doomed}`, { as: owner })).status).toBe(205);
    expect((await events(owner, doomed)).status).toBe(404);
    expect((await installations(owner, doomed)).status).toBe(404);
    const left = await api.db.from('installations as i').join('integrations as g', 'g.id', 'i.integration_id').where('g.name', doomed);
    expect(left).toEqual([]);
  });
});
