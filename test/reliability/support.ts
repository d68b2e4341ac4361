import amqp from 'amqplib';
import knex, { type Knex } from 'knex';
import { AmqpBus, brokerAnswers, startConsumer, startRelay, type Bus, type ConsumerHandler, type Relay, type RetryPolicy, type Subscription } from '@dp/bus';
import { addToOutbox, createDb, migrate, type Migration } from '@dp/db';
import { envelope, type CloudEvent } from '@dp/events';
import { createLogger, type Logger } from '@dp/log';
import { eventually, requireInfrastructure, sleep, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { bootNode, killNode, nodeFromEnv, nodePid, portAnswers as nodePortAnswers, rabbitmqctl as nodeCtl } from '@dp/testing';

/*
 * Helpers of the reliability tests: they stop, start and SIGKILL a real RabbitMQ node (their own, see
 * rabbitmq-node.ts), kill processes, and count what
 * the consumers did the way RabbitMQ's Jepsen tests count what queues did. Every event the producer
 * committed has an id; at the end each id is
 *   - lost                    when the consumer never applied it,
 *   - duplicated (in effect)  when its effect was applied more than once,
 *   - unexpected              when an effect exists for an id nobody committed,
 * and all three must be zero. Redeliveries the inbox absorbed are counted apart: they are allowed.
 */

/** The reliability run's own RabbitMQ node (see rabbitmq-node.ts); TEST_AMQP_URL points at it. */
const node = () => nodeFromEnv();

/** Runs `rabbitmqctl -n <the test node> <args>`; throws with its output when it fails. */
export function rabbitmqctl(...args: string[]): Promise<string> {
  return nodeCtl(node(), ...args);
}

/**
 * Has the broker close (CONNECTION_FORCED) the client connections whose name starts with `prefix`, as
 * `close_all_connections` would but sparing the fixtures' other connections; resolves with how many.
 */
export async function closeConnectionsNamed(prefix: string, reason: string): Promise<number> {
  const listing = await rabbitmqctl('list_connections', '-q', 'pid', 'client_properties');
  const pids = listing
    .split('\n')
    .filter((line) => line.includes(`{"connection_name","${prefix}`))
    .map((line) => line.split('\t')[0]);
  for (const pid of pids) await rabbitmqctl('close_connection', pid, reason);
  return pids.length;
}

/** True when something accepts a TCP connection on the broker's AMQP port. */
export const portAnswers = (timeoutMs = 1000) => nodePortAnswers(node().port, timeoutMs);

/** Waits until the AMQP port answers and a client can open a connection. */
export async function waitForBroker(timeoutMs = 60_000): Promise<void> {
  await eventually(async () => (await portAnswers()) && (await brokerAnswers(TEST_AMQP_URL, 2000)), timeoutMs, 200);
}

/** Resolves once the AMQP port refuses connections. */
const waitForBrokerGone = () => eventually(async () => !(await portAnswers(500)), 15_000, 50);

/** `rabbitmqctl stop_app`: the node stays up, the AMQP listener and every connection go away. */
export async function stopBroker(): Promise<void> {
  await rabbitmqctl('stop_app');
  await waitForBrokerGone();
}

/** `rabbitmqctl start_app`, then waits until the port answers; resolves with the time it answered. */
export async function startBroker(): Promise<number> {
  await rabbitmqctl('start_app');
  await waitForBroker();
  return Date.now();
}

/** SIGKILL of the node's Erlang VM (no shutdown at all); resolves once the port refuses connections. */
export async function killBroker(): Promise<void> {
  await killNode(node());
  await waitForBrokerGone();
}

/** Boots the killed node again on its data directory; resolves with the time its port answered. */
export async function rebootBroker(): Promise<number> {
  await bootNode(node());
  await waitForBroker();
  return Date.now();
}

/**
 * For afterAll/finally and the start of every file: whatever happened before, the node runs and answers
 * when this resolves (booted again after a SIGKILL, its app started after stop_app), so that no test
 * depends on what an earlier one left behind.
 */
export async function ensureBrokerRunning(): Promise<void> {
  if (await brokerAnswers(TEST_AMQP_URL, 2000)) return;
  if (!nodePid(node())) await bootNode(node());
  else await rabbitmqctl('start_app');
  await waitForBroker(90_000);
}

/** An event of a type outside the catalog, routed like any other. */
export function tick(n: number, type = 'reliability.tick'): CloudEvent<{ n: number }> {
  return envelope(type, { n }, { source: '/reliability' });
}

/** Table of the effect: one row per event id, `applied` counts how many times the effect ran. */
const effectsMigration: Migration = {
  name: '20260101000000_create_effects',
  up: async (db) => {
    await db.raw(`create table if not exists effects (
      event_id text primary key,
      applied int not null default 1,
      first_at timestamptz not null default clock_timestamp(),
      last_at timestamptz not null default clock_timestamp()
    )`);
  },
};

/** The effect of handling `event`, inside the consumer's transaction (the one that records the inbox row). */
export async function applyEffect(trx: Knex.Transaction, event: CloudEvent): Promise<void> {
  await trx.raw(
    `insert into effects (event_id) values (?)
     on conflict (event_id) do update set applied = effects.applied + 1, last_at = clock_timestamp()`,
    [event.id],
  );
}

export interface DeliveryRecord {
  id: string;
  type: string;
  attempt: number;
  at: number;
  outcome?: 'ok' | 'failed';
}

/**
 * Wraps a real bus to record every delivery a subscription sees (before the inbox), so a test can tell
 * redeliveries and retries apart from effects. Publishing and the transport are the real ones.
 */
export function recordDeliveries(bus: Bus): { bus: Bus; deliveries: DeliveryRecord[] } {
  const deliveries: DeliveryRecord[] = [];
  const wrapped: Bus = {
    publish: (events) => bus.publish(events),
    drainDeadLetters: (queue) => bus.drainDeadLetters(queue),
    deadLetterDepth: (queue) => bus.deadLetterDepth(queue),
    broadcast: (sub) => bus.broadcast(sub),
    close: () => bus.close(),
    subscribe: (sub: Subscription) =>
      bus.subscribe({
        ...sub,
        handle: async (event, delivery) => {
          const record: DeliveryRecord = { id: event.id, type: event.type, attempt: delivery.attempt, at: Date.now() };
          deliveries.push(record);
          try {
            await sub.handle(event, delivery);
            record.outcome = 'ok';
          } catch (err) {
            record.outcome = 'failed';
            throw err;
          }
        },
      }),
  };
  return { bus: wrapped, deliveries };
}

export interface Tally {
  expected: number;
  applied: number;
  lost: string[];
  duplicated: string[];
  unexpected: string[];
}

/** The three counts, for `expect(counts(t)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 })`. */
export const counts = (t: Tally) => ({ lost: t.lost.length, duplicated: t.duplicated.length, unexpected: t.unexpected.length });

/** One test's world: its own schemas, exchange and queue on the shared PostgreSQL and RabbitMQ. */
export interface Scenario {
  namespace: string;
  exchange: string;
  queue: string;
  producerSchema: string;
  consumerSchema: string;
  /** knex on the producer's schema (outbox). */
  producerDb: Knex;
  /** knex on the consumer's schema (inbox, effects). */
  consumerDb: Knex;
  log: Logger;
  /** Environment for a fixture process of this scenario. */
  fixtureEnv: Record<string, string>;
  newBus(name: string): AmqpBus;
  /** Commits `count` events, `perTransaction` at a time; `onCommitted` may hold the next commit back by returning a promise. */
  writeEvents(count: number, opts?: { perTransaction?: number; pauseMs?: number; type?: string; onCommitted?: (written: number) => void | Promise<void> }): Promise<string[]>;
  startRelay(bus: Bus, opts?: { pollIntervalMs?: number; batchSize?: number }): Relay;
  /** startConsumer on the scenario's queue, its effect being `applyEffect`; `extra` handlers for other types. */
  startEffectConsumer(bus: Bus, opts?: { retry?: RetryPolicy; prefetch?: number; extra?: ConsumerHandler[]; type?: string }): Promise<void>;
  effectCount(): Promise<number>;
  tally(expectedIds: Iterable<string>): Promise<Tally>;
  /** Outbox rows not published yet. */
  unpublished(): Promise<number>;
  /** Messages ready in a queue of the scenario (main queue by default). */
  queueDepth(queue?: string): Promise<number>;
  /**
   * Absence proved by a later marker instead of a sleep: sends a marker event through the queue's `.retry`
   * queue and waits until its effect is applied and every delivery in `deliveries` has settled. Per-message
   * TTLs expire in queue order, so the marker comes back after every retry queued before it, and after
   * everything ready in the main queue by then: once it is applied, no redelivery or retry that was on its
   * way can still arrive. Resolves with the marker's id (an expected effect).
   */
  settle(deliveries?: DeliveryRecord[], timeoutMs?: number): Promise<string>;
  /** Resolves once PostgreSQL has closed every connection of the scenario's fixture processes (after a kill, their open transactions are rolled back). */
  fixtureConnectionsGone(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function createScenario(label: string): Promise<Scenario> {
  await requireInfrastructure();
  const namespace = uniqueNamespace(label);
  const exchange = `${namespace}events`;
  const queue = `${namespace}consumer`;
  const producerSchema = `${namespace}producer`;
  const consumerSchema = `${namespace}consumer`;
  const log = createLogger(label, process.env.LOG_LEVEL ?? 'silent');
  const producerDb = createDb({ url: TEST_DATABASE_URL, schema: producerSchema, poolMax: 2 });
  const consumerDb = createDb({ url: TEST_DATABASE_URL, schema: consumerSchema, poolMax: 4 });
  await migrate(producerDb, producerSchema, []);
  await migrate(consumerDb, consumerSchema, [effectsMigration]);
  const buses: AmqpBus[] = [];
  const relays: Relay[] = [];
  // Fixture processes connect under this name, so the test can see when PostgreSQL has let go of them.
  const fixtureApp = `${namespace}fixture`;
  const fixtureDatabaseUrl = new URL(TEST_DATABASE_URL);
  fixtureDatabaseUrl.searchParams.set('application_name', fixtureApp);

  return {
    namespace,
    exchange,
    queue,
    producerSchema,
    consumerSchema,
    producerDb,
    consumerDb,
    log,
    fixtureEnv: {
      DATABASE_URL: fixtureDatabaseUrl.toString(),
      AMQP_URL: TEST_AMQP_URL,
      EXCHANGE: exchange,
      QUEUE: queue,
      PRODUCER_SCHEMA: producerSchema,
      CONSUMER_SCHEMA: consumerSchema,
      LOG_LEVEL: 'warn',
    },
    newBus(name) {
      const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log: log.child({ bus: name }), connectionName: `${namespace}${name}` });
      buses.push(bus);
      return bus;
    },
    async writeEvents(count, { perTransaction = 5, pauseMs = 0, type, onCommitted } = {}) {
      const ids: string[] = [];
      for (let n = 0; n < count; ) {
        const batch = Array.from({ length: Math.min(perTransaction, count - n) }, (_, i) => tick(n + i, type));
        await producerDb.transaction((trx) => addToOutbox(trx, producerSchema, ...batch));
        ids.push(...batch.map((e) => e.id));
        n += batch.length;
        await onCommitted?.(n);
        if (pauseMs) await sleep(pauseMs);
      }
      return ids;
    },
    startRelay(bus, opts = {}) {
      const relay = startRelay({ db: producerDb, databaseUrl: TEST_DATABASE_URL, schema: producerSchema, bus, log, ...opts });
      relays.push(relay);
      return relay;
    },
    async startEffectConsumer(bus, { retry, prefetch, extra = [], type = 'reliability.tick' } = {}) {
      const effect: ConsumerHandler = { type, handle: (event, trx) => applyEffect(trx, event) };
      await startConsumer({ db: consumerDb, bus, queue, log, retry, prefetch, handlers: [effect, ...extra] });
    },
    async effectCount() {
      const [{ n }] = await consumerDb('effects').count({ n: '*' });
      return Number(n);
    },
    async tally(expectedIds) {
      const expected = new Set(expectedIds);
      const rows: Array<{ event_id: string; applied: number }> = await consumerDb('effects').select('event_id', 'applied');
      const seen = new Set(rows.map((r) => r.event_id));
      return {
        expected: expected.size,
        applied: rows.length,
        lost: [...expected].filter((id) => !seen.has(id)),
        duplicated: rows.filter((r) => r.applied > 1).map((r) => r.event_id),
        unexpected: rows.filter((r) => !expected.has(r.event_id)).map((r) => r.event_id),
      };
    },
    async unpublished() {
      const [{ n }] = await producerDb('outbox').whereNull('published_at').count({ n: '*' });
      return Number(n);
    },
    async queueDepth(name = queue) {
      const conn = await amqp.connect(TEST_AMQP_URL);
      conn.on('error', () => undefined);
      try {
        const ch = await conn.createChannel();
        ch.on('error', () => undefined);
        return (await ch.checkQueue(name)).messageCount;
      } finally {
        await conn.close().catch(() => undefined);
      }
    },
    async settle(deliveries = [], timeoutMs = 60_000) {
      const marker = tick(-2, 'reliability.tick');
      const conn = await amqp.connect(TEST_AMQP_URL);
      conn.on('error', () => undefined);
      try {
        const ch = await conn.createConfirmChannel();
        ch.on('error', () => undefined);
        ch.sendToQueue(`${queue}.retry`, Buffer.from(JSON.stringify(marker)), { persistent: true, messageId: marker.id, expiration: '1', contentType: 'application/cloudevents+json' });
        await ch.waitForConfirms();
      } finally {
        await conn.close().catch(() => undefined);
      }
      await eventually(async () => (await consumerDb('effects').where({ event_id: marker.id }).first()) !== undefined, timeoutMs, 50);
      await eventually(() => deliveries.every((d) => d.outcome !== undefined), timeoutMs, 50);
      return marker.id;
    },
    async fixtureConnectionsGone() {
      await eventually(async () => {
        const { rows } = await consumerDb.raw('select count(*)::int as n from pg_stat_activity where application_name = ?', [fixtureApp]);
        return rows[0].n === 0;
      }, 30_000, 50);
    },
    async cleanup() {
      const problems: unknown[] = [];
      const attempt = async (step: () => Promise<unknown>) => {
        try {
          await step();
        } catch (err) {
          problems.push(err);
        }
      };
      for (const relay of relays) await attempt(() => relay.stop());
      for (const bus of buses) await attempt(() => bus.close());
      await attempt(() => producerDb.destroy());
      await attempt(() => consumerDb.destroy());
      await attempt(() => dropScenario(namespace));
      if (problems.length) throw new AggregateError(problems, `cleanup of ${namespace} failed`);
    },
  };
}

/** Drops a scenario's schemas, queues (`consumer`, `side`) and exchange, also what fixtures declared. */
export async function dropScenario(namespace: string): Promise<void> {
  const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    for (const schema of ['producer', 'consumer']) await db.raw('drop schema if exists ?? cascade', [`${namespace}${schema}`]);
  } finally {
    await db.destroy();
  }
  await ensureBrokerRunning();
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    for (const name of ['consumer', 'side']) {
      for (const suffix of ['', '.retry', '.dlq']) await ch.deleteQueue(`${namespace}${name}${suffix}`);
    }
    await ch.deleteExchange(`${namespace}events`);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/** Publishes `events` on a connection of its own, with publisher confirms (no outbox): a canary or a load. */
export async function publishDirect(exchange: string, events: CloudEvent[]): Promise<void> {
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createConfirmChannel();
    ch.on('error', () => undefined);
    for (const event of events) {
      ch.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, contentType: 'application/cloudevents+json' });
    }
    await ch.waitForConfirms();
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/** Waits until `n` effects are applied (or fails with how many there were). */
export async function waitForEffects(scenario: Scenario, n: number, timeoutMs: number): Promise<void> {
  let last = -1;
  try {
    await eventually(async () => (last = await scenario.effectCount()) >= n, timeoutMs, 100);
  } catch {
    throw new Error(`only ${last} of ${n} effects applied within ${timeoutMs} ms (unpublished outbox rows: ${await scenario.unpublished().catch(() => '?')})`);
  }
}

/** Lines worth printing in a test's output: what happened, in numbers. */
export function report(title: string, data: Record<string, unknown>): void {
  console.log(`[reliability] ${title}: ${JSON.stringify(data)}`);
}
