import type { Knex } from 'knex';
import type { ClientBase, QueryResultRow } from 'pg';

/**
 * A named prepared statement: PostgreSQL parses and plans it once per connection, then only binds and runs
 * it. For the hot reads (every GET of a space), where planning anew costs as much as running. The name must
 * be unique per text in the process (pg refuses a name reused for another text): define each once, as a
 * module constant next to the query it replaces.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export function statement(name: string, text: string): Statement {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid statement name "${name}"`);
  return { name, text };
}

/**
 * Runs a named statement on a connection of `db`'s pool, or on the transaction's connection when `db` is a
 * transaction (knex's transaction client hands out its own connection and keeps it on release). knex has no
 * way to name a statement, so this goes to the pg client underneath; the connection keeps knex's
 * search_path, so unqualified names resolve to the schema `db` is bound to.
 */
export async function runPrepared<R extends QueryResultRow>(db: Knex, stmt: Statement, values: unknown[]): Promise<R[]> {
  const connection: ClientBase = await db.client.acquireConnection();
  try {
    const result = await connection.query<R>({ name: stmt.name, text: stmt.text, values });
    return result.rows;
  } finally {
    await db.client.releaseConnection(connection);
  }
}
