import type { Knex } from 'knex';

/**
 * A row to insert or a patch to apply to `db<Row>('table')`: each column takes its value or SQL computing it
 * (`db.fn.now()`, `jsonb(db, value)`). It is the record type knex checks inserts and updates against, named
 * here so data functions can take one and callers need no cast to set a column from SQL.
 */
export type Writable<Row> = { [K in keyof Row]?: Row[K] | Knex.Raw<Row[K]> };

/** A jsonb column's value, sent as JSON text: pg would otherwise turn a JS array into a PostgreSQL array. */
export const jsonb = <T>(db: Knex, value: T): Knex.Raw<T> => db.raw<T>('?::jsonb', [JSON.stringify(value)]);
