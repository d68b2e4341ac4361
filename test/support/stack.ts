import type { Knex } from 'knex';
import { startStack, services, type Stack } from '@dp/local';
import { dropResources, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, TEST_POOL_IDLE_MS, uniqueNamespace } from '@dp/testing';
import { schemaPools, stackClient, type StackClient } from './stack-client';

export type { TestUser } from './stack-client';

export interface TestStack extends Stack, StackClient {
  namespace: string;
  /** knex on a context's schema (one pool per context), for checking what a test cannot see through the API; closed by `stop()`. */
  schemaDb(context: string): Knex;
}

/**
 * The whole stack in this process, on the real PostgreSQL and RabbitMQ, in its own schemas, queues and
 * exchange; `stop()` removes them again.
 */
export async function bootStack(
  label: string,
  opts: {
    withWorkers?: boolean;
    /** Variables set on every process of the stack (limits a test lowers). */
    env?: NodeJS.ProcessEnv;
    /** Schemas already made (a restored backup): the namespace they carry, instead of a new one. */
    namespace?: string;
  } = {},
): Promise<TestStack> {
  await requireInfrastructure();
  const namespace = opts.namespace ?? uniqueNamespace(label);
  recordResources(namespaceResources(namespace));
  const stack = await startStack({
    ephemeralPorts: true,
    namespace,
    requireExternal: true,
    withWorkers: opts.withWorkers,
    // Two connections per context (its api and worker share one pool in this process) plus the process's one
    // LISTEN: a booted stack opens at most 13, and keeps only those it used lately.
    env: {
      ...process.env,
      DB_POOL_MAX: '2',
      DB_POOL_IDLE_MS: String(TEST_POOL_IDLE_MS),
      DATABASE_URL: TEST_DATABASE_URL,
      AMQP_URL: TEST_AMQP_URL,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      // Tests read rendered pages (browsers among them) on a machine the whole suite loads: past the production
      // budget (2 s) a page shows as plain text for a minute and fails them. What the budget guards against is
      // stopped by the renderer's limits first (test/security/render-stall.test.ts), and the budget itself is
      // attacked on the renderer (libs/markdown-html/test/renderer.test.ts).
      PUBLISHER_RENDER_BUDGET_MS: '20000',
      ...opts.env,
    },
  });
  const pools = schemaPools();
  return {
    ...stack,
    ...stackClient({ baseUrl: stack.baseUrl, publisherUrl: stack.publisher.publicUrl, adminToken: stack.adminToken }),
    namespace,
    schemaDb: (context) => pools.of(stack.envOf(context).DB_SCHEMA!),
    async stop() {
      await pools.close();
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
