import type { Knex } from 'knex';
import type { Logger } from '@dp/log';
import type { PublisherConfig } from './config';

/** What the publisher's parts share: the sites schema (read only), its config and its log. */
export interface PublisherDeps {
  db: Knex;
  config: PublisherConfig;
  log: Logger;
}
