import { newId } from '@dp/db';
import { createEvent, IdentityEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, identityStandIn, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';

/**
 * Roles granted to users and teams on a site (issue 25, docs/adr/0098) on the sites app: a grant raises a
 * member's organization role on that site alone, gives a guest that site and nothing else, a team's reaches its
 * members, and revocations, a deleted team and a departed member count on the next request. Identity's lookups
 * are a server this file runs.
 */
const identity = identityStandIn();
const api = componentOf('sperm', sitesService, () => identity.start());
afterAll(() => identity.close());

const orgId = newId();
const [ownerId, readerId, guestId, outsiderId] = [newId(), newId(), newId(), newId()];
const owner: ComponentCaller = { user: ownerId, roles: { [orgId]: 'admin' } };
const reader: ComponentCaller = { user: readerId, roles: { [orgId]: 'read' } };
/** A guest: in the organization (identity says so) without an organization-wide role. */
const guest = (): ComponentCaller => ({ user: guestId, roles: {}, teams: identity.teamsOf(guestId) });
const outsider: ComponentCaller = { user: outsiderId, roles: { [newId()]: 'admin' } };
const marketing = newId();

beforeAll(() => {
  for (const id of [ownerId, readerId, guestId]) identity.members.add(id);
  identity.orgRoles.set(ownerId, 'admin');
  identity.orgRoles.set(readerId, 'read');
  identity.names.set(readerId, 'reader');
  identity.teams.set(marketing, { title: 'Marketing', members: new Set() });
});

const sites = `/v1/orgs/${orgId}/sites`;
const call = (as: ComponentCaller, method: string, path: string, body?: unknown) => api.call(method, path, { as, body });
const newSite = async (title: string) => (await call(owner, 'POST', sites, { title })).body.id as string;
const permissions = (siteId: string) => `${sites}/${siteId}/permissions`;
const roleEvents = async (type: string, siteId: string) => (await api.outbox(type)).filter((e) => e.subject === siteId).map((e) => (e.data as { role: string | null }).role);

describe('permissions on a site', () => {
  test('When a reader is granted admin on one site, Then they may change and publish it and no other; the site says so; a removal counts on the next request', async () => {
    const [theirs, other] = [await newSite('Marketing site'), await newSite('Other')];
    expect((await call(reader, 'PATCH', `${sites}/${theirs}`, { title: 'Mine' })).status).toBe(403);
    expect((await call(owner, 'POST', permissions(theirs), { role: 'admin', users: [readerId] })).status).toBe(204);
    const got = await call(reader, 'GET', `${sites}/${theirs}`);
    expect(got.body.permissions).toMatchObject({ admin: true });
    expect((await call(reader, 'PATCH', `${sites}/${theirs}`, { title: 'Mine' })).status).toBe(200);
    expect((await call(reader, 'POST', `${sites}/${theirs}/publish`)).status).toBe(200);
    expect((await call(reader, 'PATCH', `${sites}/${other}`, { title: 'Not mine' })).status).toBe(403);
    const listed = await call(reader, 'GET', `${sites}?limit=100`);
    const adminOf = (id: string) => listed.body.items.find((s: { id: string }) => s.id === id).permissions.admin;
    expect([adminOf(theirs), adminOf(other)]).toEqual([true, false]);

    const users = await call(owner, 'GET', `${permissions(theirs)}/users`);
    expect(users.body.items).toEqual([{ permission: 'admin', user: expect.objectContaining({ object: 'user', id: readerId, displayName: 'reader' }) }]);
    for (const item of users.body.items) expectOfficialSchema('UserContentPermission', item);
    expect((await call(owner, 'PATCH', `${permissions(theirs)}/users/${readerId}`, { role: 'read' })).status).toBe(204);
    expect((await call(reader, 'PATCH', `${sites}/${theirs}`, { title: 'Again' })).status).toBe(403);
    expect((await call(owner, 'DELETE', `${permissions(theirs)}/users/${readerId}`)).status).toBe(205);
    expect((await call(owner, 'DELETE', `${permissions(theirs)}/users/${readerId}`)).status).toBe(204);
    expect(await roleEvents('sites.site-permission.updated', theirs)).toEqual(['admin', 'read', null]);
  });

  test('When a team is granted edit on a site, Then a guest in it sees that site alone, and leaving the team ends it on the next request', async () => {
    const [shared, hidden] = [await newSite('Shared'), await newSite('Hidden')];
    expect((await call(guest(), 'GET', sites)).status).toBe(404);
    expect((await call(owner, 'POST', permissions(shared), { role: 'edit', teams: [marketing] })).status).toBe(204);
    identity.teams.get(marketing)!.members.add(guestId);
    const listed = await call(guest(), 'GET', sites);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([shared]);
    expect(listed.body.count).toBe(1);
    expect((await call(guest(), 'GET', `${sites}/${shared}`)).status).toBe(200);
    expect((await call(guest(), 'GET', `${sites}/${shared}/site-spaces`)).status).toBe(200);
    expect((await call(guest(), 'GET', `${sites}/${hidden}`)).status).toBe(404);
    const teams = await call(owner, 'GET', `${permissions(shared)}/teams`);
    expect(teams.body.items).toEqual([{ permission: 'edit', team: expect.objectContaining({ object: 'team', id: marketing, title: 'Marketing' }) }]);
    for (const item of teams.body.items) expectOfficialSchema('OrganizationTeam', item.team);
    identity.teams.get(marketing)!.members.delete(guestId);
    expect((await call(guest(), 'GET', `${sites}/${shared}`)).status).toBe(404);
  });

  test('When someone who is not the site s admin grants, the grantee is no user, or the path names another organization, Then it is a 403 or a 404 and nothing is granted', async () => {
    const site = await newSite('Guarded');
    expect((await call(reader, 'POST', permissions(site), { role: 'admin', users: [readerId] })).status).toBe(403);
    expect((await call(outsider, 'POST', permissions(site), { role: 'read', users: [readerId] })).status).toBe(404);
    const nobody = newId();
    const unknown = await call(owner, 'POST', permissions(site), { role: 'read', users: [readerId, nobody] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(`User ${nobody} not found`);
    expect((await call(owner, 'POST', permissions(site), { role: 'read', teams: ['not-a-team'] })).status).toBe(404);
    expect((await call(owner, 'POST', permissions(site), { role: null, users: [readerId] })).status).toBe(400);
    const elsewhere = newId();
    const ownerElsewhere: ComponentCaller = { user: ownerId, roles: { [orgId]: 'admin', [elsewhere]: 'admin' } };
    expect((await call(ownerElsewhere, 'POST', `/v1/orgs/${elsewhere}/sites/${site}/permissions`, { role: 'read', users: [readerId] })).status).toBe(404);
    expect((await call(owner, 'GET', `${permissions(site)}/users`)).body).toEqual({ items: [], count: 0 });
  });

  test('When a site is granted to a user, Then its aggregate lists everyone with access and their role there', async () => {
    const site = await newSite('Aggregated');
    await call(owner, 'POST', permissions(site), { role: 'admin', users: [readerId] });
    const all = await call(owner, 'GET', `${permissions(site)}/aggregate`);
    expect(all.status).toBe(200);
    expect(Object.fromEntries(all.body.items.map((i: { permission: string; user: { id: string } }) => [i.user.id, i.permission]))).toEqual({ [ownerId]: 'admin', [readerId]: 'admin' });
    for (const item of all.body.items) expectOfficialSchema('UserSitePermission', item);
    const originOf = (id: string) => all.body.items.find((i: { user: { id: string } }) => i.user.id === id).origin;
    expect(originOf(ownerId)).toEqual({ type: 'organization', organization: orgId });
    expect(originOf(readerId)).toEqual({ type: 'site', site, reason: 'member' });
    expect((await call(outsider, 'GET', `${permissions(site)}/aggregate`)).status).toBe(404);
  });

  test('When identity deletes a team or a guest leaves the organization, Then their site grants go, each announced', async () => {
    const site = await newSite('Outlived');
    await call(owner, 'POST', permissions(site), { role: 'read', teams: [marketing], users: [guestId] });
    await api.handle(createEvent(IdentityEvents.TEAM_DELETED, { organizationId: orgId, teamId: marketing }, { source: 'identity', subject: marketing }));
    expect((await call(owner, 'GET', `${permissions(site)}/teams`)).body.items).toEqual([]);
    expect(await roleEvents('sites.site-team-permission.updated', site)).toEqual(['read', null]);
    expect((await call(guest(), 'GET', `${sites}/${site}`)).status).toBe(200);
    await api.handle(createEvent(IdentityEvents.MEMBER_REMOVED, { organizationId: orgId, userId: guestId }, { source: 'identity', subject: guestId }));
    expect((await call(guest(), 'GET', `${sites}/${site}`)).status).toBe(404);
    expect(await roleEvents('sites.site-permission.updated', site)).toEqual(['read', null]);
  });
});

describe('default levels of a site (docs/adr/0101)', () => {
  test('When an admin sets a site to no access, Then other members neither see nor list it, its creator keeps it, a grant lets one back in, and who has access says so', async () => {
    const creatorId = newId();
    const creator: ComponentCaller = { user: creatorId, roles: { [orgId]: 'create' } };
    identity.members.add(creatorId);
    identity.orgRoles.set(creatorId, 'create');
    const siteId = (await call(creator, 'POST', sites, { title: 'Restricted' })).body.id as string;
    expect((await call(creator, 'PATCH', `${sites}/${siteId}`, { defaultLevel: null })).status).toBe(403);
    const patched = await call(owner, 'PATCH', `${sites}/${siteId}`, { defaultLevel: null });
    expect(patched.status).toBe(200);
    expect(patched.body.defaultLevel).toBeNull();
    expectOfficialSchema('Site', patched.body);

    const listedBy = async (as: ComponentCaller) => {
      const res = await call(as, 'GET', `${sites}?limit=100`);
      expect(res.body.count).toBe(res.body.items.length);
      return res.body.items.map((s: { id: string }) => s.id);
    };
    expect((await call(reader, 'GET', `${sites}/${siteId}`)).status).toBe(404);
    expect(await listedBy(reader)).not.toContain(siteId);
    expect((await call(creator, 'GET', `${sites}/${siteId}`)).status).toBe(200);
    expect(await listedBy(creator)).toContain(siteId);

    expect((await call(owner, 'POST', permissions(siteId), { role: 'read', users: [readerId] })).status).toBe(204);
    expect((await call(reader, 'GET', `${sites}/${siteId}`)).status).toBe(200);
    expect(await listedBy(reader)).toContain(siteId);
    const access = await call(owner, 'GET', `${permissions(siteId)}/aggregate`);
    const byUser = Object.fromEntries(access.body.items.map((i: { user: { id: string }; permission: string }) => [i.user.id, i.permission]));
    expect(byUser).toEqual({ [ownerId]: 'admin', [creatorId]: 'create', [readerId]: 'read' });

    // A role as the level: every member but an admin has it there, higher than their own too.
    expect((await call(owner, 'PATCH', `${sites}/${siteId}`, { defaultLevel: 'create' })).status).toBe(200);
    expect((await call(reader, 'PATCH', `${sites}/${siteId}`, { title: 'Edited by a reader' })).status).toBe(200);
    expect((await call(owner, 'PATCH', `${sites}/${siteId}`, { defaultLevel: 'owner' })).status).toBe(400);
  });
});
