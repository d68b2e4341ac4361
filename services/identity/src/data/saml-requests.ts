import type { Knex } from 'knex';

/**
 * The AuthnRequests we issued, in PostgreSQL so that whichever identity process receives the identity
 * provider's answer can check its InResponseTo, and so that each is consumed once.
 */
export async function insertSamlRequest(db: Knex, row: { id: string; provider_id: string; relay_state: string; ttlMs: number }): Promise<{ created_at: Date }> {
  const [saved] = await db('saml_requests')
    .insert({ id: row.id, provider_id: row.provider_id, relay_state: row.relay_state, expires_at: db.raw(`now() + (? * interval '1 millisecond')`, [row.ttlMs]) })
    .returning<Array<{ created_at: Date }>>(['created_at']);
  return saved;
}

/** When the request was issued, if it was issued for this provider and can still be answered (not consumed, not expired). */
export async function findOpenSamlRequest(db: Knex, id: string, providerId: string): Promise<{ created_at: Date } | undefined> {
  return db('saml_requests')
    .where({ id, provider_id: providerId })
    .whereNull('consumed_at')
    .where('expires_at', '>', db.fn.now())
    .first<{ created_at: Date } | undefined>('created_at');
}

/**
 * Marks the request answered, if it still can be: one statement, so of two concurrent answers (a replay) exactly
 * one gets the row; the other waits for it, then finds it consumed. Returns the RelayState it was issued with.
 */
export async function consumeSamlRequest(trx: Knex.Transaction, id: string, providerId: string): Promise<{ relay_state: string | null } | undefined> {
  const [consumed] = await trx('saml_requests')
    .where({ id, provider_id: providerId })
    .whereNull('consumed_at')
    .where('expires_at', '>', trx.fn.now())
    .update({ consumed_at: trx.fn.now() })
    .returning<Array<{ relay_state: string | null }>>(['relay_state']);
  return consumed;
}

/**
 * Removes a bounded batch of requests expired for a day or more (kept a day so that a late replay is refused
 * as used rather than unknown); run as sign-ins start, so the table stays as small as the traffic.
 */
export async function purgeExpiredSamlRequests(db: Knex, batch = 100): Promise<void> {
  await db('saml_requests')
    .whereIn('id', db('saml_requests').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).select('id').limit(batch))
    .delete();
}
