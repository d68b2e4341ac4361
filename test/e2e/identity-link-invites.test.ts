import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * Invite links, email invites and the organization settings they answer to, through the gateway
 * (docs/adr/0037): `inviteLinks` turns links on, `sso` admits only admins without the identity provider,
 * `defaultRole` is what plain emails get (null: guests).
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack('lnk');
});
afterAll(() => stack?.stop());

const orgPath = (orgId: string, rest = '') => `/v1/orgs/${orgId}${rest}`;
async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await stack.call(method, path, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
/** An organization of a new admin, with settings applied. */
async function orgWith(settings: object = {}): Promise<{ admin: TestUser; orgId: string }> {
  const admin = await stack.newUser('admin');
  const orgId = (await stack.newOrg(admin.token)).id;
  if (Object.keys(settings).length) await ok('PATCH', orgPath(orgId), admin.token, settings);
  return { admin, orgId };
}
const memberRole = async (orgId: string, adminToken: string, userId: string) => (await ok('GET', orgPath(orgId, `/members/${userId}`), adminToken)).role;

describe('invite links', () => {
  test('When an admin creates, reads, changes and deletes links, Then each answer is the official invite, and deleting twice is 205 then 204', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const edit = await stack.call('POST', orgPath(orgId, '/link-invites'), { token: admin.token, body: { role: 'edit' } });
    expect(edit.status).toBe(201);
    expect(edit.body).toEqual({ object: 'invite', id: expect.any(String), role: 'edit', redundant: true });
    const guest = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: null });
    expect(guest.role).toBeNull();

    const page = await ok('GET', orgPath(orgId, '/link-invites?limit=1'), admin.token);
    expect(page.count).toBe(2);
    expect(page.items).toEqual([edit.body]);
    const next = await ok('GET', orgPath(orgId, `/link-invites?page=${page.next.page}`), admin.token);
    expect(next.items).toEqual([guest]);

    expect(await ok('GET', orgPath(orgId, `/link-invites/${edit.body.id}`), admin.token)).toEqual(edit.body);
    const patched = await stack.call('PATCH', orgPath(orgId, `/link-invites/${edit.body.id}`), { token: admin.token, body: { role: 'comment' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: edit.body.id, role: 'comment' });

    expect((await stack.call('DELETE', orgPath(orgId, `/link-invites/${edit.body.id}`), { token: admin.token })).status).toBe(205);
    expect((await stack.call('DELETE', orgPath(orgId, `/link-invites/${edit.body.id}`), { token: admin.token })).status).toBe(204);
    expect((await stack.call('GET', orgPath(orgId, `/link-invites/${edit.body.id}`), { token: admin.token })).status).toBe(404);
    expect((await stack.call('PATCH', orgPath(orgId, `/link-invites/${edit.body.id}`), { token: admin.token, body: { role: 'read' } })).status).toBe(404);
  });

  test.each([
    ['a space invite', { space: 'space1', level: 'read' }, 'body.space: invites to a space or a collection are not supported'],
    ['a collection invite', { collection: 'col1', level: 'edit' }, 'body.collection: invites to a space or a collection are not supported'],
    ['no role', {}, 'body.role is required'],
    ['an unknown role', { role: 'owner' }, 'body.role'],
    ['an unknown field', { role: 'read', expires: 1 }, 'body.expires'],
  ])('When a link is created with %s, Then it is a 400 naming the field and nothing is created', async (_label, body, message) => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const res = await stack.call('POST', orgPath(orgId, '/link-invites'), { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await ok('GET', orgPath(orgId, '/link-invites'), admin.token)).count).toBe(0);
  });

  test('When an id is malformed, Then reading, changing or joining is a 400 naming params.inviteId', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    for (const [method, path, body] of [
      ['GET', '/link-invites/bad%20id', undefined],
      ['PATCH', '/link-invites/bad%20id', { role: 'read' }],
      ['POST', '/invites/bad%20id', undefined],
    ] as const) {
      const res = await stack.call(method, orgPath(orgId, path), { token: admin.token, body });
      expect({ method, status: res.status }).toEqual({ method, status: 400 });
      expect(res.body.error.message).toContain('params.inviteId');
    }
  });

  test('When someone who is not an admin manages links, Then a member gets 403 and a stranger 404', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const reader = await stack.newUser('reader');
    await stack.addMember(admin.token, orgId, reader.email, 'read');
    const stranger = await stack.newUser('stranger');
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: 'read' });
    for (const [who, token, status] of [['reader', reader.token, 403], ['stranger', stranger.token, 404]] as const) {
      expect({ who, status: (await stack.call('GET', orgPath(orgId, '/link-invites'), { token })).status }).toEqual({ who, status });
      expect({ who, status: (await stack.call('POST', orgPath(orgId, '/link-invites'), { token, body: { role: 'admin' } })).status }).toEqual({ who, status });
      expect({ who, status: (await stack.call('PATCH', orgPath(orgId, `/link-invites/${link.id}`), { token, body: { role: 'admin' } })).status }).toEqual({ who, status });
      expect({ who, status: (await stack.call('DELETE', orgPath(orgId, `/link-invites/${link.id}`), { token })).status }).toEqual({ who, status });
    }
  });
});

describe('joining with a link', () => {
  test('When a user who knows a link joins, Then they are a member with its role at once; the link reads redundant for them afterwards', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: 'edit' });
    const joiner = await stack.newUser('joiner');
    expect(await ok('GET', orgPath(orgId, `/link-invites/${link.id}`), joiner.token)).toEqual({ ...link, redundant: false });

    const joined = await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: joiner.token });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({});
    // Read-your-writes: the joiner's next request carries the role.
    expect((await stack.call('GET', orgPath(orgId), { token: joiner.token })).status).toBe(200);
    expect((await stack.call('POST', orgPath(orgId, '/spaces'), { token: joiner.token, body: { title: 'Mine' } })).status).toBe(403);
    expect(await memberRole(orgId, admin.token, joiner.id)).toBe('edit');
    expect(await ok('GET', orgPath(orgId, `/link-invites/${link.id}`), joiner.token)).toEqual({ ...link, redundant: true });
    // Joining again changes nothing.
    expect((await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: joiner.token })).status).toBe(200);
    expect(await memberRole(orgId, admin.token, joiner.id)).toBe('edit');
  });

  test('When a user joins with a guest link, Then they are listed as a guest and hold no organization-wide ability', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: null });
    const guest = await stack.newUser('guest');
    expect((await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: guest.token })).status).toBe(200);
    expect(await memberRole(orgId, admin.token, guest.id)).toBeNull();
    const guests = await ok('GET', orgPath(orgId, '/members?role=guest'), admin.token);
    expect(guests.items.map((m: { id: string }) => m.id)).toEqual([guest.id]);
    expect((await stack.call('GET', orgPath(orgId), { token: guest.token })).status).toBe(404);
    expect(await ok('GET', orgPath(orgId, `/link-invites/${link.id}`), guest.token)).toMatchObject({ redundant: true });
  });

  test('When members join with a link, Then a lower role is raised to the link\'s and a higher one is kept', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: 'review' });
    const reader = await stack.newUser('reader');
    await stack.addMember(admin.token, orgId, reader.email, 'read');
    expect((await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: reader.token })).status).toBe(200);
    expect(await memberRole(orgId, admin.token, reader.id)).toBe('review');
    expect((await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: admin.token })).status).toBe(200);
    expect(await memberRole(orgId, admin.token, admin.id)).toBe('admin');
  });

  test('When the link is unknown or of another organization, or the caller is staff, Then joining is refused and nothing changes', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const other = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(other.orgId, '/link-invites'), other.admin.token, { role: 'read' });
    const user = await stack.newUser('user');
    expect((await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: user.token })).status).toBe(404);
    expect((await stack.call('POST', orgPath(orgId, '/invites/no-such-link'), { token: user.token })).status).toBe(404);
    expect((await stack.call('GET', orgPath(orgId, `/link-invites/${link.id}`), { token: user.token })).status).toBe(404);
    expect((await stack.call('POST', orgPath(other.orgId, `/invites/${link.id}`), { token: stack.adminToken })).status).toBe(403);
    expect((await ok('GET', orgPath(orgId, '/members'), admin.token)).count).toBe(1);
  });
});

describe('organization settings', () => {
  test('When invite links are turned off, Then links cannot be created or joined (403) nor read by others, and admins still list, change and delete them', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const link = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: 'read' });
    await ok('PATCH', orgPath(orgId), admin.token, { inviteLinks: false });
    const user = await stack.newUser('late');

    const create = await stack.call('POST', orgPath(orgId, '/link-invites'), { token: admin.token, body: { role: 'read' } });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toContain('inviteLinks: false');
    const join = await stack.call('POST', orgPath(orgId, `/invites/${link.id}`), { token: user.token });
    expect(join.status).toBe(403);
    expect(join.body.error.message).toContain('turned off');
    expect((await stack.call('GET', orgPath(orgId, `/link-invites/${link.id}`), { token: user.token })).status).toBe(404);

    expect((await ok('GET', orgPath(orgId, '/link-invites'), admin.token)).items.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await ok('PATCH', orgPath(orgId, `/link-invites/${link.id}`), admin.token, { role: 'comment' })).role).toBe('comment');
    expect((await stack.call('DELETE', orgPath(orgId, `/link-invites/${link.id}`), { token: admin.token })).status).toBe(205);
    expect((await ok('GET', orgPath(orgId, '/members'), admin.token)).count).toBe(1);
  });

  test('When a new organization is created, Then invite links are off until an admin turns them on', async () => {
    const { admin, orgId } = await orgWith();
    expect((await ok('GET', orgPath(orgId), admin.token)).inviteLinks).toBe(false);
    expect((await stack.call('POST', orgPath(orgId, '/link-invites'), { token: admin.token, body: { role: 'read' } })).status).toBe(403);
  });

  test('When SSO is enforced, Then only admins are invited by email or join by link, a refused request creates nothing, and admins still get in', async () => {
    const { admin, orgId } = await orgWith({ inviteLinks: true });
    const readerLink = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: 'read' });
    await ok('PATCH', orgPath(orgId), admin.token, { sso: true });
    const existing = await stack.newUser('existing');
    const pending = `pending.${Date.now()}@example.com`;

    for (const body of [
      { emails: [existing.email] },
      { emails: [existing.email], sso: true },
      { emails: [{ email: pending, role: 'admin' }, { email: existing.email, role: 'edit' }] },
      { emails: [pending], role: null },
    ]) {
      const res = await stack.call('POST', orgPath(orgId, '/invites'), { token: admin.token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 403 });
      expect(res.body.error.message).toContain('enforces SSO');
    }
    expect((await ok('GET', orgPath(orgId, '/members'), admin.token)).count).toBe(1);
    expect(await stack.schemaDb('identity')('invites').where({ organization_id: orgId })).toEqual([]);

    const join = await stack.call('POST', orgPath(orgId, `/invites/${readerLink.id}`), { token: existing.token });
    expect(join.status).toBe(403);
    expect(join.body.error.message).toContain('identity provider');
    const refusedLink = await stack.call('POST', orgPath(orgId, '/link-invites'), { token: admin.token, body: { role: 'edit' } });
    expect(refusedLink.status).toBe(403);
    expect((await stack.call('PATCH', orgPath(orgId, `/link-invites/${readerLink.id}`), { token: admin.token, body: { role: null } })).status).toBe(403);

    expect(await ok('POST', orgPath(orgId, '/invites'), admin.token, { emails: [{ email: existing.email, role: 'admin' }] })).toEqual({ users: [existing.id], invited: 1 });
    const adminLink = await ok('POST', orgPath(orgId, '/link-invites'), admin.token, { role: 'admin' });
    const second = await stack.newUser('second');
    expect((await stack.call('POST', orgPath(orgId, `/invites/${adminLink.id}`), { token: second.token })).status).toBe(200);
    expect(await memberRole(orgId, admin.token, second.id)).toBe('admin');
  });

  test('When plain emails are invited, Then they get the organization\'s defaultRole (read for a new organization; null: guests) unless the body names a role', async () => {
    const { admin, orgId } = await orgWith();
    expect((await ok('GET', orgPath(orgId), admin.token)).defaultRole).toBe('read');
    const invite = async (body: object) => {
      const user = await stack.newUser('invitee');
      const res = await ok('POST', orgPath(orgId, '/invites'), admin.token, { emails: [user.email], ...body });
      expect(res).toEqual({ users: [user.id], invited: 1 });
      return memberRole(orgId, admin.token, user.id);
    };
    expect(await invite({})).toBe('read');
    await ok('PATCH', orgPath(orgId), admin.token, { defaultRole: 'comment' });
    expect(await invite({})).toBe('comment');
    expect(await invite({ role: 'edit' })).toBe('edit');
    expect(await invite({ role: null })).toBeNull();
    await ok('PATCH', orgPath(orgId), admin.token, { defaultRole: null });
    expect(await invite({})).toBeNull();
  });

  test('When invited with sso: true, Then members (and pending invitees, once their account exists) are SSO members', async () => {
    const { admin, orgId } = await orgWith();
    const user = await stack.newUser('ssouser');
    const later = `later.${Date.now()}@example.com`;
    expect(await ok('POST', orgPath(orgId, '/invites'), admin.token, { emails: [user.email, { email: later, role: null }], sso: true })).toEqual({ users: [user.id], invited: 1 });
    expect(await ok('GET', orgPath(orgId, `/members/${user.id}`), admin.token)).toMatchObject({ role: 'read', sso: true });
    const created = await ok('POST', '/v1/admin/users', stack.adminToken, { email: later, displayName: 'Later' });
    expect(await ok('GET', orgPath(orgId, `/members/${created.user.id}`), admin.token)).toMatchObject({ role: null, sso: true });
  });
});
