import { authorize, type Caller } from '@dp/auth';
import type { IdentityContext } from '../context';
import { deleteLinkInvite as deleteLinkInviteRow } from '../data/link-invites';

/** An admin deletes an invite link (whatever the settings); false when there was no such link. */
export async function deleteLinkInvite(ctx: IdentityContext, caller: Caller, organizationId: string, inviteId: string): Promise<boolean> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return deleteLinkInviteRow(ctx.db, organizationId, inviteId);
}
