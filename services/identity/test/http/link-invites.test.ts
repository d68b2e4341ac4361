import { componentOf, type ComponentCaller } from '@dp/testing';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * Invite links, email invites and the organization settings they answer to, on identity's own app
 * (docs/adr/0037; component level, docs/testing.md): `inviteLinks` turns links on, `sso` admits only admins
 * without the identity provider, `defaultRole` is what plain emails get (null: guests).
 */
const api = componentOf('lnk', identityService, IDENTITY_ENV);
const fixtures = identityFixtures(api);

const orgPath = (orgId: string, rest = '') => `/v1/orgs/${orgId}${rest}`;
async function ok(method: string, path: string, as: ComponentCaller, body?: unknown) {
  const res = await api.call(method, path, { as, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
/** An organization of a new admin, with settings applied. */
async function orgWith(settings: object = {}): Promise<{ admin: TestUser; orgId: string }> {
  const admin = await fixtures.newUser('admin');
  const orgId = (await fixtures.newOrg(admin.as)).id;
  if (Object.keys(settings).length) await ok('PATCH', orgPath(orgId), admin.as, settings);
  return { admin, orgId };
}
const memberRole = async (orgId: string, adminAs: ComponentCaller, userId: string) => (await ok('GET', orgPath(orgId, `/members/${userId}`), adminAs)).role;

describe('invite links', () => {
  test('When an admin creates, reads, changes and deletes links, Then each answer is the official invite, and deleting twice is 205 then 204', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const edit = await api.call('POST', orgPath(orgId, '/link-invites'), { as: admin.as, body: { role: 'edit' } });
    expect(edit.status).toBe(201);
    expect(edit.body).toEqual({ object: 'invite', id: expect.any(String), role: 'edit', redundant: true });
    const guest = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: null });
    expect(guest.role).toBeNull();

    const page = await ok('GET', orgPath(orgId, '/link-invites?limit=1'), admin.as);
    expect(page.count).toBe(2);
    expect(page.items).toEqual([edit.body]);
    const next = await ok('GET', orgPath(orgId, `/link-invites?page=${page.next.page}`), admin.as);
    expect(next.items).toEqual([guest]);

    expect(await ok('GET', orgPath(orgId, `/link-invites/${edit.body.id}`), admin.as)).toEqual(edit.body);
    const patched = await api.call('PATCH', orgPath(orgId, `/link-invites/${edit.body.id}`), { as: admin.as, body: { role: 'comment' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: edit.body.id, role: 'comment' });

    expect((await api.call('DELETE', orgPath(orgId, `/link-invites/${edit.body.id}`), { as: admin.as })).status).toBe(205);
    expect((await api.call('DELETE', orgPath(orgId, `/link-invites/${edit.body.id}`), { as: admin.as })).status).toBe(204);
    expect((await api.call('GET', orgPath(orgId, `/link-invites/${edit.body.id}`), { as: admin.as })).status).toBe(404);
    expect((await api.call('PATCH', orgPath(orgId, `/link-invites/${edit.body.id}`), { as: admin.as, body: { role: 'read' } })).status).toBe(404);
  });

  test.each([
    ['a space invite', { space: 'space1', level: 'read' }, 'body.space: invites to a space or a collection are not supported'],
    ['a collection invite', { collection: 'col1', level: 'edit' }, 'body.collection: invites to a space or a collection are not supported'],
    ['no role', {}, 'body.role is required'],
    ['an unknown role', { role: 'owner' }, 'body.role'],
    ['an unknown field', { role: 'read', expires: 1 }, 'body.expires'],
  ])('When a link is created with %s, Then it is a 400 naming the field and nothing is created', async (_label, body, message) => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const res = await api.call('POST', orgPath(orgId, '/link-invites'), { as: admin.as, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await ok('GET', orgPath(orgId, '/link-invites'), admin.as)).count).toBe(0);
  });

  test('When an id is malformed, Then reading, changing or joining is a 400 naming params.inviteId', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    for (const [method, path, body] of [
      ['GET', '/link-invites/bad%20id', undefined],
      ['PATCH', '/link-invites/bad%20id', { role: 'read' }],
      ['POST', '/invites/bad%20id', undefined],
    ] as const) {
      const res = await api.call(method, orgPath(orgId, path), { as: admin.as, body });
      expect({ method, status: res.status }).toEqual({ method, status: 400 });
      expect(res.body.error.message).toContain('params.inviteId');
    }
  });

  test('When someone who is not an admin manages links, Then a member gets 403 and a stranger 404', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const reader = await fixtures.newUser('reader');
    await fixtures.addMember(admin.as, orgId, reader.email, 'read');
    const stranger = await fixtures.newUser('stranger');
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: 'read' });
    for (const [who, as, status] of [['reader', reader.as, 403], ['stranger', stranger.as, 404]] as const) {
      expect({ who, status: (await api.call('GET', orgPath(orgId, '/link-invites'), { as })).status }).toEqual({ who, status });
      expect({ who, status: (await api.call('POST', orgPath(orgId, '/link-invites'), { as, body: { role: 'admin' } })).status }).toEqual({ who, status });
      expect({ who, status: (await api.call('PATCH', orgPath(orgId, `/link-invites/${link.id}`), { as, body: { role: 'admin' } })).status }).toEqual({ who, status });
      expect({ who, status: (await api.call('DELETE', orgPath(orgId, `/link-invites/${link.id}`), { as })).status }).toEqual({ who, status });
    }
  });
});

describe('joining with a link', () => {
  test('When a user who knows a link joins, Then they are a member with its role at once; the link reads redundant for them afterwards', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: 'edit' });
    const joiner = await fixtures.newUser('joiner');
    expect(await ok('GET', orgPath(orgId, `/link-invites/${link.id}`), joiner.as)).toEqual({ ...link, redundant: false });

    const joined = await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: joiner.as });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({});
    // Read-your-writes: the joiner's next request carries the role (through the gateway's principal cache: test/e2e/membership-revocation).
    expect((await api.call('GET', orgPath(orgId), { as: joiner.as })).status).toBe(200);
    expect(await memberRole(orgId, admin.as, joiner.id)).toBe('edit');
    expect(await ok('GET', orgPath(orgId, `/link-invites/${link.id}`), joiner.as)).toEqual({ ...link, redundant: true });
    // Joining again changes nothing.
    expect((await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: joiner.as })).status).toBe(200);
    expect(await memberRole(orgId, admin.as, joiner.id)).toBe('edit');
  });

  test('When a user joins with a guest link, Then they are listed as a guest and hold no organization-wide ability', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: null });
    const guest = await fixtures.newUser('guest');
    expect((await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: guest.as })).status).toBe(200);
    expect(await memberRole(orgId, admin.as, guest.id)).toBeNull();
    const guests = await ok('GET', orgPath(orgId, '/members?role=guest'), admin.as);
    expect(guests.items.map((m: { id: string }) => m.id)).toEqual([guest.id]);
    expect((await api.call('GET', orgPath(orgId), { as: guest.as })).status).toBe(404);
    expect(await ok('GET', orgPath(orgId, `/link-invites/${link.id}`), guest.as)).toMatchObject({ redundant: true });
  });

  test('When members join with a link, Then a lower role is raised to the link\'s and a higher one is kept', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: 'review' });
    const reader = await fixtures.newUser('reader');
    await fixtures.addMember(admin.as, orgId, reader.email, 'read');
    expect((await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: reader.as })).status).toBe(200);
    expect(await memberRole(orgId, admin.as, reader.id)).toBe('review');
    expect((await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: admin.as })).status).toBe(200);
    expect(await memberRole(orgId, admin.as, admin.id)).toBe('admin');
  });

  test('When the link is unknown or of another organization, or the caller is staff, Then joining is refused and nothing changes', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const other = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(other.orgId, '/link-invites'), other.admin.as, { role: 'read' });
    const user = await fixtures.newUser('user');
    expect((await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: user.as })).status).toBe(404);
    expect((await api.call('POST', orgPath(orgId, '/invites/no-such-link'), { as: user.as })).status).toBe(404);
    expect((await api.call('GET', orgPath(orgId, `/link-invites/${link.id}`), { as: user.as })).status).toBe(404);
    expect((await api.call('POST', orgPath(other.orgId, `/invites/${link.id}`), { as: 'staff' })).status).toBe(403);
    expect((await ok('GET', orgPath(orgId, '/members'), admin.as)).count).toBe(1);
  });
});

describe('organization settings', () => {
  test('When invite links are turned off, Then links cannot be created or joined (403) nor read by others, and admins still list, change and delete them', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: 'read' });
    await ok('PATCH', orgPath(orgId), admin.as, { inviteLinks: false });
    const user = await fixtures.newUser('late');

    const create = await api.call('POST', orgPath(orgId, '/link-invites'), { as: admin.as, body: { role: 'read' } });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toContain('inviteLinks: false');
    const join = await api.call('POST', orgPath(orgId, `/invites/${link.id}`), { as: user.as });
    expect(join.status).toBe(403);
    expect(join.body.error.message).toContain('turned off');
    expect((await api.call('GET', orgPath(orgId, `/link-invites/${link.id}`), { as: user.as })).status).toBe(404);

    expect((await ok('GET', orgPath(orgId, '/link-invites'), admin.as)).items.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await ok('PATCH', orgPath(orgId, `/link-invites/${link.id}`), admin.as, { role: 'comment' })).role).toBe('comment');
    expect((await api.call('DELETE', orgPath(orgId, `/link-invites/${link.id}`), { as: admin.as })).status).toBe(205);
    expect((await ok('GET', orgPath(orgId, '/members'), admin.as)).count).toBe(1);
  });

  test('When a new organization is created, Then invite links are off until an admin turns them on', async () => {
    const { admin, orgId } = await orgWith();
    expect((await ok('GET', orgPath(orgId), admin.as)).inviteLinks).toBe(false);
    expect((await api.call('POST', orgPath(orgId, '/link-invites'), { as: admin.as, body: { role: 'read' } })).status).toBe(403);
  });

  test('When SSO is enforced, Then only admins are invited by email or join by link, a refused request creates nothing, and admins still get in', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const readerLink = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: 'read' });
    await ok('PATCH', orgPath(orgId), admin.as, { sso: true });
    const existing = await fixtures.newUser('existing');
    const pending = `pending.${Date.now()}@example.com`;

    for (const body of [
      { emails: [existing.email] },
      { emails: [existing.email], sso: true },
      { emails: [{ email: pending, role: 'admin' }, { email: existing.email, role: 'edit' }] },
      { emails: [pending], role: null },
    ]) {
      const res = await api.call('POST', orgPath(orgId, '/invites'), { as: admin.as, body });
      expect({ body, status: res.status }).toEqual({ body, status: 403 });
      expect(res.body.error.message).toContain('enforces SSO');
    }
    expect((await ok('GET', orgPath(orgId, '/members'), admin.as)).count).toBe(1);
    expect(await api.db('invites').where({ organization_id: orgId })).toEqual([]);

    const join = await api.call('POST', orgPath(orgId, `/invites/${readerLink.id}`), { as: existing.as });
    expect(join.status).toBe(403);
    expect(join.body.error.message).toContain('identity provider');
    const refusedLink = await api.call('POST', orgPath(orgId, '/link-invites'), { as: admin.as, body: { role: 'edit' } });
    expect(refusedLink.status).toBe(403);
    expect((await api.call('PATCH', orgPath(orgId, `/link-invites/${readerLink.id}`), { as: admin.as, body: { role: null } })).status).toBe(403);

    expect(await ok('POST', orgPath(orgId, '/invites'), admin.as, { emails: [{ email: existing.email, role: 'admin' }] })).toEqual({ users: [existing.id], invited: 1 });
    const adminLink = await ok('POST', orgPath(orgId, '/link-invites'), admin.as, { role: 'admin' });
    const second = await fixtures.newUser('second');
    expect((await api.call('POST', orgPath(orgId, `/invites/${adminLink.id}`), { as: second.as })).status).toBe(200);
    expect(await memberRole(orgId, admin.as, second.id)).toBe('admin');
  });

  test('When plain emails are invited, Then they get the organization\'s defaultRole (read for a new organization; null: guests) unless the body names a role', async () => {
    const { admin, orgId } = await orgWith();
    expect((await ok('GET', orgPath(orgId), admin.as)).defaultRole).toBe('read');
    const invite = async (body: object) => {
      const user = await fixtures.newUser('invitee');
      const res = await ok('POST', orgPath(orgId, '/invites'), admin.as, { emails: [user.email], ...body });
      expect(res).toEqual({ users: [user.id], invited: 1 });
      return memberRole(orgId, admin.as, user.id);
    };
    expect(await invite({})).toBe('read');
    await ok('PATCH', orgPath(orgId), admin.as, { defaultRole: 'comment' });
    expect(await invite({})).toBe('comment');
    expect(await invite({ role: 'edit' })).toBe('edit');
    expect(await invite({ role: null })).toBeNull();
    await ok('PATCH', orgPath(orgId), admin.as, { defaultRole: null });
    expect(await invite({})).toBeNull();
  });

  test('When invited with sso: true, Then members (and pending invitees, once their account exists) are SSO members', async () => {
    const { admin, orgId } = await orgWith();
    const user = await fixtures.newUser('ssouser');
    const later = `later.${Date.now()}@example.com`;
    expect(await ok('POST', orgPath(orgId, '/invites'), admin.as, { emails: [user.email, { email: later, role: null }], sso: true })).toEqual({ users: [user.id], invited: 1 });
    expect(await ok('GET', orgPath(orgId, `/members/${user.id}`), admin.as)).toMatchObject({ role: 'read', sso: true });
    const created = await ok('POST', '/v1/admin/users', 'staff', { email: later, displayName: 'Later' });
    expect(await ok('GET', orgPath(orgId, `/members/${created.user.id}`), admin.as)).toMatchObject({ role: null, sso: true });
  });
});
