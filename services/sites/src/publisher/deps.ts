import type { Knex } from 'knex';
import type { Logger } from '@dp/log';
import type { Tracer } from '@dp/tracing';
import type { PublisherConfig } from './config';

/** What the publisher's parts share: the sites schema (read, and readers' insights events written), its config, its log and its tracer (absent: the global one). */
export interface PublisherDeps {
  db: Knex;
  config: PublisherConfig;
  log: Logger;
  tracer?: Tracer;
}
