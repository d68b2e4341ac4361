import { hashApiToken } from '@dp/auth';
import { componentOf, expectOfficialSchema } from '@dp/testing';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures } from './fixtures';

/**
 * Users, organizations and members on identity's own app (component level, docs/testing.md). What the gateway
 * adds (a token turned into a caller, its 401s, its 404 for unknown paths, the aggregated health) stays in
 * test/e2e/identity.test.ts.
 */
const api = componentOf('idn', identityService, IDENTITY_ENV);
const fixtures = identityFixtures(api);

describe('identity users and organizations', () => {
  test('When staff creates a user, Then it gets a token that identifies it (the principal the gateway asks for) and GET /v1/user answers it', async () => {
    const { id, token, email, as } = await fixtures.newUser('ada');
    const principal = await api.call('POST', '/internal/principals', { as: { service: 'gateway' }, body: { tokenHash: hashApiToken(token) } });
    expect(principal.status).toBe(200);
    expect(principal.body).toMatchObject({ userId: id });
    const me = await api.call('GET', '/v1/user', { as });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ object: 'user', id, email, displayName: 'ada' });
    expectOfficialSchema('User', me.body);
  });

  test('When the email is taken, Then creating the user again is a 409', async () => {
    const { email } = await fixtures.newUser('dup');
    const res = await api.call('POST', '/v1/admin/users', { as: 'staff', body: { email: email.toUpperCase(), displayName: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 409, message: expect.stringContaining('already exists') } });
  });

  test('When a user (not staff) calls the admin endpoint, Then it is 403', async () => {
    const { as } = await fixtures.newUser('notstaff');
    const res = await api.call('POST', '/v1/admin/users', { as, body: { email: 'x@example.com', displayName: 'x' } });
    expect(res.status).toBe(403);
  });

  test('When a user creates an organization, Then it is 201 with Location, they are its admin, and it is listed', async () => {
    const { as, id: userId } = await fixtures.newUser('owner');
    const res = await api.call('POST', '/v1/orgs', { as, body: { title: 'Docs Inc', emailDomains: ['docs-inc.example'] } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expectOfficialSchema('Organization', res.body);
    expect(res.body.permissions.admin).toBe(true);

    const list = await api.call('GET', '/v1/orgs', { as });
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([res.body.id]);
    const member = await api.call('GET', `/v1/orgs/${res.body.id}/members/${userId}`, { as });
    expect(member.body.role).toBe('admin');
    expectOfficialSchema('OrganizationMember', member.body);

    const byDomain = await api.call('GET', '/v1/email-domains/docs-inc.example/orgs', { as });
    expect(byDomain.body.organizations.map((o: { id: string }) => o.id)).toEqual([res.body.id]);
  });

  test('When an admin patches the organization, Then every listed field is saved, and bad values are 400', async () => {
    const { as } = await fixtures.newUser('patcher');
    const org = await fixtures.newOrg(as);
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
      mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }, { rule: 'allow_bypass', users: ['u1'] }] },
    };
    expect((await api.call('GET', `/v1/orgs/${org.id}`, { as })).body.mergeRules).toEqual({ type: 'none' });
    const res = await api.call('PATCH', `/v1/orgs/${org.id}`, { as, body: patch });
    expect(res.status).toBe(200);
    const { logo, ...fields } = patch;
    expect(res.body).toMatchObject({ ...fields, urls: { logo } });
    expectOfficialSchema('Organization', res.body);
    // Content and integrations keep the rules from the event (spaces that inherit obey them).
    const updated = (await api.outbox('identity.organization.updated')).filter((e) => (e.data as { organizationId: string }).organizationId === org.id);
    expect(updated.map((e) => e.data)).toEqual([{ organizationId: org.id, title: 'Renamed', mergeRules: patch.mergeRules, changed: Object.keys(patch) }]);

    const unknownRules = [{ type: 'inherit' }, { type: 'rules', rules: [{ rule: 'custom', expression: 'true' }] }, { type: 'rules', rules: [{ rule: 'allow_bypass' }] }, { type: 'rules' }];
    for (const bad of [{}, { title: 'x' }, { sso: 'yes' }, { defaultRole: 'owner' }, { hostname: 'UPPER CASE' }, { unknown: 1 }, { title: 'a'.repeat(300) }, ...unknownRules.map((mergeRules) => ({ mergeRules }))]) {
      const r = await api.call('PATCH', `/v1/orgs/${org.id}`, { as, body: bad });
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 });
      expect(r.body.error.code).toBe(400);
    }
  });

  test('When a member is invited, re-roled and removed, Then their access follows on the next request', async () => {
    const admin = await fixtures.newUser('admin');
    const org = await fixtures.newOrg(admin.as);
    const bob = await fixtures.newUser('bob');
    const invite = await api.call('POST', `/v1/orgs/${org.id}/invites`, { as: admin.as, body: { emails: [bob.email], role: 'edit' } });
    expect(invite.body).toEqual({ users: [bob.id], invited: 1 });

    expect((await api.call('GET', `/v1/orgs/${org.id}`, { as: bob.as })).status).toBe(200);
    const members = await api.call('GET', `/v1/orgs/${org.id}/members?limit=1`, { as: bob.as });
    expect(members.body.count).toBe(2);
    expect(members.body.items).toHaveLength(1);
    expect(members.body.next.page).toEqual(expect.any(String));

    // bob is not an admin: cannot re-role anyone
    expect((await api.call('PATCH', `/v1/orgs/${org.id}/members/${admin.id}`, { as: bob.as, body: { role: 'read' } })).status).toBe(403);
    const patched = await api.call('PATCH', `/v1/orgs/${org.id}/members/${bob.id}`, { as: admin.as, body: { role: 'read' } });
    expect(patched.body.role).toBe('read');
    expect((await api.call('PATCH', `/v1/orgs/${org.id}/members/${bob.id}`, { as: admin.as, body: { role: 'god' } })).status).toBe(400);

    // the last admin can neither be demoted nor removed
    expect((await api.call('PATCH', `/v1/orgs/${org.id}/members/${admin.id}`, { as: admin.as, body: { role: 'read' } })).status).toBe(409);
    expect((await api.call('DELETE', `/v1/orgs/${org.id}/members/${admin.id}`, { as: admin.as })).status).toBe(409);

    expect((await api.call('DELETE', `/v1/orgs/${org.id}/members/${bob.id}`, { as: admin.as })).status).toBe(205);
    expect((await api.call('DELETE', `/v1/orgs/${org.id}/members/${bob.id}`, { as: admin.as })).status).toBe(204);
    expect((await api.call('GET', `/v1/orgs/${org.id}`, { as: bob.as })).status).toBe(404);
  });

  test('When an invited email has no account yet, Then the user joins when staff creates it', async () => {
    const admin = await fixtures.newUser('admin2');
    const org = await fixtures.newOrg(admin.as);
    const email = `later.${Date.now()}@example.com`;
    const invite = await api.call('POST', `/v1/orgs/${org.id}/invites`, { as: admin.as, body: { emails: [{ email, role: 'comment' }] } });
    expect(invite.body).toEqual({ users: [], invited: 0 });
    const created = await api.call('POST', '/v1/admin/users', { as: 'staff', body: { email, displayName: 'Later' } });
    const member = await api.call('GET', `/v1/orgs/${org.id}/members/${created.body.user.id}`, { as: admin.as });
    expect(member.body.role).toBe('comment');
  });

  test('When another organization is asked for, Then it is 404, not 403', async () => {
    const a = await fixtures.newUser('a');
    const b = await fixtures.newUser('b');
    const orgB = await fixtures.newOrg(b.as);
    const res = await api.call('GET', `/v1/orgs/${orgB.id}`, { as: a.as });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });

});
