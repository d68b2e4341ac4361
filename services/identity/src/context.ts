import type { Knex } from 'knex';
import { addToOutbox } from '@dp/db';
import { createEvent } from '@dp/events';
import type { Links } from '@dp/http';
import type { Logger } from '@dp/log';
import type { IdentityConfig } from './config';

/** What commands and routers of this context share; built once in createApp. */
export interface IdentityContext {
  db: Knex;
  config: IdentityConfig;
  links: Links;
  log: Logger;
  /** Adds catalogued events to the outbox in the caller's transaction. */
  emit(trx: Knex.Transaction, type: string, data: unknown, subject?: string): Promise<void>;
}

export function makeEmitter(schema: string) {
  return (trx: Knex.Transaction, type: string, data: unknown, subject?: string) =>
    addToOutbox(trx, schema, createEvent(type, data, { source: '/identity', subject }));
}
