import type { Knex } from 'knex';
import { outboxInboxMigrations } from './outbox-inbox-migrations';

/** Where migrations say what they did (a service's logger; the admin CLI's standard error). */
export interface MigrationLog {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface Migration {
  /** `YYYYMMDDHHMMSS_<verb>_<thing>` */
  name: string;
  up(db: Knex, log?: MigrationLog): Promise<void>;
}

/**
 * Runs the shared outbox/inbox migrations and then the service's own, forward-only, recorded in
 * `<schema>.knex_migrations` (knex's table, so schemas migrated by earlier versions carry on). One transaction on
 * one connection: its advisory lock serialises processes booting together (api and worker, replicas), a failed
 * migration leaves nothing half-applied, and a pool of one connection can migrate (docs/adr/0071). The DDL itself
 * is idempotent (`if not exists`), so running twice changes nothing. A data migration says what it did to `log`.
 */
export async function migrate(db: Knex, schema: string, migrations: Migration[], log?: MigrationLog, upTo?: { only: string[] }): Promise<string[]> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`migrate:${schema}`]);
    await trx.raw('create schema if not exists ??', [schema]);
    await trx.raw('create table if not exists ??.knex_migrations (id serial primary key, name varchar(255), batch integer, migration_time timestamptz)', [schema]);
    const table = () => trx.withSchema(schema).table('knex_migrations');
    const rows: Array<{ name: string; batch: number | null }> = await table().select('name', 'batch');
    const done = new Set(rows.map((r) => r.name));
    // `upTo`: only these (a restore brings a schema to its backup's level first, docs/adr/0110).
    const pending = withSharedMigrations(migrations).filter((m) => !done.has(m.name) && (!upTo || upTo.only.includes(m.name)));
    const batch = Math.max(0, ...rows.map((r) => r.batch ?? 0)) + 1;
    for (const m of pending) {
      await m.up(trx, log);
      await table().insert({ name: m.name, batch, migration_time: trx.fn.now() });
    }
    return pending.map((m) => m.name);
  });
}

/** Every migration `migrate` runs for a service's own list, in order: the shared outbox and inbox first. */
export const withSharedMigrations = (migrations: Migration[]): Migration[] => [...outboxInboxMigrations, ...migrations];

/** A migration that is one block of idempotent SQL (`create table if not exists ...`). */
export function sqlMigration(name: string, sql: string): Migration {
  return { name, up: async (db) => void (await db.raw(sql)) };
}
