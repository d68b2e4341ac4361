import type { Knex } from 'knex';

/** Records the staff token's hash under `name` (one row per staff token), replacing an earlier one. */
export async function saveStaffTokenHash(db: Knex, name: string, tokenHash: string): Promise<void> {
  await db.raw(
    `insert into staff_tokens (name, token_hash) values (?, ?)
     on conflict (name) do update set token_hash = excluded.token_hash, updated_at = now()
     where staff_tokens.token_hash is distinct from excluded.token_hash`,
    [name, tokenHash],
  );
}
