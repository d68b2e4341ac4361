import { IdentityEvents } from '@dp/events';
import type { IdentityContext } from '../context';
import { revokeApiToken } from '../data/api-tokens';

/**
 * Revokes a token. Its owner revokes their own (`ownerId` set: another user's token is treated as unknown, so
 * its id reveals nothing); staff revoke any (`revokedBy` null for the staff token, which names no user). The
 * event, in the same transaction, makes every gateway forget the owner's cached principals, so the token is
 * refused on its next request. Returns false when nothing was revoked (unknown, someone else's, revoked already).
 */
export async function revokeToken(ctx: IdentityContext, tokenId: string, by: { revokedBy: string | null; ownerId?: string }): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const revoked = await revokeApiToken(trx, tokenId, by.revokedBy, by.ownerId);
    if (!revoked) return false;
    await ctx.emit(trx, IdentityEvents.TOKEN_REVOKED, { tokenId, userId: revoked.user_id, revokedBy: by.revokedBy }, revoked.user_id);
    return true;
  });
}
