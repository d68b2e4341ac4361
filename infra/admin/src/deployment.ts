import type { Knex } from 'knex';
import pg from 'pg';
import amqp, { type ChannelModel } from 'amqplib';
import { DeadLetterQueues } from '@dp/bus';
import { loadConfig, redactUrl, type ConfigOf } from '@dp/config';
import { createDb } from '@dp/db';
import { identityService, type IdentityConfig, type IdentityContext } from '@dp/identity';
import { contextSchema, services } from '@dp/local';
import { createLogger } from '@dp/log';
import { createServiceContext, type ServiceDefinition } from '@dp/runtime';
import { adminConfig } from './config';
import { AdminError, reason } from './errors';

export type AdminConfig = ConfigOf<typeof adminConfig>;

/** Every bounded context, in the services' boot order. */
export const contexts = services.map(({ def }) => def.context);

// The CLI's output is its report; the services' logs (and their level, LOG_LEVEL) are not for it.
const log = createLogger('admin', 'silent');

/**
 * The deployment one run of the CLI talks to: its database and broker, reached through the services'
 * variables (read on first use, so that `--help` works with none set), opened lazily and all closed by
 * `close()` so that the process exits.
 */
export class Deployment {
  private loaded?: AdminConfig;
  private readonly dbs = new Map<string, Knex>();
  private readonly clients: pg.Client[] = [];
  private databaseCheck?: Promise<void>;
  private broker?: Promise<DeadLetterQueues>;
  private connection?: Promise<ChannelModel>;

  /** The variables of this run (the services' own: a command may load a service's configuration from them). */
  constructor(readonly env: NodeJS.ProcessEnv) {}

  get config(): AdminConfig {
    return (this.loaded ??= loadConfig(adminConfig, this.env));
  }

  definition(context: string): ServiceDefinition {
    const found = services.find(({ def }) => def.context === context);
    if (!found) throw new AdminError(`unknown context "${context}" (one of: ${contexts.join(', ')})`);
    return found.def;
  }

  /** The context's schema: `<DB_SCHEMA_PREFIX><context>` as the services default it, unless ADMIN_DB_SCHEMAS names another. */
  schemaOf(context: string): string {
    this.definition(context);
    for (const pair of this.config.ADMIN_DB_SCHEMAS) {
      const [name, schema, extra] = pair.split('=').map((s) => s.trim());
      if (!name || !schema || extra !== undefined) throw new AdminError(`ADMIN_DB_SCHEMAS: "${pair}" is not context=schema`);
      if (name === context) return schema;
    }
    return contextSchema(this.config.DB_SCHEMA_PREFIX, context);
  }

  /** The consuming queue of a context (its dead-letter queue is `<queue>.dlq`). */
  queueOf(context: string): string {
    return `${this.config.QUEUE_PREFIX}${context}`;
  }

  /** knex bound to the context's schema, once the database has answered. */
  async db(context: string): Promise<Knex> {
    return this.pool(this.schemaOf(context));
  }

  /** knex for what is outside any context's schema (the catalog, pg_stat_activity), once the database has answered. */
  catalog(): Promise<Knex> {
    return this.pool('public');
  }

  private async pool(schema: string): Promise<Knex> {
    // One check for every context, before any pool exists: a pool that cannot connect logs each failure.
    await (this.databaseCheck ??= this.checkDatabase());
    let db = this.dbs.get(schema);
    if (!db) {
      db = createDb({ url: this.config.DATABASE_URL, schema, poolMax: 2 });
      this.dbs.set(schema, db);
    }
    return db;
  }

  private async checkDatabase(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      throw new AdminError(`PostgreSQL does not answer at DATABASE_URL=${redactUrl(this.config.DATABASE_URL)}: ${reason(err)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** A connection of its own (a transaction across schemas, COPY), closed by `close()`. */
  async sqlClient(): Promise<pg.Client> {
    await (this.databaseCheck ??= this.checkDatabase());
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL, application_name: 'docs-platform-admin' });
    this.clients.push(client);
    await client.connect();
    return client;
  }

  /** identity's own context (commands, emit into its outbox), as its api builds it. */
  async identity(): Promise<IdentityContext> {
    const db = await this.db('identity');
    const config = loadConfig(identityService.config, {
      ...this.env,
      DB_SCHEMA: this.schemaOf('identity'),
      // Required by the services, which sign and verify caller assertions; the CLI does neither.
      INTERNAL_AUTH_SECRET: this.env.INTERNAL_AUTH_SECRET ?? 'unused by the admin CLI',
    });
    return createServiceContext<IdentityConfig>('identity', { db, config, log });
  }

  /** A connection to the broker of its own, closed by `close()`. */
  brokerConnection(): Promise<ChannelModel> {
    this.connection ??= amqp.connect(this.config.AMQP_URL, { timeout: 5000, clientProperties: { connection_name: 'docs-platform-admin' } }).then(
      (connection) => {
        connection.on('error', () => undefined);
        return connection;
      },
      (err: Error) => {
        throw new AdminError(`RabbitMQ does not answer at AMQP_URL=${redactUrl(this.config.AMQP_URL)}: ${reason(err)}`);
      },
    );
    return this.connection;
  }

  deadLetters(): Promise<DeadLetterQueues> {
    this.broker ??= DeadLetterQueues.connect(this.config.AMQP_URL).catch((err: Error) => {
      throw new AdminError(`RabbitMQ does not answer at AMQP_URL=${redactUrl(this.config.AMQP_URL)}: ${reason(err)}`);
    });
    return this.broker;
  }

  async close(): Promise<void> {
    const broker = this.broker;
    this.broker = undefined;
    await broker?.then((b) => b.close()).catch(() => undefined);
    const connection = this.connection;
    this.connection = undefined;
    await connection?.then((c) => c.close()).catch(() => undefined);
    await Promise.all(this.clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await Promise.all([...this.dbs.values()].map((db) => db.destroy()));
    this.dbs.clear();
  }
}
