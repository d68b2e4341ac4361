import { escapeIdentifier, type ClientBase } from 'pg';
import { loadOrder } from './order';

/** What a backup copies of a schema, read from PostgreSQL's catalog (the migrations' bookkeeping aside). */
export interface SchemaCatalog {
  /** Null when the schema has never been migrated (no knex_migrations). */
  migrations: string[] | null;
  /** Tables in load order, each with its stored (not generated) columns. */
  tables: Array<{ name: string; columns: string[] }>;
  sequences: string[];
}

const BOOKKEEPING = ['knex_migrations', 'knex_migrations_lock'];

export const qualified = (schema: string, name: string) => `${escapeIdentifier(schema)}.${escapeIdentifier(name)}`;

export async function readCatalog(client: ClientBase, schema: string): Promise<SchemaCatalog> {
  const migrated = await client.query<{ found: boolean }>(
    `select exists (select 1 from information_schema.tables where table_schema = $1 and table_name = 'knex_migrations') as found`,
    [schema],
  );
  if (!migrated.rows[0].found) return { migrations: null, tables: [], sequences: [] };
  const migrations = (await client.query<{ name: string }>(`select name from ${qualified(schema, 'knex_migrations')} order by id`)).rows.map((r) => r.name);
  // Plain and partitioned tables; a partition's rows are copied through its parent.
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> all ($2) order by c.relname`,
      [schema, BOOKKEEPING],
    )
  ).rows.map((r) => r.name);
  const columns = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = any ($2) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
    [schema, tables],
  );
  const references = await client.query<{ table: string; references: string }>(
    `select c.relname as table, p.relname as references from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = $1`,
    [schema],
  );
  const sequences = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'S' and c.relname <> 'knex_migrations_id_seq' order by c.relname`,
    [schema],
  );
  const columnsOf = (table: string) => columns.rows.filter((row) => row.table === table).map((row) => row.column);
  return {
    migrations,
    tables: loadOrder(tables, references.rows).map((name) => ({ name, columns: columnsOf(name) })),
    sequences: sequences.rows.map((r) => r.name),
  };
}

/** Tables of `schema` that hold at least one row (the migrations' bookkeeping aside). */
export async function tablesWithRows(client: ClientBase, schema: string, catalog: SchemaCatalog): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of catalog.tables) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select 1 from ${qualified(schema, name)}) as any`);
    if (rows[0].any) found.push(name);
  }
  return found;
}
