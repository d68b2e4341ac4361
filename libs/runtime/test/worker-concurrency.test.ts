import express from 'express';
import { createBus, defineHandler } from '@dp/bus';
import { sqlMigration } from '@dp/db';
import { envelope, OpenApiEvents } from '@dp/events';
import { createLogger } from '@dp/log';
import { dropResources, eventually, queueFamily, recordResources, requireInfrastructure, sleep, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { serviceConfig, startWorker, type ServiceDefinition } from '../src';

/**
 * A worker whose handlers each need a connection beside their delivery's transaction (as the openapi worker's
 * does), on a pool of two: with more deliveries at once than the pool can serve, each held a connection and waited
 * for another until the pool's acquire timeout failed them all (docs/adr/0071).
 */
const namespace = uniqueNamespace('wconc');
const resources = { schemas: [`${namespace}wconc`], queues: queueFamily(`${namespace}wconc`), exchanges: [`${namespace}events`] };
const definition: ServiceDefinition = {
  context: 'wconc',
  config: serviceConfig('wconc', 0, {}),
  migrations: [sqlMigration('20260101000000_create_seen', 'create table if not exists seen (id text primary key)')],
  createApp: () => express(),
  handlers: ({ db }) => [
    defineHandler(OpenApiEvents.SPEC_PROCESSING_REQUESTED, async (event, trx) => {
      await sleep(50);
      // Outside the transaction, as a handler that reports progress does: a second connection.
      await db.raw('select 1');
      await trx('seen').insert({ id: event.data.specId });
    }),
  ],
};

beforeAll(async () => {
  await requireInfrastructure();
  recordResources(resources);
});
afterAll(() => dropResources(resources));

test('When a worker on a pool of 2 gets 8 deliveries at once whose handlers each need a second connection, Then it handles them all within seconds, never waiting on itself', async () => {
  const env = { DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, AMQP_EXCHANGE: `${namespace}events`, QUEUE_PREFIX: namespace, DB_SCHEMA: `${namespace}wconc`, DB_POOL_MAX: '2', INTERNAL_AUTH_SECRET: 'worker-concurrency', LOG_LEVEL: 'silent', PORT: '0' };
  const worker = await startWorker(definition, env);
  const publisher = createBus({ url: TEST_AMQP_URL, exchange: `${namespace}events`, log: createLogger('wconc-test', 'silent'), connectionName: `${namespace}publisher` });
  try {
    const ids = Array.from({ length: 8 }, (_, i) => `spec${i}`);
    await publisher.publish(ids.map((specId) => envelope(OpenApiEvents.SPEC_PROCESSING_REQUESTED, { specId, organizationId: 'org' }, { source: '/test' })));
    // The pool's acquire timeout is 10 s: a worker that waited on itself would have handled none by then.
    await eventually(async () => (await worker.db('seen').count({ n: '*' }))[0].n === '8', 8_000, 50);
  } finally {
    await publisher.close();
    await worker.stop();
  }
}, 30_000);
