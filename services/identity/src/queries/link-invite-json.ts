import { authorize, can, roleIn, type Caller } from '@dp/auth';
import { notFound, presentPage, type ListParams } from '@dp/http';
import type { IdentityContext } from '../context';
import { findLinkInvite, listLinkInvites } from '../data/link-invites';
import { findMember } from '../data/members';
import { findOrganization } from '../data/organizations';
import { linkInviteRefusal, roleCovers } from '../domain/invites';
import { presentLinkInvite } from '../presenters/link-invite';

/** The organization's invite links, for its admins (also while links are turned off, so they can be cleaned up). */
export async function linkInvitesPage(ctx: IdentityContext, caller: Caller, organizationId: string, params: ListParams) {
  const role = authorize(caller, organizationId, 'admin', 'Organization');
  const page = await listLinkInvites(ctx.db, organizationId, params);
  return presentPage(page, (invite) => presentLinkInvite(invite, roleCovers(role, invite.role)));
}

/**
 * One invite link: admins always see it; anyone else who knows its id sees it while it can be joined (what a
 * join page shows: the role, and whether joining would change anything for them), 404 otherwise.
 */
export async function linkInviteJson(ctx: IdentityContext, caller: Caller, organizationId: string, inviteId: string) {
  const invite = await findLinkInvite(ctx.db, organizationId, inviteId);
  if (!invite) throw notFound('Invite');
  const callerRole = roleIn(caller, organizationId);
  if (!can(callerRole, 'admin')) {
    const org = await findOrganization(ctx.db, organizationId);
    if (!org || linkInviteRefusal(org, invite.role, 'join')) throw notFound('Invite');
  }
  // Guests hold no role in the caller's assertion: their membership is read from the table.
  const member = callerRole ?? (caller.userId ? (await findMember(ctx.db, organizationId, caller.userId))?.role : undefined);
  return presentLinkInvite(invite, roleCovers(member, invite.role));
}
