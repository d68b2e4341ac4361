import { createBus, type Bus } from '@dp/bus';
import { loadConfig } from '@dp/config';
import { createDb, migrate } from '@dp/db';
import { closeServer, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { listenerDrops, startProcessMetrics } from '@dp/metrics';
import { startTracing } from '@dp/tracing';
import type { Knex } from 'knex';
import { migrations } from '../../migrations';
import { createPublisherApp } from './app';
import { publisherConfig } from './config';

/** How long boot waits for the bus before serving on the 1 s expiry alone (events drop sites sooner once it comes). */
const LISTEN_WAIT_MS = 5000;

/**
 * The publisher process (docs/adr/0040): config -> sites schema (migrated, as every process of the context
 * does) -> site views hearing the bus -> app -> listen. `bus`/`db`: the in-process bus and the sites pool of
 * the local stack, owned by it.
 */
export async function startPublisher(env: NodeJS.ProcessEnv = process.env, opts: { bus?: Bus; db?: Knex } = {}) {
  const config = loadConfig(publisherConfig, env);
  const log = createLogger('sites-publisher', config.LOG_LEVEL);
  // A reader's request is a server span; the content api's span for what it asks is under it (docs/adr/0048).
  const tracing = await startTracing('sites-publisher', { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const db = opts.db ?? createDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, idleMs: config.DB_POOL_IDLE_MS });
  const bus = opts.bus ?? createBus({ url: config.AMQP_URL, exchange: config.AMQP_EXCHANGE, log, connectionName: 'sites-publisher' });
  const release = async () => {
    if (!opts.bus) await bus.close();
    if (!opts.db) await db.destroy();
    await tracing.stop();
  };
  try {
    if (!opts.db) await migrate(db, config.DB_SCHEMA, migrations);
    const { handler, views, close } = createPublisherApp({ db, config, log, tracer: tracing.tracer });
    let timer: NodeJS.Timeout | undefined;
    const listening = await Promise.race([
      views.listen(bus).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LISTEN_WAIT_MS))),
    ]).finally(() => clearTimeout(timer));
    if (!listening) log.warn('message broker not reachable: sites are re-read every second until it is');
    // Its pool (unless the stack's sites pool) and, with METRICS_PORT set, /metrics (docs/adr/0047).
    const metrics = await startProcessMetrics({ process: 'sites-publisher', port: config.METRICS_PORT, host: config.HOST, limits: config, log, db: opts.db ? undefined : db });
    const server = await listen(handler, config.PORT, config.HOST, config, listenerDrops('sites-publisher', log));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info({ port, publicUrl: config.SITES_PUBLIC_URL }, 'sites publisher listening');
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      server,
      views,
      async stop() {
        await closeServer(server);
        await close();
        await metrics.stop();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
