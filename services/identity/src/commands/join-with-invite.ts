import { requireUser, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { forbidden, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { findLinkInvite } from '../data/link-invites';
import { insertMember, lockMember, updateMemberRole } from '../data/members';
import { findOrganization } from '../data/organizations';
import { joinOutcome, linkInviteRefusal } from '../domain/invites';

/**
 * The caller joins an organization with one of its invite links. They are not a member yet, so knowing the
 * link's id is what authorizes them, within the organization's settings (invite links on; under SSO
 * enforcement, admin links only). A member is raised to the link's role, never lowered (domain/invites.ts).
 */
export async function joinWithInvite(ctx: IdentityContext, caller: Caller, organizationId: string, inviteId: string): Promise<void> {
  const userId = requireUser(caller);
  await ctx.db.transaction(async (trx) => {
    const invite = await findLinkInvite(trx, organizationId, inviteId);
    const org = invite && (await findOrganization(trx, organizationId));
    if (!invite || !org) throw notFound('Invite');
    const refusal = linkInviteRefusal(org, invite.role, 'join');
    if (refusal) throw forbidden(refusal);
    if (await insertMember(trx, { organization_id: organizationId, user_id: userId, role: invite.role })) {
      await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId, userId, role: invite.role }, organizationId);
      return;
    }
    const member = await lockMember(trx, organizationId, userId);
    const outcome = joinOutcome(member ? member.role : undefined, invite.role);
    if (outcome.kind !== 'raise') return;
    await updateMemberRole(trx, organizationId, userId, outcome.role);
    await ctx.emit(trx, IdentityEvents.MEMBER_UPDATED, { organizationId, userId, role: outcome.role, previousRole: outcome.previousRole }, organizationId);
  });
}
