import type { Knex } from 'knex';

/** A pending link: what an identity provider asserted for an existing account, until its owner confirms it. */
export interface SamlLinkCodeRow {
  code_hash: string;
  provider_id: string;
  email: string;
  name_id: string;
}

export async function insertSamlLinkCode(db: Knex, row: SamlLinkCodeRow & { ttlMs: number }): Promise<void> {
  const { ttlMs, ...code } = row;
  await db('saml_link_codes').insert({ ...code, expires_at: db.raw(`now() + (? * interval '1 millisecond')`, [ttlMs]) });
}

/** The code with this hash if it can still be confirmed (not used, not expired), locked until the transaction ends. */
export const lockOpenSamlLinkCode = (trx: Knex.Transaction, codeHash: string): Promise<SamlLinkCodeRow | undefined> =>
  trx<SamlLinkCodeRow>('saml_link_codes')
    .where({ code_hash: codeHash })
    .whereNull('consumed_at')
    .where('expires_at', '>', trx.fn.now())
    .forUpdate()
    .first('code_hash', 'provider_id', 'email', 'name_id');

export const consumeSamlLinkCode = (trx: Knex.Transaction, codeHash: string) =>
  trx('saml_link_codes').where({ code_hash: codeHash }).update({ consumed_at: trx.fn.now() });

/** Removes a bounded batch of codes expired for a day or more (run as codes are issued, so the table stays small). */
export async function purgeExpiredSamlLinkCodes(db: Knex, batch = 100): Promise<void> {
  await db('saml_link_codes')
    .whereIn('code_hash', db('saml_link_codes').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).select('code_hash').limit(batch))
    .delete();
}
