import { authorize, requireUser, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { forbidden, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { findUsersByEmails } from '../data/users';
import { insertMember } from '../data/members';
import { upsertInvite } from '../data/invites';
import { findOrganization } from '../data/organizations';
import { admittedWithoutSso, defaultInviteRole, planEmailInvites } from '../domain/invites';
import type { InviteUsersBody } from '../schemas/invites';

/** How many refused emails a message names before it says how many more there are. */
const NAMED = 5;

/**
 * Users who already have an account become members at once (returned in `users`); the others get a pending
 * invite, accepted when their account is created. Plain emails get the body's `role`, else the organization's
 * `defaultRole` (null: guests); `sso` marks them SSO members. Under SSO enforcement only admins are invited by
 * email, and a request naming anyone else is refused whole (nothing is created).
 */
export async function inviteMembers(ctx: IdentityContext, caller: Caller, organizationId: string, input: InviteUsersBody): Promise<{ users: string[]; invited: number }> {
  authorize(caller, organizationId, 'admin', 'Organization');
  const invitedBy = requireUser(caller);
  const sso = input.sso ?? false;
  return ctx.db.transaction(async (trx) => {
    const org = await findOrganization(trx, organizationId);
    if (!org) throw notFound('Organization');
    const wanted = planEmailInvites(input.emails, defaultInviteRole(input.role, org.default_role));
    const refused = [...wanted].filter(([, role]) => !admittedWithoutSso(org.sso, role)).map(([email]) => email);
    if (refused.length) {
      const more = refused.length > NAMED ? ` and ${refused.length - NAMED} more` : '';
      throw forbidden(`This organization enforces SSO: only admins are invited by email; ${refused.slice(0, NAMED).join(', ')}${more} must join through its identity provider`);
    }
    const existing = await findUsersByEmails(trx, [...wanted.keys()]);
    const added: string[] = [];
    for (const user of existing) {
      const email = user.email.toLowerCase();
      const role = wanted.get(email) ?? null;
      wanted.delete(email);
      if (await insertMember(trx, { organization_id: organizationId, user_id: user.id, role, sso })) {
        added.push(user.id);
        await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId, userId: user.id, role, ...(sso ? { sso } : {}) }, organizationId);
      }
    }
    for (const [email, role] of wanted) await upsertInvite(trx, { organization_id: organizationId, email, role, sso, invited_by: invitedBy });
    return { users: added, invited: added.length };
  });
}
