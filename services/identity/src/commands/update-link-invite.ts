import { authorize, type Caller } from '@dp/auth';
import { forbidden, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { updateLinkInviteRole, type LinkInviteRow } from '../data/link-invites';
import { findOrganization } from '../data/organizations';
import { linkInviteRefusal, type RoleOrGuest } from '../domain/invites';

/** An admin changes the role an invite link gives (also while links are turned off; SSO enforcement still applies). */
export async function updateLinkInvite(ctx: IdentityContext, caller: Caller, organizationId: string, inviteId: string, role: RoleOrGuest): Promise<LinkInviteRow> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    const org = await findOrganization(trx, organizationId);
    if (!org) throw notFound('Organization');
    const refusal = linkInviteRefusal(org, role, 'update');
    if (refusal) throw forbidden(refusal);
    const invite = await updateLinkInviteRole(trx, organizationId, inviteId, role);
    if (!invite) throw notFound('Invite');
    return invite;
  });
}
