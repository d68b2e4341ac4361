import type { Channel, ChannelModel } from 'amqplib';
import type { Knex } from 'knex';
import type { StackResources } from './resources';

/** What of a stack's resources exists now: the teardown removes these, and says so. */
export interface PresentResources {
  schemas: string[];
  queues: Array<{ name: string; messages: number; consumers: number }>;
  exchange: string | null;
  /** Sessions holding a relay's `LISTEN` on one of the stack's outboxes: a worker of the stack is running. */
  listeners: number;
}

/** Runs `use` on a channel of its own: a check of something missing (404) closes the channel it runs on. */
async function onChannel<T>(connection: ChannelModel, use: (channel: Channel) => Promise<T>): Promise<T | null> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    return await use(channel);
  } catch {
    return null;
  } finally {
    await channel.close().catch(() => undefined);
  }
}

export async function presentResources(db: Knex, connection: ChannelModel, resources: StackResources): Promise<PresentResources> {
  const schemas: string[] = (await db('pg_catalog.pg_namespace').whereIn('nspname', resources.schemas).pluck('nspname')).sort();
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>('select count(*)::int as n from pg_stat_activity where query = any(?)', [resources.listenQueries]);
  const queues: PresentResources['queues'] = [];
  for (const name of resources.queues) {
    const checked = await onChannel(connection, (ch) => ch.checkQueue(name));
    if (checked) queues.push({ name, messages: checked.messageCount, consumers: checked.consumerCount });
  }
  const exchange = (await onChannel(connection, (ch) => ch.checkExchange(resources.exchange))) ? resources.exchange : null;
  return { schemas, queues, exchange, listeners: rows[0].n };
}

/**
 * Why the stack counts as running, or undefined: a worker consumes its context's queue and its relay holds a
 * LISTEN on its outbox for as long as it runs (a stack on the in-process bus shows only the second).
 */
export function runningEvidence(present: PresentResources): string | undefined {
  const consumed = present.queues.filter((q) => q.consumers > 0);
  const signs = [
    ...consumed.map((q) => `queue ${q.name} has ${q.consumers} consumer${q.consumers === 1 ? '' : 's'}`),
    ...(present.listeners > 0 ? [`${present.listeners} database session${present.listeners === 1 ? '' : 's'} LISTEN on its outboxes`] : []),
  ];
  return signs.length ? signs.join(', ') : undefined;
}

export const nothingPresent = (present: PresentResources) => present.schemas.length === 0 && present.queues.length === 0 && present.exchange === null;

/** Drops what exists: schemas (with everything in them), queues (with their messages), then the exchange. */
export async function dropPresent(db: Knex, connection: ChannelModel, present: PresentResources): Promise<void> {
  for (const schema of present.schemas) await db.raw('drop schema if exists ?? cascade', [schema]);
  const channel = await connection.createChannel();
  try {
    for (const { name } of present.queues) await channel.deleteQueue(name);
    if (present.exchange) await channel.deleteExchange(present.exchange);
  } finally {
    await channel.close().catch(() => undefined);
  }
}
