import type { LinkInviteRow } from '../data/link-invites';

/**
 * An invite link as the official InviteLinkToOrganization: `redundant` when the caller already holds at least
 * the link's role (joining would change nothing for them).
 */
export function presentLinkInvite(invite: LinkInviteRow, redundant: boolean) {
  return { object: 'invite' as const, id: invite.id, role: invite.role, redundant };
}
