import type { Knex } from 'knex';
import type { Caller, Role } from '@dp/auth';

interface PrincipalRow {
  user_id: string | null;
  staff: boolean;
  memberships: Record<string, Role>;
}

/**
 * Who a token (by its hash) belongs to, from identity's `principal_for_token_hash` (identity's migration
 * 20261122000003; docs/adr/0013): the one function of identity's schema the gateway may execute. A constant
 * SQL text: this runs on every request.
 */
export async function findPrincipal(db: Knex, tokenHash: string): Promise<Caller | undefined> {
  const { rows } = await db.raw<{ rows: PrincipalRow[] }>('select user_id, staff, memberships from principal_for_token_hash(?)', [tokenHash]);
  const row = rows[0];
  if (!row) return undefined;
  return row.staff ? { staff: true, memberships: {} } : { userId: row.user_id!, staff: false, memberships: row.memberships };
}
