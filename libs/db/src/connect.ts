import knex, { type Knex } from 'knex';

export type Db = Knex;

export interface DbOptions {
  url: string;
  /** The one schema this service owns; every unqualified table name resolves to it. */
  schema: string;
  poolMax?: number;
}

/** knex bound to one schema through the connection's search_path. */
export function createDb({ url, schema, poolMax = 10 }: DbOptions): Db {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  return knex({
    client: 'pg',
    connection: url,
    searchPath: [schema],
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
}

/** True when PostgreSQL answers at `url` within `timeoutMs`. */
export async function databaseAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
