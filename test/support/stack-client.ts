import knex, { type Knex } from 'knex';
import { apiClient, eventually, TEST_DATABASE_URL, TEST_POOL_IDLE_MS, type ApiCall } from '@dp/testing';

/** A user made through the staff endpoint: id, API token and email. */
export type TestUser = { id: string; token: string; email: string };

/** What a test does through a stack's gateway: calls, and users, organizations and members made through the API. */
export interface StackClient {
  /** The gateway's URL. */
  baseUrl: string;
  /** Where the stack's sites publisher serves published sites (SITES_PUBLIC_URL: every `urls.published` is under it). */
  publisherUrl: string;
  /** The staff token (ADMIN_TOKEN) of the stack. */
  adminToken: string;
  call: ApiCall;
  /** Creates a user through the staff endpoint; returns its id and API token. */
  newUser(name?: string): Promise<TestUser>;
  /** Creates an organization owned (admin) by `token`. */
  newOrg(token: string, title?: string): Promise<{ id: string }>;
  /** Adds an existing user to an organization with a role (through the invite endpoint). */
  addMember(adminToken: string, orgId: string, email: string, role: string): Promise<void>;
  /**
   * Waits until the calls of `token` carry a role in `orgId`. The gateway caches a principal once it has been
   * used, and a membership someone else granted reaches that cache through identity's member event, within
   * a second (docs/adr/0021): only the granting caller reads their own write at once.
   */
  joined(token: string, orgId: string): Promise<void>;
}

let counter = 0;

export function stackClient(urls: { baseUrl: string; publisherUrl: string; adminToken: string }): StackClient {
  const call = apiClient(urls.baseUrl);
  return {
    ...urls,
    call,
    async newUser(name = 'user') {
      const email = `${name}.${Date.now()}.${process.pid}.${++counter}@example.com`;
      const res = await call('POST', '/v1/admin/users', { token: urls.adminToken, body: { email, displayName: name } });
      if (res.status !== 201) throw new Error(`create user: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.user.id, token: res.body.token, email };
    },
    async newOrg(token, title = 'Acme Docs') {
      const res = await call('POST', '/v1/orgs', { token, body: { title } });
      if (res.status !== 201) throw new Error(`create org: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id };
    },
    async addMember(adminToken, orgId, email, role) {
      const res = await call('POST', `/v1/orgs/${orgId}/invites`, { token: adminToken, body: { emails: [{ email, role }] } });
      if (res.status !== 200) throw new Error(`invite: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async joined(token, orgId) {
      await eventually(async () => (await call('GET', `/v1/orgs/${orgId}`, { token })).status === 200, 5_000);
    },
  };
}

/** knex pools on a stack's schemas, one per schema however often a test asks (each pool holds its connection). */
export function schemaPools() {
  const dbs = new Map<string, Knex>();
  return {
    of(schema: string): Knex {
      let db = dbs.get(schema);
      if (!db) {
        db = knex({ client: 'pg', connection: TEST_DATABASE_URL, searchPath: [schema], pool: { min: 0, max: 1, idleTimeoutMillis: TEST_POOL_IDLE_MS } });
        dbs.set(schema, db);
      }
      return db;
    },
    async close(): Promise<void> {
      for (const db of dbs.values()) await db.destroy();
      dbs.clear();
    },
  };
}
