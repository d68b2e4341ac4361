import { startStack, type Stack } from '@dp/local';
import { apiClient, dropResources, queueFamily, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace, type ApiCall } from '@dp/testing';
import { dropNamespace } from '../test/support/stack';

/** Everything the bench creates outside the stack's own schemas and queues, named from its namespace. */
export function benchResources(namespace: string) {
  return {
    exchange: `${namespace}bench.events`,
    relaySchema: `${namespace}bench_relay`,
    relayQueue: `${namespace}bench_relay`,
    latencySchema: `${namespace}bench_latency`,
    latencyQueue: `${namespace}bench_latency`,
    consumerSchema: `${namespace}bench_consumer`,
    consumerQueue: `${namespace}bench_consumer`,
  };
}

export interface Fixture {
  stack: Stack;
  namespace: string;
  call: ApiCall;
  userId: string;
  token: string;
  orgId: string;
  spaceId: string;
}

/** Removes everything the run created: the stack's schemas, queues and exchange, then the bench's own. */
export async function dropAll(namespace: string): Promise<void> {
  await dropNamespace(namespace);
  await dropBenchResources(namespace);
}

/**
 * Boots the stack's apis in this process on the real PostgreSQL and RabbitMQ in a fresh namespace (removed
 * again if the boot fails half-way), then creates a user, an organization and a space through the gateway.
 * Only the fixture comes from here: the measurements run against separate processes (see deployed.ts).
 */
export async function bootFixture(): Promise<Fixture> {
  await requireInfrastructure();
  const namespace = uniqueNamespace('bench');
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      ephemeralPorts: true,
      namespace,
      requireExternal: true,
      withWorkers: false,
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    });
    const call = apiClient(stack.baseUrl);
    const email = `bench.${Date.now()}@example.com`;
    const user = await call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email, displayName: 'Bench' } });
    if (user.status !== 201) throw new Error(`create user: ${user.status} ${JSON.stringify(user.body)}`);
    const token: string = user.body.token;
    const org = await call('POST', '/v1/orgs', { token, body: { title: 'Bench Docs' } });
    if (org.status !== 201) throw new Error(`create org: ${org.status} ${JSON.stringify(org.body)}`);
    const space = await call('POST', `/v1/orgs/${org.body.id}/spaces`, { token, body: { title: 'Bench space' } });
    if (space.status !== 201) throw new Error(`create space: ${space.status} ${JSON.stringify(space.body)}`);
    return { stack, namespace, call, userId: user.body.user.id, token, orgId: org.body.id, spaceId: space.body.id };
  } catch (err) {
    await stack?.stop().catch(() => undefined);
    await dropAll(namespace).catch(() => undefined);
    throw err;
  }
}

/** Removes the bench's own schemas, queues and exchange (the benchmarks do this too; this is the safety net). */
export async function dropBenchResources(namespace: string): Promise<void> {
  const r = benchResources(namespace);
  await dropResources({
    schemas: [r.relaySchema, r.latencySchema, r.consumerSchema],
    queues: [r.relayQueue, ...queueFamily(r.latencyQueue), ...queueFamily(r.consumerQueue)],
    exchanges: [r.exchange],
  });
}
