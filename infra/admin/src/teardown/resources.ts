import { contextQueues, temporaryQueue } from '@dp/bus';
import { contextSchema, outboxChannel } from '@dp/db';

/**
 * What a stack started with a prefix (`QUEUE_PREFIX` and `DB_SCHEMA_PREFIX` both set to it, the exchange then
 * defaulting to `<prefix>docs.events`, docs/adr/0027) owns on the shared servers, by name: exactly its
 * contexts' schemas and queues, never a pattern, so a prefix that begins another (`nc_` and `nc_x_`) only
 * names its own. Pure.
 */
export interface StackResources {
  prefix: string;
  schemas: string[];
  /** Each context's queue, `.retry` and `.dlq`, and what an interrupted queue migration leaves (ADR 0050). */
  queues: string[];
  exchange: string;
  /**
   * The `LISTEN`s a running worker holds (what pg_stat_activity shows of the shared connection: its last one): its
   * relay's on its schema's outbox channel, and content's Git Sync job's on its runs' channel (docs/adr/0107).
   */
  listenQueries: string[];
}

export function stackResources(prefix: string, contexts: readonly string[]): StackResources {
  const schemas = contexts.map((context) => contextSchema(prefix, context));
  const queues = contexts.flatMap((context) => {
    const family = contextQueues(`${prefix}${context}`).map((spec) => spec.name);
    return [...family, ...family.map(temporaryQueue), `${prefix}${context}.migration-lock`];
  });
  return { prefix, schemas, queues, exchange: `${prefix}docs.events`, listenQueries: schemas.flatMap((schema) => [`listen "${outboxChannel(schema)}"`, `listen "git_sync_${schema}"`]) };
}

/**
 * Why a prefix cannot name a stack to remove: without one, the names are an unprefixed deployment's own
 * (`identity`, `docs.events`), which this command must never remove.
 */
export function prefixProblem(prefix: string): string | undefined {
  if (prefix.trim() === '') return 'a prefix is required (teardown removes a stack started with QUEUE_PREFIX and DB_SCHEMA_PREFIX, never an unprefixed deployment)';
  if (/\s/.test(prefix)) return `prefix "${prefix}" has spaces`;
  return undefined;
}
