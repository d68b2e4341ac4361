import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import { addToOutbox } from '@dp/db';
import { actorAttributes, checkedEvent, type EventData, type EventType } from '@dp/events';
import { createLinks, type Links } from '@dp/http';
import type { Logger } from '@dp/log';
import { serviceClients, type ServiceClients } from './service-clients';
import type { AppDeps, BaseConfig } from './service';

/** What a context's routers, commands and handlers share; built once in createApp. */
export interface ServiceContext<C> {
  db: Knex;
  config: C;
  links: Links;
  log: Logger;
  /** Adds a catalogued event to the outbox inside `trx`: it is published if and only if `trx` commits. */
  emit: Emit;
  /** Clients of the other services this one calls on a caller's behalf, built once per app from its config. */
  services: ServiceClients<C>;
}

export function createServiceContext<C extends BaseConfig>(context: string, { db, config, log }: AppDeps<C>): ServiceContext<C> {
  return {
    db,
    config,
    log,
    links: createLinks(config),
    emit: outboxEmitter(config.DB_SCHEMA, `/${context}`),
    services: serviceClients(config),
  };
}

/** The context's `emit`: typed from the catalog for callers, checked against the schema when it runs. */
function outboxEmitter(schema: string, source: string): Emit {
  function emit<T extends EventType>(trx: Knex.Transaction, type: T, data: NoInfer<EventData<T>>, subject?: string): Promise<void>;
  // The body takes the data as a plain value: a generic body would make the compiler expand every type's data.
  function emit(trx: Knex.Transaction, type: EventType, data: unknown, subject?: string): Promise<void> {
    // The actor of the request or handling this runs in (docs/adr/0095): the audit log reads it.
    return addToOutbox(trx, schema, { ...checkedEvent(type, data, { source, subject }), ...actorAttributes() });
  }
  return emit;
}
