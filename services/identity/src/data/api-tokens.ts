import type { Knex } from 'knex';

export async function insertApiToken(db: Knex, row: { id: string; user_id: string; token_hash: string }): Promise<void> {
  await db('api_tokens').insert(row);
}
