import knex, { type Knex } from 'knex';
import type { Logger } from '@dp/log';

export type Db = Knex;

export interface DbOptions {
  url: string;
  /** The one schema this service owns; every unqualified table name resolves to it. */
  schema: string;
  poolMax?: number;
  /** Closes a connection unused this long (tarn's default, 30 s, unless set). */
  idleMs?: number;
  /** Where knex's own warnings go (a connection of the pool that failed, ...); unset: knex prints them on the console. */
  log?: Pick<Logger, 'warn' | 'error' | 'debug'>;
}

/** knex bound to one schema through the connection's search_path. */
export function createDb({ url, schema, poolMax = 10, idleMs = 30_000, log }: DbOptions): Db {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  return knex({
    client: 'pg',
    connection: url,
    searchPath: [schema],
    pool: { min: 0, max: poolMax, idleTimeoutMillis: idleMs },
    acquireConnectionTimeout: 10_000,
    // As the service's lines (JSON, its level, quiet when a stop was asked for: @dp/log), not bare console text.
    ...(log ? { log: { warn: (message: unknown) => log.warn(String(message)), error: (message: unknown) => log.error(String(message)), debug: (message: unknown) => log.debug(String(message)) } } : {}),
  });
}

/** True when PostgreSQL answers at `url` within `timeoutMs`. */
export async function databaseAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  return (await databaseConnectError(url, timeoutMs)) === undefined;
}

/** Why PostgreSQL at `url` cannot be used (the driver's error, for the caller to explain), or undefined when it answers. */
export async function databaseConnectError(url: string, timeoutMs = 1500): Promise<unknown> {
  const { Client } = await import('pg');
  let client: InstanceType<typeof Client> | undefined;
  try {
    // Inside the try: a string the driver cannot parse throws here.
    client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    // A server that goes away after the handshake reports it on the client: said by connect/query instead.
    client.on('error', () => undefined);
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return err;
  } finally {
    await client?.end().catch(() => undefined);
  }
}
