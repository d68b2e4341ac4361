import type { Knex } from 'knex';

export async function insertApiToken(db: Knex, row: { id: string; user_id: string; token_hash: string }): Promise<void> {
  await db('api_tokens').insert(row);
}

/**
 * The user a live token belongs to, with their roles in every organization, in one query that PostgreSQL
 * answers from indexes alone (api_tokens.token_hash unique, members_user). No join to users: the token's
 * foreign key (on delete cascade) already guarantees the user exists. A constant SQL text, so no query
 * building per request: this runs on every request through the gateway (docs/adr/0003).
 */
const PRINCIPAL_BY_TOKEN_HASH = `
  select t.user_id,
         coalesce((select json_object_agg(m.organization_id, m.role) from members m where m.user_id = t.user_id and not m.disabled), '{}'::json) as memberships
    from api_tokens t
   where t.token_hash = ? and t.revoked_at is null`;

export async function findPrincipalByTokenHash(db: Knex, tokenHash: string): Promise<{ userId: string; memberships: Record<string, string> } | undefined> {
  const { rows } = await db.raw<{ rows: Array<{ user_id: string; memberships: Record<string, string> }> }>(PRINCIPAL_BY_TOKEN_HASH, [tokenHash]);
  const row = rows[0];
  return row ? { userId: row.user_id, memberships: row.memberships } : undefined;
}
