import { newId, isUniqueViolation } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { IdentityContext } from '../context';
import { findUserByEmail, insertUser, type UserRow } from '../data/users';
import { insertApiToken } from '../data/api-tokens';
import { takeInvitesForEmail } from '../data/invites';
import { insertMember } from '../data/members';
import { hashApiToken } from '@dp/auth';
import { newApiToken } from '../domain/tokens';
import type { CreateUserBody } from '../schemas/admin';

/** Staff creates a user and their first API token; invites pending for the email are accepted at once. */
export async function createUser(ctx: IdentityContext, input: CreateUserBody): Promise<{ user: UserRow; token: string }> {
  return ctx.db.transaction(async (trx) => {
    if (await findUserByEmail(trx, input.email)) throw conflict(`A user with email ${input.email} already exists`);
    const user = await insertUser(trx, { id: newId(), email: input.email, display_name: input.displayName });
    const token = newApiToken();
    await insertApiToken(trx, { id: newId(), user_id: user.id, token_hash: hashApiToken(token) });
    await ctx.emit(trx, IdentityEvents.USER_CREATED, { userId: user.id, email: user.email, displayName: user.display_name }, user.id);
    for (const invite of await takeInvitesForEmail(trx, user.email)) {
      if (await insertMember(trx, { organization_id: invite.organization_id, user_id: user.id, role: invite.role, sso: invite.sso })) {
        await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId: invite.organization_id, userId: user.id, role: invite.role }, invite.organization_id);
      }
    }
    return { user, token };
  }).catch((err) => {
    if (isUniqueViolation(err)) throw conflict(`A user with email ${input.email} already exists`);
    throw err;
  });
}
