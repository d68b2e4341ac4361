import type { Knex } from 'knex';

export async function insertApiToken(db: Knex, row: { id: string; user_id: string; token_hash: string }): Promise<void> {
  await db('api_tokens').insert(row);
}

/** The user a live token belongs to, with their roles in every organization, in one query. */
export async function findPrincipalByTokenHash(db: Knex, tokenHash: string): Promise<{ userId: string; memberships: Record<string, string> } | undefined> {
  const row = await db('api_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .where('t.token_hash', tokenHash)
    .whereNull('t.revoked_at')
    .select(
      'u.id as user_id',
      db.raw(
        `coalesce((select json_object_agg(m.organization_id, m.role) from members m where m.user_id = u.id and not m.disabled), '{}'::json) as memberships`,
      ),
    )
    .first();
  return row ? { userId: row.user_id, memberships: row.memberships } : undefined;
}
