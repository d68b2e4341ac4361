import type { Knex } from 'knex';
import type { Bus } from '@dp/bus';
import { outboxBacklog } from '@dp/db';
import type { Logger } from '@dp/log';
import type { ProcessMetricsOptions } from '@dp/metrics';
import type { BaseConfig } from './service';

/**
 * What a worker reports at each scrape (docs/adr/0047): its outbox (the relay's backlog), its queue's
 * dead-letter depth when it consumes, and its pool unless it shares its api's (`npm start`: the api reports it).
 */
export function workerMetrics(
  context: string,
  config: BaseConfig,
  { db, ownsDb, bus, log, consumes }: { db: Knex; ownsDb: boolean; bus: Bus; log: Logger; consumes: boolean },
): ProcessMetricsOptions {
  return {
    process: `${context}-worker`,
    port: config.METRICS_PORT,
    host: config.HOST,
    limits: config,
    log,
    db: ownsDb ? db : undefined,
    outbox: { schema: config.DB_SCHEMA, read: () => outboxBacklog(db) },
    deadLetters: consumes ? { queue: `${config.QUEUE_PREFIX}${context}`, depth: (queue) => bus.deadLetterDepth(queue) } : undefined,
  };
}
