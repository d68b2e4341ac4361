import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface ApiTokenRow {
  seq: string;
  id: string;
  user_id: string;
  token_hash: string;
  label: string | null;
  created_at: Date;
  /** Null: never expires. */
  expires_at: Date | null;
  revoked_at: Date | null;
  /** Who revoked it: the owner's or another user's id; null with `revoked_at` set when staff did. */
  revoked_by: string | null;
}

/** Every column but the hash: what is read back and listed (the hash identifies the token to the gateway only). */
const LISTED = ['seq', 'id', 'user_id', 'label', 'created_at', 'expires_at', 'revoked_at', 'revoked_by'] as const;
export type ListedApiToken = Omit<ApiTokenRow, 'token_hash'>;

/** Records a new token by its hash; `label` and `expires_at` are optional (createUser sets neither, a SAML sign-in both). */
export async function insertApiToken(
  db: Knex,
  row: { id: string; user_id: string; token_hash: string; label?: string | null; expires_at?: Date | null },
): Promise<ListedApiToken> {
  const [token] = await db('api_tokens').insert(row).returning([...LISTED]);
  return token;
}

/** A user's tokens, revoked and expired ones included, oldest first. */
export function listApiTokensOfUser(db: Knex, userId: string, params: ListParams) {
  return paginate<ListedApiToken>(db('api_tokens').where({ user_id: userId }).select(...LISTED), params);
}

/** Tokens of `userId` that still work, counted with the user's row locked so that concurrent creations count each other. */
export async function countLiveTokensForUpdate(trx: Knex.Transaction, userId: string): Promise<number> {
  await trx('users').where({ id: userId }).forUpdate().first('id');
  const [{ count }] = await trx('api_tokens')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
    .count<{ count: string }[]>({ count: '*' });
  return Number(count);
}

/**
 * Revokes a token that is not revoked yet, optionally only if `ownerId` owns it. Returns the owner of the token
 * revoked, or undefined when nothing was (unknown, someone else's, or revoked already).
 */
export async function revokeApiToken(db: Knex, tokenId: string, revokedBy: string | null, ownerId?: string): Promise<{ user_id: string } | undefined> {
  const query = db('api_tokens').where({ id: tokenId }).whereNull('revoked_at');
  if (ownerId !== undefined) query.where({ user_id: ownerId });
  const [revoked] = await query.update({ revoked_at: db.fn.now(), revoked_by: revokedBy }).returning(['user_id']);
  return revoked;
}

/** Tokens with their owner's email, oldest first: everyone's, or one user's (the admin CLI's `tokens list`). */
export function listApiTokensWithOwners(db: Knex, filter: { userId?: string }, params: ListParams) {
  const query = db('api_tokens')
    .join('users', 'users.id', 'api_tokens.user_id')
    .select(...LISTED.map((column) => `api_tokens.${column}`), 'users.email');
  if (filter.userId) query.where('api_tokens.user_id', filter.userId);
  return paginate<ListedApiToken & { email: string }>(query, params, { key: 'api_tokens.seq' });
}
