import type { Knex } from 'knex';

/** Local copy of an identity organization: what integrations show of an integration's owner. */
export interface OrganizationRow {
  id: string;
  title: string;
  /** Null while only an update event was heard of; set by the created event or an identity read. */
  created_at: Date | string | null;
  title_at: Date | string;
}

export const findOrganization = (db: Knex, id: string) => db<OrganizationRow>('organizations').where({ id }).first();

/**
 * Inserts or refreshes the copy. The title is taken only from a fact at least as recent as the stored one,
 * so events delivered out of order (a retry, a late created event) never bring an old title back; the
 * creation time is kept once known (`least` ignores nulls).
 */
export async function upsertOrganization(db: Knex, row: { id: string; title: string; created_at: Date | string | null; title_at: Date | string }): Promise<void> {
  await db('organizations')
    .insert(row)
    .onConflict('id')
    .merge({
      title: db.raw('case when excluded.title_at >= organizations.title_at then excluded.title else organizations.title end'),
      title_at: db.raw('greatest(organizations.title_at, excluded.title_at)'),
      created_at: db.raw('least(organizations.created_at, excluded.created_at)'),
    });
}
