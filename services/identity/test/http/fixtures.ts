import type { Role } from '@dp/auth';
import type { Component, ComponentCaller } from '@dp/testing';

/** A user made through the staff endpoint: their id, email, API token, and the caller they are in a call. */
export type TestUser = { id: string; email: string; token: string; as: ComponentCaller };

let counter = 0;

/**
 * Users, organizations and members made through identity's own endpoints, as the e2e stack makes them through
 * the gateway. A user calls without roles in the assertion: identity reads them from its tables, so a role
 * granted or taken away counts on the very next call.
 */
export function identityFixtures(api: Component<unknown>) {
  return {
    async newUser(name = 'user'): Promise<TestUser> {
      const email = `${name}.${Date.now()}.${++counter}@example.com`;
      const res = await api.call('POST', '/v1/admin/users', { as: 'staff', body: { email, displayName: name } });
      if (res.status !== 201) throw new Error(`create user: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.user.id, email, token: res.body.token, as: { user: res.body.user.id } };
    },
    async newOrg(as: ComponentCaller, title = 'Acme Docs'): Promise<{ id: string }> {
      const res = await api.call('POST', '/v1/orgs', { as, body: { title } });
      if (res.status !== 201) throw new Error(`create org: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id };
    },
    async addMember(admin: ComponentCaller, orgId: string, email: string, role: Role): Promise<void> {
      const res = await api.call('POST', `/v1/orgs/${orgId}/invites`, { as: admin, body: { emails: [{ email, role }] } });
      if (res.status !== 200) throw new Error(`invite: ${res.status} ${JSON.stringify(res.body)}`);
    },
  };
}

/** What the identity api needs to start (its staff token) beyond the component's defaults. */
export const IDENTITY_ENV = { ADMIN_TOKEN: 'dp_admin_component_test' };
