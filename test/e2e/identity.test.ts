import { expectOfficialSchema } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack('idn');
});
afterAll(() => stack?.stop());

describe('identity through the gateway', () => {
  test('When staff creates a user, Then it gets a token that identifies it on GET /v1/user', async () => {
    const { id, token, email } = await stack.newUser('ada');
    const me = await stack.call('GET', '/v1/user', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ object: 'user', id, email, displayName: 'ada' });
    expectOfficialSchema('User', me.body);
  });

  test('When the email is taken, Then creating the user again is a 409', async () => {
    const { email } = await stack.newUser('dup');
    const res = await stack.call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email: email.toUpperCase(), displayName: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 409, message: expect.stringContaining('already exists') } });
  });

  test('When a user (not staff) calls the admin endpoint, Then it is 403', async () => {
    const { token } = await stack.newUser('notstaff');
    const res = await stack.call('POST', '/v1/admin/users', { token, body: { email: 'x@example.com', displayName: 'x' } });
    expect(res.status).toBe(403);
  });

  test.each([
    ['no token', {}],
    ['a malformed header', { headers: { authorization: 'Token abc' } }],
    ['a wrong token', { token: 'dp_wrong' }],
    ['an over-long token', { token: 'x'.repeat(600) }],
  ])('When the request has %s, Then it is a GitBook-shaped 401', async (_label, opts) => {
    const res = await stack.call('GET', '/v1/user', opts as object);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  test('When a user creates an organization, Then it is 201 with Location, they are its admin, and it is listed', async () => {
    const { token, id: userId } = await stack.newUser('owner');
    const res = await stack.call('POST', '/v1/orgs', { token, body: { title: 'Docs Inc', emailDomains: ['docs-inc.example'] } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expectOfficialSchema('Organization', res.body);
    expect(res.body.permissions.admin).toBe(true);

    const list = await stack.call('GET', '/v1/orgs', { token });
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([res.body.id]);
    const member = await stack.call('GET', `/v1/orgs/${res.body.id}/members/${userId}`, { token });
    expect(member.body.role).toBe('admin');
    expectOfficialSchema('OrganizationMember', member.body);

    const byDomain = await stack.call('GET', '/v1/email-domains/docs-inc.example/orgs', { token });
    expect(byDomain.body.organizations.map((o: { id: string }) => o.id)).toEqual([res.body.id]);
  });

  test('When an admin patches the organization, Then every listed field is saved, and bad values are 400', async () => {
    const { token } = await stack.newUser('patcher');
    const org = await stack.newOrg(token);
    const patch = {
      title: 'Renamed',
      emailDomains: ['renamed.example'],
      hostname: `host-${Date.now()}`,
      defaultRole: 'read',
      defaultContent: { type: 'site', site: 'site123' },
      logo: 'https://example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: true,
    };
    const res = await stack.call('PATCH', `/v1/orgs/${org.id}`, { token, body: patch });
    expect(res.status).toBe(200);
    const { logo, ...fields } = patch;
    expect(res.body).toMatchObject({ ...fields, urls: { logo } });
    expectOfficialSchema('Organization', res.body);

    for (const bad of [{}, { title: 'x' }, { sso: 'yes' }, { defaultRole: 'owner' }, { hostname: 'UPPER CASE' }, { unknown: 1 }, { title: 'a'.repeat(300) }]) {
      const r = await stack.call('PATCH', `/v1/orgs/${org.id}`, { token, body: bad });
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 });
      expect(r.body.error.code).toBe(400);
    }
  });

  test('When a member is invited, re-roled and removed, Then their access follows on the next request', async () => {
    const admin = await stack.newUser('admin');
    const org = await stack.newOrg(admin.token);
    const bob = await stack.newUser('bob');
    const invite = await stack.call('POST', `/v1/orgs/${org.id}/invites`, { token: admin.token, body: { emails: [bob.email], role: 'edit' } });
    expect(invite.body).toEqual({ users: [bob.id], invited: 1 });

    expect((await stack.call('GET', `/v1/orgs/${org.id}`, { token: bob.token })).status).toBe(200);
    const members = await stack.call('GET', `/v1/orgs/${org.id}/members?limit=1`, { token: bob.token });
    expect(members.body.count).toBe(2);
    expect(members.body.items).toHaveLength(1);
    expect(members.body.next.page).toEqual(expect.any(String));

    // bob is not an admin: cannot re-role anyone
    expect((await stack.call('PATCH', `/v1/orgs/${org.id}/members/${admin.id}`, { token: bob.token, body: { role: 'read' } })).status).toBe(403);
    const patched = await stack.call('PATCH', `/v1/orgs/${org.id}/members/${bob.id}`, { token: admin.token, body: { role: 'read' } });
    expect(patched.body.role).toBe('read');
    expect((await stack.call('PATCH', `/v1/orgs/${org.id}/members/${bob.id}`, { token: admin.token, body: { role: 'god' } })).status).toBe(400);

    // the last admin can neither be demoted nor removed
    expect((await stack.call('PATCH', `/v1/orgs/${org.id}/members/${admin.id}`, { token: admin.token, body: { role: 'read' } })).status).toBe(409);
    expect((await stack.call('DELETE', `/v1/orgs/${org.id}/members/${admin.id}`, { token: admin.token })).status).toBe(409);

    expect((await stack.call('DELETE', `/v1/orgs/${org.id}/members/${bob.id}`, { token: admin.token })).status).toBe(205);
    expect((await stack.call('DELETE', `/v1/orgs/${org.id}/members/${bob.id}`, { token: admin.token })).status).toBe(204);
    expect((await stack.call('GET', `/v1/orgs/${org.id}`, { token: bob.token })).status).toBe(404);
  });

  test('When an invited email has no account yet, Then the user joins when staff creates it', async () => {
    const admin = await stack.newUser('admin2');
    const org = await stack.newOrg(admin.token);
    const email = `later.${Date.now()}@example.com`;
    const invite = await stack.call('POST', `/v1/orgs/${org.id}/invites`, { token: admin.token, body: { emails: [{ email, role: 'comment' }] } });
    expect(invite.body).toEqual({ users: [], invited: 0 });
    const created = await stack.call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email, displayName: 'Later' } });
    const member = await stack.call('GET', `/v1/orgs/${org.id}/members/${created.body.user.id}`, { token: admin.token });
    expect(member.body.role).toBe('comment');
  });

  test('When another organization is asked for, Then it is 404, not 403', async () => {
    const a = await stack.newUser('a');
    const b = await stack.newUser('b');
    const orgB = await stack.newOrg(b.token);
    const res = await stack.call('GET', `/v1/orgs/${orgB.id}`, { token: a.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });

  test('When a path is unknown, Then the gateway answers a JSON 404', async () => {
    const res = await stack.call('GET', '/v1/nothing-here', { token: stack.adminToken });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });

  test('When /health is asked, Then every service reports ready', async () => {
    const res = await stack.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.services).toMatchObject({ identity: 'ok', content: 'ok' });
  });
});
