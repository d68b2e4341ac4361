import knex from 'knex';
import { loadConfig, type VarSpec } from '@dp/config';
import type { EventType } from '@dp/events';
import { createLogger } from '@dp/log';
import type { ServiceDefinition } from '@dp/runtime';
import { services } from './services';

const log = createLogger('subscriptions', 'silent');

/**
 * The event types a context's worker consumes (what its queue is bound to, what its inbox records), read off
 * its handlers. They are built, never run, on a pool that never connects; the variables a service requires
 * (its secrets) play no part in which types they take, so placeholders stand in for them.
 */
export async function handledTypes(def: ServiceDefinition): Promise<EventType[]> {
  const specs: Record<string, VarSpec> = def.config;
  const placeholders = Object.fromEntries(Object.entries(specs).filter(([, spec]) => spec.required).map(([name]) => [name, 'unused: only the handler types are read']));
  const db = knex({ client: 'pg' });
  try {
    return def.handlers({ db, config: loadConfig(def.config, placeholders), log }).map((h) => h.type);
  } finally {
    await db.destroy();
  }
}

/** `handledTypes` of every context. */
export async function subscriptions(): Promise<Map<string, EventType[]>> {
  const entries: Array<[string, EventType[]]> = [];
  for (const { def } of services) entries.push([def.context, await handledTypes(def)]);
  return new Map(entries);
}
