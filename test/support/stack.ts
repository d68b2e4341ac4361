import knex, { type Knex } from 'knex';
import { startStack, services, type Stack } from '@dp/local';
import { apiClient, dropResources, eventually, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, TEST_POOL_IDLE_MS, uniqueNamespace, type ApiCall } from '@dp/testing';

/** A user made through the staff endpoint: id, API token and email. */
export type TestUser = { id: string; token: string; email: string };

export interface TestStack extends Stack {
  call: ApiCall;
  /** Where the stack's sites publisher serves published sites (SITES_PUBLIC_URL: every `urls.published` is under it). */
  publisherUrl: string;
  namespace: string;
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
  /** knex on a context's schema (one pool per context), for checking what a test cannot see through the API; closed by `stop()`. */
  schemaDb(context: string): Knex;
}

let counter = 0;

/**
 * The whole stack in this process, on the real PostgreSQL and RabbitMQ, in its own schemas, queues and
 * exchange; `stop()` removes them again.
 */
export async function bootStack(label: string, opts: { withWorkers?: boolean; /** Variables set on every process of the stack (limits a test lowers). */ env?: NodeJS.ProcessEnv } = {}): Promise<TestStack> {
  await requireInfrastructure();
  const namespace = uniqueNamespace(label);
  recordResources(namespaceResources(namespace));
  const stack = await startStack({
    ephemeralPorts: true,
    namespace,
    requireExternal: true,
    withWorkers: opts.withWorkers,
    // Two connections per context (its api and worker share one pool in this process) plus the process's one
    // LISTEN: a booted stack opens at most 13, and keeps only those it used lately.
    env: { ...process.env, DB_POOL_MAX: '2', DB_POOL_IDLE_MS: String(TEST_POOL_IDLE_MS), DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...opts.env },
  });
  const call = apiClient(stack.baseUrl);
  // One pool per context for the whole file, however often a test asks (each pool holds its connections).
  const dbs = new Map<string, Knex>();
  return {
    ...stack,
    call,
    publisherUrl: stack.publisher.publicUrl,
    namespace,
    async newUser(name = 'user') {
      const email = `${name}.${Date.now()}.${++counter}@example.com`;
      const res = await call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email, displayName: name } });
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
    schemaDb(context) {
      let db = dbs.get(context);
      if (!db) {
        db = knex({ client: 'pg', connection: TEST_DATABASE_URL, searchPath: [stack.envOf(context).DB_SCHEMA!], pool: { min: 0, max: 1, idleTimeoutMillis: TEST_POOL_IDLE_MS } });
        dbs.set(context, db);
      }
      return db;
    },
    async stop() {
      for (const db of dbs.values()) await db.destroy();
      dbs.clear();
      await stack.stop();
      await dropNamespace(namespace);
    },
  };
}

/** The schemas, queues and exchange a stack booted with `namespace` creates. */
export const namespaceResources = (namespace: string) => ({
  schemas: services.map(({ def }) => `${namespace}${def.context}`),
  queues: services.flatMap(({ def }) => queueFamily(`${namespace}${def.context}`)),
  exchanges: [`${namespace}docs.events`],
});

/** Removes a test namespace's schemas, queues and exchange. */
export async function dropNamespace(namespace: string): Promise<void> {
  await dropResources(namespaceResources(namespace));
}
