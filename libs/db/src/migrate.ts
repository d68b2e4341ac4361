import type { Knex } from 'knex';
import { outboxInboxMigrations } from './outbox-inbox-migrations';

export interface Migration {
  /** `YYYYMMDDHHMMSS_<verb>_<thing>` */
  name: string;
  up(db: Knex): Promise<void>;
}

/**
 * Runs the shared outbox/inbox migrations and then the service's own, forward-only, recorded in
 * `<schema>.knex_migrations`. A PostgreSQL advisory lock per schema serialises processes booting together
 * (api and worker, several replicas): knex's own lock table cannot, since creating it races too. The DDL
 * itself is idempotent (`if not exists`), so running twice changes nothing.
 */
export async function migrate(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  const conn = await db.client.acquireConnection();
  try {
    await conn.query('select pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    try {
      return await migrateLocked(db, schema, migrations);
    } finally {
      await conn.query('select pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

async function migrateLocked(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  const exists = await db.raw('select 1 from information_schema.schemata where schema_name = ?', [schema]);
  if (exists.rows.length === 0) await db.raw('create schema if not exists ??', [schema]);
  const all = [...outboxInboxMigrations, ...migrations];
  const byName = new Map(all.map((m) => [m.name, m]));
  // knex's own lock row stays set when a migrator dies mid-run (a pod killed by its probe, an OOM kill), and then
  // every later run fails "Migration table is already locked": a crash loop. Under the advisory lock no other
  // migrator runs, so a set row is always such a leftover.
  await db.migrate.forceFreeMigrationsLock({ schemaName: schema, tableName: 'knex_migrations' });
  const [, applied] = (await db.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: {
      getMigrations: async () => all.map((m) => m.name),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => ({ up: (k: Knex) => byName.get(name)!.up(k), down: async () => undefined }),
    },
  })) as [number, string[]];
  return applied;
}

/** A migration that is one block of idempotent SQL (`create table if not exists ...`). */
export function sqlMigration(name: string, sql: string): Migration {
  return { name, up: async (db) => void (await db.raw(sql)) };
}
