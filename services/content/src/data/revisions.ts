import type { Knex } from 'knex';

export async function insertRevision(db: Knex, row: { id: string; space_id: string; parents: string[]; created_by: string | null }): Promise<void> {
  await db('revisions').insert(row);
}
