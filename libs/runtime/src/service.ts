import { withActor } from '@dp/events';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Knex } from 'knex';
import { commonConfig, defineConfig, loadConfig, type ConfigOf, type VarSpec } from '@dp/config';
import { createDb, migrate, type Migration } from '@dp/db';
import { listenerDrops, startProcessMetrics } from '@dp/metrics';
import { closeServer, listen } from '@dp/listen';
import { createLogger, type Logger } from '@dp/log';
import { inRootSpan, startTracing, type Tracer } from '@dp/tracing';
import { createBus, startConsumer, startRelay, type AnyEventHandler, type Bus, type Relay } from '@dp/bus';
import { createServiceContext } from './context';
import { workerMetrics } from './metrics';

/**
 * How many deliveries a worker handles at once: one less than its pool holds. Each handler holds a connection for
 * its transaction, and one may briefly need another beside it (the openapi worker marks a spec in progress outside
 * its transaction); with every connection held by a handler waiting for one more, none would ever come (until the
 * pool's acquire timeout failed them all). One connection never held by a handler means each wait ends.
 */
export const handlerConcurrency = (poolMax: number): number => Math.max(1, poolMax - 1);
/** Batches the relay keeps in flight in a backlog: two where the pool leaves room for the api and handlers beside them. */
export const relayLanes = (poolMax: number): number => (poolMax >= 4 ? 2 : 1);

/** The service's migrations, and a line naming those this process applied (api and worker race; one applies). */
async function migrateSchema(db: Knex, schema: string, migrations: Migration[], log: Logger): Promise<void> {
  const applied = await migrate(db, schema, migrations, log);
  if (applied.length) log.info({ schema, applied }, `${applied.length} migration(s) applied`);
}

/** The variables every service reads, plus its port, its schema and its own. */
export function serviceConfig<E extends Record<string, VarSpec>>(context: string, port: number, extra: E) {
  return defineConfig({
    ...commonConfig,
    PORT: { kind: 'int', doc: `HTTP port of the ${context} api`, default: String(port) },
    DB_SCHEMA: { kind: 'string', doc: `PostgreSQL schema the ${context} service owns`, default: context },
    // Every service may need it: it answers the roles of a caller whose assertion is too large to carry them.
    IDENTITY_URL: {
      kind: 'url',
      doc: "Base URL of the identity api: the roles of callers in too many organizations to travel in the caller assertion (docs/adr/0022), users and organizations content and integrations ask for",
      default: 'http://127.0.0.1:8081',
    },
    ...extra,
  });
}

export type BaseConfig = ConfigOf<ReturnType<typeof serviceConfig<Record<string, never>>>>;

export interface AppDeps<C = BaseConfig> {
  db: Knex;
  config: C;
  log: Logger;
  /** The process's tracer (libs/tracing): the app's request spans; absent (an app a test builds), they only carry the trace context on. */
  tracer?: Tracer;
  /**
   * Registers what to release when the process stops (a pool of sandbox processes the app or a job
   * started), after the server or the jobs are stopped and before the database pool closes. Where nothing
   * stops (a one-off run of a job in a test), it may be absent.
   */
  onStop?(release: () => Promise<void>): void;
}

/** A scheduled job of a worker (e.g. purging deleted spaces); built from the worker's deps. */
export interface Job<C = BaseConfig> {
  name: string;
  everyMs: number;
  run(deps: AppDeps<C>): Promise<void>;
}

/** Everything the runtime needs to boot one bounded context as an api process and a worker process. */
export interface ServiceDefinition<S extends Record<string, VarSpec> = Record<string, VarSpec>> {
  context: string;
  config: S;
  migrations: Migration[];
  createApp(deps: AppDeps<ConfigOf<S>>): Express;
  /**
   * The events the worker consumes, built once per worker from its db, config and log (a handler that fetches
   * reads its limits from the config, one that reports progress writes outside the delivery's transaction).
   */
  handlers(deps: AppDeps<ConfigOf<S>>): AnyEventHandler[];
  /** Runs in the api process after the migrations, before it listens (e.g. identity records the staff token). */
  prepare?(deps: AppDeps<ConfigOf<S>>): Promise<void>;
  /** Scheduled jobs the worker runs, built from its deps (a method, as the others: a definition of any config is a ServiceDefinition). */
  jobs?(deps: AppDeps<ConfigOf<S>>): Job<ConfigOf<S>>[];
}

export interface RunningApi {
  url: string;
  server: Server;
  /** The express app it serves, for tests that read its routes (e.g. the generated bad-input test). */
  app: Express;
  db: Knex;
  stop(): Promise<void>;
}

/** api process: load config -> db -> migrate -> createApp -> listen. */
export async function startApi<S extends Record<string, VarSpec>>(def: ServiceDefinition<S>, env: NodeJS.ProcessEnv = process.env): Promise<RunningApi> {
  const config = loadConfig(def.config, env) as ConfigOf<S> & BaseConfig;
  const log = createLogger(`${def.context}-api`, config.LOG_LEVEL);
  const tracing = await startTracing(`${def.context}-api`, { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const db = createDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, idleMs: config.DB_POOL_IDLE_MS, log });
  const releases = new Releases(log);
  // Registered first, so released last: the spans of everything stopped before it are still exported.
  releases.add(tracing.stop);
  try {
    await migrateSchema(db, config.DB_SCHEMA, def.migrations, log);
    // Its pool's gauges and, when METRICS_PORT is set, the /metrics endpoint (libs/metrics, docs/adr/0047).
    releases.add((await startProcessMetrics({ process: `${def.context}-api`, port: config.METRICS_PORT, host: config.HOST, limits: config, db, log })).stop);
    await def.prepare?.({ db, config, log });
    const app = def.createApp({ db, config, log, tracer: tracing.tracer, onStop: releases.add });
    // On HOST (loopback unless told), with the listener limits; connections past the cap counted (docs/adr/0062).
    const server = await listen(app, config.PORT, config.HOST, config, listenerDrops(`${def.context}-api`, log));
    const port = (server.address() as { port: number }).port;
    log.info({ port, schema: config.DB_SCHEMA }, `${def.context} api listening`);
    return {
      url: `http://127.0.0.1:${port}`,
      server,
      app,
      db,
      async stop() {
        await closeServer(server);
        await releases.run();
        await db.destroy();
      },
    };
  } catch (err) {
    await releases.run();
    await db.destroy();
    throw err;
  }
}

/** What a process releases when it stops, last registered first; a failure is logged, the rest still run. */
class Releases {
  private readonly list: Array<() => Promise<void>> = [];
  constructor(private readonly log: Logger) {}
  readonly add = (release: () => Promise<void>): void => void this.list.push(release);
  async run(): Promise<void> {
    for (const release of this.list.splice(0).reverse()) await release().catch((err) => this.log.error({ err }, 'release at stop failed'));
  }
}

export interface RunningWorker {
  relay: Relay;
  bus: Bus;
  db: Knex;
  stop(): Promise<void>;
}

/** worker process: outbox relay + this context's queue consumer + its scheduled jobs. */
export async function startWorker<S extends Record<string, VarSpec>>(
  def: ServiceDefinition<S>,
  env: NodeJS.ProcessEnv = process.env,
  /**
   * `bus`: a transport shared with other workers of this process (the in-process bus). `db`: the pool of this
   * context's api when both run in one process (the local stack), so that a context holds one pool, not two;
   * the api owns it and closes it.
   */
  opts: { bus?: Bus; db?: Knex } = {},
): Promise<RunningWorker> {
  const config = loadConfig(def.config, env) as ConfigOf<S> & BaseConfig;
  const log = createLogger(`${def.context}-worker`, config.LOG_LEVEL);
  const tracing = await startTracing(`${def.context}-worker`, { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const db = opts.db ?? createDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, idleMs: config.DB_POOL_IDLE_MS, log });
  const ownsDb = !opts.db;
  await migrateSchema(db, config.DB_SCHEMA, def.migrations, log);
  const bus = opts.bus ?? createBus({ url: config.AMQP_URL, exchange: config.AMQP_EXCHANGE, log, connectionName: `${def.context}-worker` });
  const ownsBus = !opts.bus;
  const relay = startRelay({ db, databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, bus, log, lanes: relayLanes(config.DB_POOL_MAX) });
  const releases = new Releases(log);
  releases.add(tracing.stop);
  const handlers = def.handlers({ db, config, log, onStop: releases.add });
  releases.add((await startProcessMetrics(workerMetrics(def.context, config, { db, ownsDb, bus, log, consumes: handlers.length > 0 }))).stop);
  if (handlers.length) {
    const { emit } = createServiceContext(def.context, { db, config, log });
    await startConsumer({ db, bus, queue: `${config.QUEUE_PREFIX}${def.context}`, handlers, log, emit, tracer: tracing.tracer, prefetch: handlerConcurrency(config.DB_POOL_MAX) });
  }
  const jobs = def.jobs?.({ db, config, log, onStop: releases.add }) ?? [];
  const timers = jobs.map((job) => {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      // Each run its own trace (libs/tracing): the events it emits and the calls it makes are followed under it.
      // What it emits is the system's doing (docs/adr/0095).
      inRootSpan(tracing.tracer, `job ${job.name}`, () => withActor({ type: 'system', id: `job:${job.name}`, source: 'workflow' }, () => job.run({ db, config, log })))
        .catch((err) => log.error({ err, job: job.name }, 'scheduled job failed'))
        .finally(() => (busy = false));
    }, job.everyMs);
  });
  log.info({ handlers: handlers.map((h) => h.type), jobs: jobs.map((j) => j.name) }, `${def.context} worker started`);
  return {
    relay,
    bus,
    db,
    async stop() {
      timers.forEach(clearInterval);
      await releases.run();
      await relay.stop();
      if (ownsBus) await bus.close();
      if (ownsDb) await db.destroy();
    },
  };
}

