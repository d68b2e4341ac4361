import type { Knex } from 'knex';
import { addToOutbox } from '@dp/db';
import { createEvent } from '@dp/events';
import { createLinks, type Links } from '@dp/http';
import type { Logger } from '@dp/log';
import type { AppDeps, BaseConfig } from './service';

/** What a context's routers, commands and handlers share; built once in createApp. */
export interface ServiceContext<C> {
  db: Knex;
  config: C;
  links: Links;
  log: Logger;
  /** Adds a catalogued event to the outbox inside `trx`: it is published if and only if `trx` commits. */
  emit(trx: Knex.Transaction, type: string, data: unknown, subject?: string): Promise<void>;
}

export function createServiceContext<C extends BaseConfig>(context: string, { db, config, log }: AppDeps<C>): ServiceContext<C> {
  return {
    db,
    config,
    log,
    links: createLinks(config),
    emit: (trx, type, data, subject) => addToOutbox(trx, config.DB_SCHEMA, createEvent(type, data, { source: `/${context}`, subject })),
  };
}
