import { authorize, requireUser, type Caller, type Role } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import type { IdentityContext } from '../context';
import { findUsersByEmails } from '../data/users';
import { insertMember } from '../data/members';
import { upsertInvite } from '../data/invites';
import { normalizeInvites } from '../domain/membership';

/**
 * Users who already have an account become members at once (returned in `users`); the others get a pending
 * invite, accepted when staff creates their account.
 */
export async function inviteMembers(
  ctx: IdentityContext,
  caller: Caller,
  organizationId: string,
  input: { emails: Array<string | { email: string; role: Role }>; role?: Role },
): Promise<{ users: string[]; invited: number }> {
  authorize(caller, organizationId, 'admin', 'Organization');
  const invitedBy = requireUser(caller);
  const wanted = normalizeInvites(input.emails, input.role ?? 'read');
  return ctx.db.transaction(async (trx) => {
    const existing = await findUsersByEmails(trx, [...wanted.keys()]);
    const added: string[] = [];
    for (const user of existing) {
      const role = wanted.get(user.email.toLowerCase())!;
      wanted.delete(user.email.toLowerCase());
      if (await insertMember(trx, { organization_id: organizationId, user_id: user.id, role })) {
        added.push(user.id);
        await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId, userId: user.id, role }, organizationId);
      }
    }
    for (const [email, role] of wanted) await upsertInvite(trx, { organization_id: organizationId, email, role, invited_by: invitedBy });
    return { users: added, invited: added.length };
  });
}
