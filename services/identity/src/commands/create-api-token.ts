import { hashApiToken } from '@dp/auth';
import { newId } from '@dp/db';
import { badRequest, conflict } from '@dp/http';
import type { IdentityContext } from '../context';
import { countLiveTokensForUpdate, insertApiToken, type ListedApiToken } from '../data/api-tokens';
import { MAX_LIVE_TOKENS_PER_USER, newApiToken, tokenExpiry } from '../domain/tokens';
import type { CreateTokenBody } from '../schemas/tokens';

/** A user mints a token of their own; the secret is returned here once and never stored (only its hash). */
export async function createApiToken(ctx: IdentityContext, userId: string, input: CreateTokenBody): Promise<{ token: ListedApiToken; secret: string }> {
  const expiry = tokenExpiry(input, new Date());
  if ('problem' in expiry) throw badRequest(expiry.problem);
  const secret = newApiToken();
  return ctx.db.transaction(async (trx) => {
    if ((await countLiveTokensForUpdate(trx, userId)) >= MAX_LIVE_TOKENS_PER_USER) {
      throw conflict(`A user may hold at most ${MAX_LIVE_TOKENS_PER_USER} live tokens: revoke one first`);
    }
    const token = await insertApiToken(trx, { id: newId(), user_id: userId, token_hash: hashApiToken(secret), label: input.label ?? null, expires_at: expiry.expiresAt });
    return { token, secret };
  });
}
